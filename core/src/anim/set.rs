//! An actor's animation groups and frame table, resolved at load (seed 001, "Model and
//! frame selection", "Placed-object frame sources").

use crate::formats::rgm::actor::Actor;
use crate::formats::rgm::ragr::{Group, GroupKind};
use crate::formats::rgm::{Command, ModelPath};

/// Highest group number the loader accepts.
pub const MAX_GROUP: usize = 177;
/// Longest frame table (ten-bit runtime fields).
pub const MAX_FRAMES: usize = 1023;

/// A resolved `ShowFrame`: the frame-table entry (model) and the frame within it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pose {
    /// Index of the model (the RAAN entry, or 0 for a placement model).
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

/// Most RAAN entries a frame table is built from.
pub const MAX_TABLE_ENTRIES: usize = 32;

/// Where a frame table's frames come from: the frame counts of the RAAN entries (entry k's
/// frames follow entry k−1's), or `n` frames of one placement model.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Frames {
    Entries(heapless::Vec<u8, MAX_TABLE_ENTRIES>),
    Placement(u8),
}

/// The groups of one actor instance and its frame table. Groups are kept as spans of the
/// RAGR payload, the frame table as its entries' frame counts: a few hundred bytes per set.
#[derive(Clone, Debug)]
pub struct AnimSet<'a> {
    ragr: &'a [u8],
    spans: heapless::Vec<(u32, u32), { MAX_GROUP + 1 }>,
    index: [u8; MAX_GROUP + 1],
    frames: Frames,
}

const NO_INDEX: u8 = u8::MAX;

impl<'a> AnimSet<'a> {
    /// The groups and frame table of an actor with an animation table (RAAN), or `None` for
    /// the static shortcut, actors without a model, and tables longer than the ten-bit
    /// frame fields or than [`MAX_TABLE_ENTRIES`] entries.
    pub fn from_actor(actor: &Actor<'_, 'a>) -> Option<Self> {
        if actor.model_path() != ModelPath::AnimationTable {
            return None;
        }
        let mut counts = heapless::Vec::new();
        let mut total = 0usize;
        for entry in actor.raan_entries() {
            counts.push(entry.frame_count).ok()?;
            total += entry.frame_count as usize;
        }
        if total > MAX_FRAMES {
            return None;
        }
        Some(Self::with_frames(actor, Frames::Entries(counts)))
    }

    /// The groups of an actor over a placement model's frame table of `count` frames (the
    /// MPOB `model_name` fallback).
    pub fn with_placement_model(actor: &Actor<'_, 'a>, count: u8) -> Self {
        Self::with_frames(actor, Frames::Placement(count))
    }

    fn with_frames(actor: &Actor<'_, 'a>, frames: Frames) -> Self {
        let ragr = actor.ragr_payload();
        let mut set = AnimSet { ragr, spans: heapless::Vec::new(), index: [NO_INDEX; MAX_GROUP + 1], frames };
        let table = set.frame_count();
        for g in actor.groups() {
            let n = g.number() as usize;
            // Groups whose ShowFrames leave this instance's table are not installed, as
            // the loader rejects references outside the table.
            let frames_ok = g.commands().all(|c| match c {
                Command::ShowFrame { frame } => (frame as usize) < table,
                _ => true,
            });
            let span = (g.offset() as u32, g.raw().len() as u32);
            if n <= MAX_GROUP && set.index[n] == NO_INDEX && frames_ok && set.spans.push(span).is_ok() {
                set.index[n] = (set.spans.len() - 1) as u8;
            }
        }
        set
    }

    fn view(&self, k: usize) -> Option<GroupView<'a>> {
        let &(offset, len) = self.spans.get(k)?;
        let raw = self.ragr.get(offset as usize..(offset as usize).checked_add(len as usize)?)?;
        Some(GroupView { group: Group::from_raw(raw, offset as usize) })
    }

    /// Group `number`, if the instance has it.
    pub fn group(&self, number: i16) -> Option<GroupView<'a>> {
        let i = *self.index.get(usize::try_from(number).ok()?)?;
        self.view(i as usize)
    }

    /// Whether group `number` exists.
    pub fn has(&self, number: i16) -> bool {
        usize::try_from(number).ok().and_then(|n| self.index.get(n)).is_some_and(|&i| i != NO_INDEX)
    }

    /// The pose of frame-table entry `index`.
    pub fn pose(&self, index: u32) -> Option<Pose> {
        match &self.frames {
            Frames::Placement(n) => (index < *n as u32).then_some(Pose { model: 0, frame: index as u16 }),
            Frames::Entries(counts) => {
                let mut first = 0u32;
                for (model, &n) in counts.iter().enumerate() {
                    if index < first + n as u32 {
                        return Some(Pose { model: model as u16, frame: (index - first) as u16 });
                    }
                    first += n as u32;
                }
                None
            }
        }
    }

    /// Frame-table length.
    pub fn frame_count(&self) -> usize {
        match &self.frames {
            Frames::Placement(n) => *n as usize,
            Frames::Entries(counts) => counts.iter().map(|&n| n as usize).sum(),
        }
    }

    /// Every installed group, in file order.
    pub fn groups(&self) -> impl Iterator<Item = GroupView<'a>> + '_ {
        (0..self.spans.len()).filter_map(|k| self.view(k))
    }
}
