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

/// The groups of one actor instance and its frame table.
#[derive(Clone, Debug)]
pub struct AnimSet<'a> {
    groups: heapless::Vec<Group<'a>, { MAX_GROUP + 1 }>,
    index: [u8; MAX_GROUP + 1],
    frames: heapless::Vec<Pose, MAX_FRAMES>,
}

const NO_INDEX: u8 = u8::MAX;

impl<'a> AnimSet<'a> {
    /// The groups and frame table of an actor with an animation table (RAAN), or `None` for
    /// the static shortcut and actors without a model.
    pub fn from_actor(actor: &Actor<'_, 'a>) -> Option<Self> {
        if actor.model_path() != ModelPath::AnimationTable {
            return None;
        }
        let mut frames = heapless::Vec::new();
        for (e, entry) in actor.raan_entries().enumerate() {
            for f in 0..entry.frame_count {
                frames.push(Pose { model: e as u16, frame: f as u16 }).ok()?;
            }
        }
        Some(Self::with_frames(actor, frames))
    }

    /// The groups of an actor over a placement model's frame table of `count` frames (the
    /// MPOB `model_name` fallback).
    pub fn with_placement_model(actor: &Actor<'_, 'a>, count: u8) -> Self {
        let frames = (0..count as u16).map(|frame| Pose { model: 0, frame }).collect();
        Self::with_frames(actor, frames)
    }

    fn with_frames(actor: &Actor<'_, 'a>, frames: heapless::Vec<Pose, MAX_FRAMES>) -> Self {
        let mut set = AnimSet { groups: heapless::Vec::new(), index: [NO_INDEX; MAX_GROUP + 1], frames };
        for g in actor.groups() {
            let n = g.number() as usize;
            // Groups whose ShowFrames leave this instance's table are not installed, as
            // the loader rejects references outside the table.
            let frames_ok = g.commands().all(|c| match c {
                Command::ShowFrame { frame } => (frame as usize) < set.frames.len(),
                _ => true,
            });
            if n <= MAX_GROUP && set.index[n] == NO_INDEX && frames_ok && set.groups.push(g).is_ok() {
                set.index[n] = (set.groups.len() - 1) as u8;
            }
        }
        set
    }

    /// Group `number`, if the instance has it.
    pub fn group(&self, number: i16) -> Option<GroupView<'a>> {
        let i = *self.index.get(usize::try_from(number).ok()?)?;
        self.groups.get(i as usize).map(|&group| GroupView { group })
    }

    /// Whether group `number` exists.
    pub fn has(&self, number: i16) -> bool {
        self.group(number).is_some()
    }

    /// The pose of frame-table entry `index`.
    pub fn pose(&self, index: u32) -> Option<Pose> {
        self.frames.get(index as usize).copied()
    }

    /// Frame-table length.
    pub fn frame_count(&self) -> usize {
        self.frames.len()
    }

    /// Every installed group, in file order.
    pub fn groups(&self) -> impl Iterator<Item = GroupView<'a>> + '_ {
        self.groups.iter().map(|&group| GroupView { group })
    }
}
