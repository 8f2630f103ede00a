//! Per-actor script state: the continuations, the single return slot, the six task slots
//! and the recorded error ({E§1.8} "Continuations", "Task model";
//! {D:engine/SOUP.md}, "Threading Model", "TaskStop, TaskPause, and TaskResume").

use super::Scratch;
use super::decode::Fault;

/// Task slots per actor, shared by the entry and main invocations.
pub const TASK_SLOTS: usize = 6;

/// Where a script's bytes live: its RAHD definition and the offset of its block in RASC
/// (the entry gate compares absolute addresses, `base + offset`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScriptRef {
    /// RAHD index of the definition whose RASC block holds the bytes.
    pub definition: u16,
    /// The block's offset in RASC.
    pub base: u32,
}

/// One occupied task slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskSlot {
    /// The script whose bytes hold the call (the caller's, for an object task call).
    pub script: ScriptRef,
    /// The operand address: the offset of the call's function id in that script.
    pub at: u32,
    /// A blocking (Task) slot; a Multitask slot is not.
    pub blocking: bool,
    /// Paused by `TaskPause`.
    pub paused: bool,
    /// The 16-bit invocation counter (1 at allocation, +1 per pass, wrapping).
    pub counter: u16,
    /// The handler's own state, kept per slot (`PushAnimation`'s phase).
    pub scratch: Scratch,
}

impl TaskSlot {
    /// A fresh slot for the call at `at` of `script`.
    pub fn new(script: ScriptRef, at: u32, blocking: bool, scratch: Scratch) -> Self {
        TaskSlot { script, at, blocking, paused: false, counter: 1, scratch }
    }

    /// The slot's absolute operand address.
    pub fn address(&self) -> u32 {
        self.script.base.wrapping_add(self.at)
    }
}

/// The six task slots, in allocation order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tasks {
    slots: heapless::Vec<TaskSlot, TASK_SLOTS>,
}

impl Tasks {
    /// The occupied slots in allocation order.
    pub fn slots(&self) -> &[TaskSlot] {
        &self.slots
    }

    /// Slot `k`, mutable.
    pub fn get_mut(&mut self, k: usize) -> Option<&mut TaskSlot> {
        self.slots.get_mut(k)
    }

    /// Occupies a slot; `false` when all six are taken.
    pub fn allocate(&mut self, slot: TaskSlot) -> bool {
        self.slots.push(slot).is_ok()
    }

    /// Frees slot `k`, keeping the others' order.
    pub fn remove(&mut self, k: usize) {
        if k < self.slots.len() {
            self.slots.remove(k);
        }
    }

    /// The slot whose operand address is `at` of `script`.
    pub fn find(&self, script: ScriptRef, at: u32) -> Option<usize> {
        self.slots.iter().position(|s| s.script == script && s.at == at)
    }

    /// Any occupied, unpaused slot (the native hook waits for none).
    pub fn any_unpaused(&self) -> bool {
        self.slots.iter().any(|s| !s.paused)
    }

    /// Occupied, unpaused slots.
    pub fn unpaused(&self) -> usize {
        self.slots.iter().filter(|s| !s.paused).count()
    }

    /// Occupied, unpaused blocking slots.
    pub fn unpaused_blocking(&self) -> usize {
        self.slots.iter().filter(|s| !s.paused && s.blocking).count()
    }

    /// `KillMyTasks`: every slot cleared without invoking a handler.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// `TaskStop`: removes every slot whose operand address is `address`.
    pub fn stop(&mut self, address: u32) {
        self.slots.retain(|s| s.address() != address);
    }

    /// `TaskPause` (`true`) / `TaskResume` (`false`) of every slot at `address`.
    pub fn pause(&mut self, address: u32, paused: bool) {
        for s in self.slots.iter_mut().filter(|s| s.address() == address) {
            s.paused = paused;
        }
    }
}

/// A fault and the offset of the statement (or task operand) it stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// Script-relative offset.
    pub at: u32,
    /// What went wrong.
    pub fault: Fault,
}

/// One actor's script state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptState {
    /// The actor's own script.
    pub script: ScriptRef,
    /// The actor has a script (`script_length` > 0).
    pub present: bool,
    /// The main continuation (starts at `script_pc`).
    pub main: u32,
    /// The entry continuation (starts at 0, only when `script_pc` ≠ 0).
    pub entry: Option<u32>,
    /// The single Gosub return slot (`None`: a fresh actor's null slot).
    pub ret: Option<u32>,
    /// The script return byte `ScriptRV` tests.
    pub rv: u8,
    /// The return byte `Return` restores.
    pub ret_rv: u8,
    /// The anchor byte (`Anchor`).
    pub anchor: u8,
    /// The posted group-synchronization value (`End` clears it).
    pub group_post: u8,
    /// The posted user-synchronization value (`End` clears it).
    pub user_post: u8,
    /// The task slots.
    pub tasks: Tasks,
    /// Where the actor's locals start in the world's local pool.
    pub locals_start: u16,
    /// How many locals the actor has.
    pub locals_len: u16,
    /// The fault that stopped the script, if one did.
    pub error: Option<ScriptError>,
}

impl ScriptState {
    /// The state of a script at `script` with `len` bytes starting at `script_pc`: main
    /// at `script_pc`, an entry continuation at 0 only when `script_pc` ≠ 0.
    pub fn new(script: ScriptRef, len: u32, script_pc: u32) -> Self {
        ScriptState {
            script,
            present: len > 0,
            main: script_pc,
            entry: (script_pc != 0).then_some(0),
            ..ScriptState::default()
        }
    }

    /// The script is present and has not stopped on an error.
    pub fn runs(&self) -> bool {
        self.present && self.error.is_none()
    }
}
