//! RAAN animation model references and the frame table ({F§1.7};
//! {D:formats/RGM.md} "RAAN"; {A} "Model and frame selection").
//!
//! An entry is u32 (unused), u8 frame count, u8 model type (`'c'` or `'s'`, lowercased at
//! load), then a NUL-terminated path. The engine finds the next entry by scanning to the
//! NUL, never through the u32. An actor's `raan_count` entries, concatenated, form its
//! frame table: entry k contributes its model's frames 0..N−1.

use super::{err, u32_at};
use crate::formats::{ErrorKind, FormatError, bytes};

internal! {
    /// Field offsets within an entry.
    mod field {
        /// u32, not read by the engine.
        pub const UNUSED: usize = 0x00;
        /// u8 number of frames.
        pub const FRAME_COUNT: usize = 0x04;
        /// u8 model type.
        pub const MODEL_TYPE: usize = 0x05;
        /// NUL-terminated path.
        pub const PATH: usize = 0x06;
    }
}

/// One RAAN entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaanEntry<'a> {
    /// The unused leading word.
    pub unused: u32,
    /// Frames this entry adds to the table.
    pub frame_count: u8,
    /// The type byte as stored.
    pub model_type: u8,
    /// The path, without its NUL.
    pub path: &'a [u8],
    /// Section offset of the entry.
    pub offset: usize,
}

impl<'a> RaanEntry<'a> {
    /// Parses the entry at `pos` of the RAAN payload; returns it and the next entry's
    /// offset. `base` is the payload's file offset, for errors.
    pub fn parse(raan: &'a [u8], pos: usize, base: usize) -> Result<(Self, usize), FormatError> {
        let at = base.saturating_add(pos);
        let head = bytes::slice(raan, pos, field::PATH).ok_or(err(ErrorKind::Truncated, at))?;
        let rest = &raan[pos + field::PATH..];
        let nul = rest.iter().position(|&b| b == 0).ok_or(err(ErrorKind::Truncated, base + raan.len()))?;
        let entry = RaanEntry {
            unused: u32_at(head, field::UNUSED),
            frame_count: head[field::FRAME_COUNT],
            model_type: head[field::MODEL_TYPE],
            path: &rest[..nul],
            offset: pos,
        };
        Ok((entry, pos + field::PATH + nul + 1))
    }

    /// The type byte lowercased, as the loader keeps it.
    pub fn kind(&self) -> u8 {
        self.model_type.to_ascii_lowercase()
    }

    /// The file stem: the path after its last `\`, `/` or `:` and before its last `.`.
    /// The model name is this, uppercased (see [`RaanEntry::model_name`]).
    pub fn stem(&self) -> &'a [u8] {
        let file = match self.path.iter().rposition(|&b| matches!(b, b'\\' | b'/' | b':')) {
            Some(i) => &self.path[i + 1..],
            None => self.path,
        };
        match file.iter().rposition(|&b| b == b'.') {
            Some(i) => &file[..i],
            None => file,
        }
    }

    /// Whether the model name equals `name` (ASCII case-insensitive).
    pub fn is_model(&self, name: &[u8]) -> bool {
        self.stem().eq_ignore_ascii_case(name)
    }

    /// The uppercased stem, or `None` when it exceeds `N` bytes.
    pub fn model_name<const N: usize>(&self) -> Option<heapless::Vec<u8, N>> {
        let mut v = heapless::Vec::new();
        for &b in self.stem() {
            v.push(b.to_ascii_uppercase()).ok()?;
        }
        Some(v)
    }
}

/// Iterator over an actor's entries. Built over checked data; stops at anything odd.
#[derive(Clone, Debug)]
pub struct RaanEntries<'a> {
    raan: &'a [u8],
    pos: usize,
    left: usize,
}

impl<'a> RaanEntries<'a> {
    /// `count` entries from byte `start` of the RAAN payload.
    pub fn new(raan: &'a [u8], start: usize, count: usize) -> Self {
        RaanEntries { raan, pos: start, left: count }
    }
}

impl<'a> Iterator for RaanEntries<'a> {
    type Item = RaanEntry<'a>;

    fn next(&mut self) -> Option<RaanEntry<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        match RaanEntry::parse(self.raan, self.pos, 0) {
            Ok((e, next)) => {
                self.pos = next;
                Some(e)
            }
            Err(_) => {
                self.left = 0;
                None
            }
        }
    }
}

/// Walks `count` entries from `start`, checking each fits and ends in a NUL, and returns
/// the frame-table length (saturating). The table has no length limit: {A} "Model and
/// frame selection" patches each ShowFrame into a model handle and a frame *within* that
/// model, ten bits each, so only an entry's own count (a byte) is bounded, and a file
/// reference has twenty bits. The walk is bounded by `count` and, as each entry takes at
/// least 7 bytes, by the length.
pub fn check(raan: &[u8], start: usize, count: usize, base: usize) -> Result<u32, FormatError> {
    let mut pos = start;
    let mut frames = 0u32;
    for _ in 0..count {
        let (e, next) = RaanEntry::parse(raan, pos, base)?;
        frames = frames.saturating_add(e.frame_count as u32);
        pos = next;
    }
    Ok(frames)
}

/// A frame-table index resolved to its entry and the frame within that entry's model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameRef<'a> {
    /// Position of the entry among the actor's entries.
    pub entry_index: usize,
    /// The entry.
    pub entry: RaanEntry<'a>,
    /// Frame within the entry's model.
    pub frame: u8,
}

/// Resolves frame-table index `index` over `entries`.
pub fn resolve<'a>(entries: RaanEntries<'a>, index: u32) -> Option<FrameRef<'a>> {
    let mut first = 0u32;
    for (entry_index, entry) in entries.enumerate() {
        let n = entry.frame_count as u32;
        if index < first + n {
            return Some(FrameRef { entry_index, entry, frame: (index - first) as u8 });
        }
        first += n;
    }
    None
}
