//! RAGR animation groups ({F§1.8}; {E§1.1}; {D:formats/RGM.md}
//! "RAGR").
//!
//! An actor's list starts at RAHD's RAGR offset. Each entry is u16 LE fields: size (bytes
//! after this word, 0 ends the list, must be 8 + 3n), group number, anim_id (low byte =
//! per-frame countdown reload), type (low byte), n; then n three-byte commands. The next
//! entry starts at `pos + 2 + size`.
//!
//! [`check`] proves only what makes the view safe: every size word, and that each entry
//! lies inside the section. What a group *means* — its number (≤ 177), a number another
//! entry also uses, ShowFrame references and jump targets — is judged per instance when
//! its groups are installed (`crate::anim::set`): {A} "Placed-object frame sources"
//! has the loader reject a bad group for that instance, never the whole map.
//!
//! Choice where the notes are silent: a list that reaches the exact end of the section
//! without a 0 size ends there.

use super::command::{self, Command};
use super::{err, u16_at};
use crate::formats::{ErrorKind, FormatError, bytes};

internal! {
    /// Field offsets within an entry (from the size word).
    mod field {
        /// u16 bytes after this word.
        pub const SIZE: usize = 0x00;
        /// u16 group number.
        pub const GROUP: usize = 0x02;
        /// u16 anim_id; low byte = countdown reload.
        pub const ANIM_ID: usize = 0x04;
        /// u16 type; low byte used.
        pub const TYPE: usize = 0x06;
        /// u16 number of commands.
        pub const FRAMES: usize = 0x08;
        /// First command.
        pub const COMMANDS: usize = 0x0A;
    }
}

/// Size of an entry without commands, counted by the size word (group..frames).
pub const FIXED_SIZE: usize = 8;
/// Highest group number the group table has a slot for (0xB1; {D:formats/RGM.md}
/// "RAGR": "validated ≤ 0xB1 at load"). A higher number is a group no instance installs.
pub const MAX_GROUP: u16 = 177;

/// The group type (low byte of the type word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// 0: interruptible (idle, panic).
    Interruptible,
    /// 1: must complete.
    MustComplete,
    /// 2: no panic revert (ledge loops, player and pirate idle/move).
    NoPanicRevert,
    /// Any other value.
    Other(u8),
}

impl GroupKind {
    /// From the type word's low byte.
    pub const fn from_byte(b: u8) -> Self {
        match b {
            0 => GroupKind::Interruptible,
            1 => GroupKind::MustComplete,
            2 => GroupKind::NoPanicRevert,
            other => GroupKind::Other(other),
        }
    }
    /// Back to the byte.
    pub const fn byte(self) -> u8 {
        match self {
            GroupKind::Interruptible => 0,
            GroupKind::MustComplete => 1,
            GroupKind::NoPanicRevert => 2,
            GroupKind::Other(b) => b,
        }
    }
}

/// One group entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group<'a> {
    raw: &'a [u8],
    offset: usize,
}

impl<'a> Group<'a> {
    /// The group whose entry bytes are `raw`, found at `offset` of the RAGR payload (as a
    /// checked walk returned it before).
    pub(crate) fn from_raw(raw: &'a [u8], offset: usize) -> Group<'a> {
        Group { raw, offset }
    }

    /// The entry bytes from the size word to the last command.
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }
    /// Offset of the entry in the RAGR payload.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// The size word.
    pub fn size(&self) -> u16 {
        u16_at(self.raw, field::SIZE)
    }
    /// Group number.
    pub fn number(&self) -> u16 {
        u16_at(self.raw, field::GROUP)
    }
    /// The whole anim_id word.
    pub fn anim_id(&self) -> u16 {
        u16_at(self.raw, field::ANIM_ID)
    }
    /// Per-frame countdown reload: anim_id's low byte.
    pub fn countdown_reload(&self) -> u8 {
        self.anim_id() as u8
    }
    /// The whole type word.
    pub fn type_word(&self) -> u16 {
        u16_at(self.raw, field::TYPE)
    }
    /// The type (low byte).
    pub fn kind(&self) -> GroupKind {
        GroupKind::from_byte(self.type_word() as u8)
    }
    /// Number of commands.
    pub fn len(&self) -> usize {
        u16_at(self.raw, field::FRAMES) as usize
    }
    /// No commands.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The raw 24-bit word of command `i`.
    pub fn word(&self, i: usize) -> Option<u32> {
        let off = field::COMMANDS.checked_add(i.checked_mul(command::SIZE)?)?;
        (i < self.len()).then(|| bytes::u24_le(self.raw, off))?
    }
    /// Command `i`, decoded.
    pub fn command(&self, i: usize) -> Option<Command> {
        self.word(i).map(Command::decode)
    }
    /// All commands.
    pub fn commands(&self) -> impl Iterator<Item = Command> + 'a {
        let g = *self;
        (0..g.len()).filter_map(move |i| g.command(i))
    }
}

/// Iterator over one actor's groups. Built over checked data; stops at anything odd.
#[derive(Clone, Debug)]
pub struct Groups<'a> {
    ragr: &'a [u8],
    pos: usize,
}

impl<'a> Groups<'a> {
    /// The list starting at byte `start` of the RAGR payload.
    pub fn new(ragr: &'a [u8], start: usize) -> Self {
        Groups { ragr, pos: start }
    }
}

impl<'a> Iterator for Groups<'a> {
    type Item = Group<'a>;

    fn next(&mut self) -> Option<Group<'a>> {
        let size = bytes::u16_le(self.ragr, self.pos)? as usize;
        if size < FIXED_SIZE {
            // 0 ends the list; 1..7 cannot be a group (rejected by `check`).
            self.pos = self.ragr.len();
            return None;
        }
        let raw = bytes::slice(self.ragr, self.pos, size + 2)?;
        let g = Group { raw, offset: self.pos };
        self.pos += size + 2;
        Some(g)
    }
}

/// Checks the list at byte `start` of `ragr` (file offset `base`): every size word is 0
/// (the end), or 8 + 3n for its n commands with the whole entry inside the section.
/// Returns the number of entries. Bounded: every entry takes at least 10 bytes of the
/// section.
pub fn check(ragr: &[u8], start: usize, base: usize) -> Result<usize, FormatError> {
    if start > ragr.len() {
        return Err(err(ErrorKind::OutOfRange, base));
    }
    let mut pos = start;
    let mut count = 0;
    while pos < ragr.len() {
        let at = base + pos;
        let size = bytes::u16_le(ragr, pos).ok_or(err(ErrorKind::Truncated, at))? as usize;
        if size == 0 {
            break;
        }
        let entry = bytes::slice(ragr, pos, size + 2).ok_or(err(ErrorKind::Truncated, at))?;
        if size < FIXED_SIZE {
            return Err(err(ErrorKind::BadSize, at));
        }
        let n = u16_at(entry, field::FRAMES) as usize;
        if size != FIXED_SIZE + command::SIZE * n {
            return Err(err(ErrorKind::BadSize, at));
        }
        count += 1;
        pos += size + 2;
    }
    Ok(count)
}
