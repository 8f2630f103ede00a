//! An actor instance's animation groups and frame table, as the loader installs them (
//! {A}, "Model and frame selection", "Placed-object frame sources").
//!
//! The frame table is the instance's RAAN entries in order (entry k's frames follow entry
//! k−1's), or `n` frames of one MPOB placement model. Nothing limits its length: the
//! loader patches a ShowFrame into a model handle and a frame *within* that model, ten
//! bits each, and a RAAN entry's own count is a byte ({D:formats/RGM.md}, "RAAN", "Both
//! resolved fields fit in a byte"). The table is read in place from the RGM, so a set costs
//! the same whatever its length.
//!
//! Groups are installed into one slot per number, in file order. A group the instance
//! cannot use is not installed, and only that group ([`check_group`]): {A} has the
//! loader reject ShowFrame references outside the instance's table; a number without a
//! slot is refused the same way ({D:formats/RGM.md} "RAGR" only says "validated ≤ 0xB1
//! at load", not that the map fails); and so, by Stros's choice where the docs are silent,
//! is a jump outside the group, which the original would follow into whatever bytes come
//! next. For a number used twice the *last* acceptable entry holds the slot: installing
//! is a store into the number's slot, and no doc mentions a test for an occupied one.

use crate::formats::bytes;
use crate::formats::rgm::actor::ActorDef;
use crate::formats::rgm::raan::{self, RaanEntries};
use crate::formats::rgm::ragr::{self, Group, GroupKind};
use crate::formats::rgm::{Command, ModelPath};

/// Highest group number with a slot (0xB1).
pub const MAX_GROUP: usize = ragr::MAX_GROUP as usize;
/// Group slots: one per number 0..=[`MAX_GROUP`].
pub const GROUP_SLOTS: usize = MAX_GROUP + 1;

/// A resolved `ShowFrame`: the frame-table entry (model) and the frame within it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pose {
    /// Position of the frame-table entry among the instance's RAAN entries (0 for a
    /// placement model).
    pub model: u16,
    /// Frame within that model.
    pub frame: u16,
}

/// One group as the interpreter reads it.
#[derive(Clone, Copy, Debug)]
pub struct GroupView<'a> {
    group: Group<'a>,
}

impl GroupView<'_> {
    /// Group number.
    pub fn number(&self) -> i16 {
        self.group.number() as i16
    }
    /// The per-frame countdown reload (the low byte of `anim_id`).
    pub fn reload(&self) -> u8 {
        self.group.countdown_reload()
    }
    /// Group type (0, 1, 2, …).
    pub fn kind(&self) -> GroupKind {
        self.group.kind()
    }
    /// Number of commands.
    pub fn len(&self) -> usize {
        self.group.len()
    }
    /// Whether the group has no commands.
    pub fn is_empty(&self) -> bool {
        self.group.is_empty()
    }
    /// Command `i`.
    pub fn command(&self, i: usize) -> Option<Command> {
        self.group.command(i)
    }
}

/// Why an instance does not install a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The number has no slot (above [`MAX_GROUP`]).
    Number(u16),
    /// Command `index` is a ShowFrame outside the instance's frame table.
    Frame {
        /// Command index.
        index: usize,
    },
    /// Command `index` jumps outside the group: a GoToPrevious, GoToFuture or LoopControl
    /// target, or where a taken Transition puts the cursor.
    Target {
        /// Command index.
        index: usize,
    },
}

/// Whether an instance whose frame table has `frames` frames installs `group`. A jump may
/// land on any command or on `n`, one past the last: the interpreter ends the group
/// there as at an `EndAnimation`, so the cursor never reads outside the group.
pub fn check_group(group: &Group<'_>, frames: u32) -> Result<(), Rejection> {
    let number = group.number();
    if number as usize > MAX_GROUP {
        return Err(Rejection::Number(number));
    }
    let n = group.len();
    for (index, c) in group.commands().enumerate() {
        if let Command::ShowFrame { frame } = c
            && frame >= frames
        {
            return Err(Rejection::Frame { index });
        }
        let target = c.jump_target().or(c.transition_target());
        if target.is_some_and(|t| usize::try_from(t).map_or(true, |t| t > n)) {
            return Err(Rejection::Target { index });
        }
    }
    Ok(())
}

