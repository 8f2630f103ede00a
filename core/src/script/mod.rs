//! The SOUP virtual machine: placed actors run their RASC scripts ({E§1.8};
//! {A} "Animation tasks", "Shipped FLAG2 sequence", "Ordinary actor update order";
//! {D:engine/SOUP.md}, `SOUPDEF.md`).
//!
//! - [`decode`]: statements and operands over a script's bytes — every opcode 0x00–0x1E,
//!   the value modes, formulas, comparisons and conjunctions, object selectors, update
//!   bytes, strings. Bad bytecode is a [`decode::Fault`], never a panic.
//! - [`flags`]: the global flags, typed and initialized by SOUP386.DEF.
//! - [`state`]: one actor's continuations (main, entry), the single Gosub return slot, the
//!   six task slots and the recorded error.
//! - [`vm`]: the script stage — native hook, entry, existing-task pass, main body — over a
//!   [`vm::Host`] the world implements.
//! - [`functions`]: the native table in SOUP386.DEF order; [`crate::actor::natives`]: the natives the
//!   core implements, every other one reporting "not implemented".
//! - [`crate::actor::props`]: the object properties (`pos.vx`, `anim.current`, …) SOUP386.DEF's `[refs]`
//!   names select, read and written on the actor record.
//! - [`disasm`]: readable disassembly for tools; [`crate::actor::solo`]: one actor's script without a world.
//!
//! Nothing allocates: task slots, traces and locals live in fixed tables, and every loop is
//! bounded ([`vm::MAX_STATEMENTS`], [`decode::MAX_FORMULA_TERMS`], …), so a script that
//! would hang the original stops with a recorded error instead.

pub mod decode;
pub mod disasm;
pub mod flags;
pub mod functions;
pub mod state;
pub mod vm;

#[cfg(test)]
mod tests;

pub use decode::Fault;
pub use flags::{Flags, MAX_FLAGS, SHIPPED_FLAGS};
pub use state::{ScriptError, ScriptRef, ScriptState, TASK_SLOTS, TaskSlot, Tasks};
pub use vm::{Host, Receiver, Selector, StageInput, stage};

/// Script-control bits of the actor record ("Ordinary update gates").
pub mod control {
    /// `0x01`: the main stage (entry, tasks, body) is suppressed (`DisableScript`).
    pub const NO_MAIN: u8 = 0x01;
    /// `0x02`: the RAHK native hook is suppressed (`DisableHook`, combat entry).
    pub const NO_HOOK: u8 = 0x02;
    /// `0x04`: entry and main body run without the existing-task pass.
    pub const NO_TASK_PASS: u8 = 0x04;
    /// `0x08`: the actor is excluded from the ordinary update body.
    pub const EXCLUDED: u8 = 0x08;
}

/// The engine's shared random stream ("Rnd and QuickRnd"): a 32-bit linear congruential
/// state starting at 1, as the executable stores it. Each world owns one, so a run is
/// deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(pub u32);

impl Default for Rng {
    fn default() -> Self {
        Rng(1)
    }
}

impl Rng {
    /// One draw: `state = state * 1103515245 + 12345`, `(state >> 16) & 32767`.
    pub fn draw(&mut self) -> i32 {
        self.0 = self.0.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        ((self.0 >> 16) & 32767) as i32
    }

    /// `Rnd(bound)`: the draw masked by the smallest `2^k - 1` (up to 16383) covering
    /// `bound` values, then reduced modulo `bound`; bounds above 16384 keep the draw whole.
    /// A zero or negative bound (undefined in the original) consumes a draw and yields 0.
    pub fn bounded(&mut self, bound: i32) -> i32 {
        let d = self.draw();
        if bound <= 0 {
            return 0;
        }
        let mut mask = 1;
        while mask < 16383 && mask + 1 < bound {
            mask = mask * 2 + 1;
        }
        let d = if bound > 16384 { d } else { d & mask };
        d % bound
    }
}

/// A task slot's handler state: two words its handler keeps from pass to pass (an origin, a
/// target and an accumulator, a phase), zero at allocation.
pub type Scratch = [i32; 2];

/// One native invocation as the interpreter hands it to the host.
#[derive(Debug)]
pub struct NativeCall<'t> {
    /// Function id (SOUP386.DEF index).
    pub function: u16,
    /// Argument values in authored order.
    pub args: [i32; decode::MAX_ARGS],
    /// How many arguments the call passed.
    pub argc: u8,
    /// Elapsed input: 0 on the initial call, `(counter × frame_scale) >> 8` in the task pass.
    pub elapsed: i32,
    /// The initial call (not a task-pass invocation).
    pub initial: bool,
    /// The task slot's handler state (in and out).
    pub scratch: Scratch,
    /// The receiver's task slots, when the interpreter holds them (receiver `Me`).
    pub tasks: Option<&'t mut Tasks>,
}

impl NativeCall<'_> {
    /// The initial call of `function` with `args` (at most [`decode::MAX_ARGS`]; more are
    /// dropped): nothing elapsed, the scratch cleared, no task slots.
    pub fn initial(function: u16, args: &[i32]) -> Self {
        let argc = args.len().min(decode::MAX_ARGS);
        let mut all = [0; decode::MAX_ARGS];
        all[..argc].copy_from_slice(&args[..argc]);
        NativeCall {
            function,
            args: all,
            argc: argc as u8,
            elapsed: 0,
            initial: true,
            scratch: [0; 2],
            tasks: None,
        }
    }

    /// Argument `k`, 0 when the call passed fewer.
    pub fn arg(&self, k: usize) -> i32 {
        if k < self.argc as usize { self.args.get(k).copied().unwrap_or(0) } else { 0 }
    }
}

/// What a script did, for the trace ("which statement runs on each update").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptEvent {
    /// A statement ran (in the entry continuation when `entry`).
    Statement {
        /// Its offset.
        at: u32,
        /// Its opcode.
        op: u8,
        /// Run by the entry continuation.
        entry: bool,
    },
    /// The existing-task pass invoked the slot whose operand address is `at`.
    Task {
        /// The operand address.
        at: u32,
        /// The function.
        function: u16,
        /// The handler reported completion (the slot is dropped).
        done: bool,
    },
    /// The RAHK hook called `function`.
    Hook {
        /// The function.
        function: u16,
    },
    /// A native the core does not implement was called (treated as returning 0).
    NotImplemented {
        /// The function.
        function: u16,
    },
    /// A property reference the host could not resolve (no `[refs]` name for it, or a
    /// descriptor the core does not implement) was read or written (reads give 0).
    Property {
        /// The `[refs]` index.
        reference: u16,
    },
    /// An object selector named no object; the call or access was skipped.
    NoObject {
        /// The call's operand address.
        at: u32,
    },
    /// A task could not be given a slot (all six taken).
    SlotsFull {
        /// The call's operand address.
        at: u32,
    },
    /// The script stopped on bad bytecode.
    Error(ScriptError),
}
