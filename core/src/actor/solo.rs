//! One actor's script run on its own — its record, animation set, locals and the global
//! flags, with no other objects — for tools, fuzzing and tests that exercise a script
//! without a whole world. `Player`, `Camera` and named objects resolve to nothing.

use super::Actor;
use super::natives::{self, Globals};
use crate::anim::{AnimSet, Events};
use crate::script::vm::{Host, Receiver, Selector};
use crate::script::{Flags, NativeCall, Rng, ScriptEvent, ScriptRef, TaskSlot};

/// Trace events a [`Solo`] keeps per stage (later ones are counted).
pub const SOLO_EVENTS: usize = 64;

/// A host for one actor.
#[derive(Debug)]
pub struct Solo<'r, 'a> {
    /// The actor.
    pub actor: &'r mut Actor,
    /// Its animation set, when it animates.
    pub set: Option<&'r AnimSet<'a>>,
    /// Its RAHK record.
    pub hook: Option<&'a [u8]>,
    /// Its local variables.
    pub locals: &'r mut [i32],
    /// The global flags.
    pub flags: &'r mut Flags,
    /// The random stream.
    pub rng: &'r mut Rng,
    /// The update's nominal ticks.
    pub ticks: i32,
    /// Animation events.
    pub events: &'r mut Events,
    /// The stage's script events.
    pub trace: heapless::Vec<ScriptEvent, SOLO_EVENTS>,
    /// Script events that did not fit.
    pub dropped: u32,
}

impl<'a> Host<'a> for Solo<'_, 'a> {
    fn code(&self, _definition: u16) -> &'a [u8] {
        &[]
    }
    fn hook(&self) -> Option<&'a [u8]> {
        self.hook
    }
    fn control(&self) -> u8 {
        self.actor.script_control
    }
    fn select(&self, _selector: Selector) -> Option<Receiver> {
        None
    }
    fn local(&self, who: Receiver, index: u8) -> Option<i32> {
        (who == Receiver::Me).then(|| self.locals.get(index as usize).copied()).flatten()
    }
    fn set_local(&mut self, who: Receiver, index: u8, value: i32) -> bool {
        who == Receiver::Me && self.locals.get_mut(index as usize).map(|v| *v = value).is_some()
    }
    fn flag(&self, id: u16) -> Option<i32> {
        self.flags.get(id)
    }
    fn set_flag(&mut self, id: u16, value: i32) -> bool {
        self.flags.set(id, value)
    }
    fn native(&mut self, who: Receiver, call: &mut NativeCall<'_>) -> Option<i32> {
        if who != Receiver::Me {
            return Some(0);
        }
        // A solo run has the installed switches and is nobody's selected player.
        let mut g = Globals::detached(self.events, self.rng, self.flags, self.ticks);
        natives::call(self.actor, self.set, &mut g, call)
    }
    fn has_task(&self, _who: u16, _script: ScriptRef, _at: u32) -> bool {
        false
    }
    fn allocate(&mut self, _who: u16, _slot: TaskSlot) -> bool {
        false
    }
    fn event(&mut self, event: ScriptEvent) {
        if self.trace.push(event).is_err() {
            self.dropped += 1;
        }
    }
}