/// Where a frame table's frames come from.
#[derive(Clone, Debug)]
enum Frames<'a> {
    /// The RAAN entries (read in place), and the table length (saturating).
    Raan(RaanEntries<'a>, u32),
    /// `n` frames of one placement model.
    Placement(u8),
}

/// The groups of one actor instance and its frame table: the RAGR offset of the group in
/// each slot, and where the frames come from. Under a kilobyte whatever the actor's size.
#[derive(Clone, Debug)]
pub struct AnimSet<'a> {
    ragr: &'a [u8],
    slots: [u32; GROUP_SLOTS],
    frames: Frames<'a>,
}

/// An empty slot (no RAGR payload reaches this offset: its length is a u32).
const EMPTY: u32 = u32::MAX;

impl<'a> AnimSet<'a> {
    /// The groups and frame table of an actor on the animation-table path (RAAN), or
    /// `None` for the static shortcut and actors without a model.
    pub fn from_actor(actor: &ActorDef<'_, 'a>) -> Option<Self> {
        if actor.model_path() != ModelPath::AnimationTable {
            return None;
        }
        let entries = actor.raan_entries();
        let len = entries.clone().fold(0u32, |n, e| n.saturating_add(e.frame_count as u32));
        Some(Self::install(actor, Frames::Raan(entries, len)))
    }

    /// The groups of an actor over a placement model's frame table of `count` frames (the
    /// MPOB `model_name` fallback).
    pub fn with_placement_model(actor: &ActorDef<'_, 'a>, count: u8) -> Self {
        Self::install(actor, Frames::Placement(count))
    }

    fn install(actor: &ActorDef<'_, 'a>, frames: Frames<'a>) -> Self {
        let mut set = AnimSet { ragr: actor.ragr_payload(), slots: [EMPTY; GROUP_SLOTS], frames };
        let len = set.frame_count() as u32;
        for g in actor.groups() {
            if check_group(&g, len).is_ok()
                && let (Some(slot), Ok(offset)) =
                    (set.slots.get_mut(g.number() as usize), u32::try_from(g.offset()))
            {
                // A later entry with the same number overwrites the slot.
                *slot = offset;
            }
        }
        set
    }

    fn view(&self, offset: u32) -> Option<GroupView<'a>> {
        if offset == EMPTY {
            return None;
        }
        let at = offset as usize;
        let size = bytes::u16_le(self.ragr, at)? as usize;
        let raw = bytes::slice(self.ragr, at, size + 2)?;
        Some(GroupView { group: Group::from_raw(raw, at) })
    }

    /// Group `number`, if the instance has it.
    pub fn group(&self, number: i16) -> Option<GroupView<'a>> {
        self.view(*self.slots.get(usize::try_from(number).ok()?)?)
    }

    /// Whether group `number` exists.
    pub fn has(&self, number: i16) -> bool {
        usize::try_from(number).ok().and_then(|n| self.slots.get(n)).is_some_and(|&o| o != EMPTY)
    }

    /// The pose of frame-table entry `index`. A RAAN entry past the 65,536th cannot be
    /// named by a [`Pose`] and resolves to `None` (a world never builds such a set: its
    /// frame-table models stay below 65,535, [`crate::capacity::Capacity::FITS`]).
    pub fn pose(&self, index: u32) -> Option<Pose> {
        match &self.frames {
            Frames::Placement(n) => (index < *n as u32).then_some(Pose { model: 0, frame: index as u16 }),
            Frames::Raan(entries, _) => {
                let r = raan::resolve(entries.clone(), index)?;
                Some(Pose { model: u16::try_from(r.entry_index).ok()?, frame: r.frame as u16 })
            }
        }
    }

    /// Frame-table length.
    pub fn frame_count(&self) -> usize {
        match &self.frames {
            Frames::Placement(n) => *n as usize,
            Frames::Raan(_, len) => *len as usize,
        }
    }

    /// Every installed group, in number order.
    pub fn groups(&self) -> impl Iterator<Item = GroupView<'a>> + '_ {
        self.slots.iter().filter_map(|&o| self.view(o))
    }
}
