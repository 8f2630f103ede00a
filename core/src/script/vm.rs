//! The interpreter: one actor's script stage in the original order ({E§1.8}
//! "Task model" and "Continuations"; {D:engine/SOUP.md}, "Ordinary update gates",
//! "Ordinary entry gate", "Call Types", "Control Flow", "Conditional Branch (If — `0x03`)",
//! "Goto (`0x04`)", "End (`0x05`)", "Gosub / Return (`0x11`, `0x12`)", "Endint (`0x13`)",
//! "Anchor, Yield, and ScriptRV", "Comparison Operators", "Conjunctions").
//!
//! Stage order: the RAHK native hook (when no unpaused slot exists, or always with the task
//! system off; script-control bit `0x02` suppresses it), then — with `task_system` = 1 and
//! bit `0x01` clear — the entry continuation (behind its blocking-address gate), the
//! existing-task pass (skipped with bit `0x04`), and the main body (only when no unpaused
//! blocking slot remains, except on the `0x04` path). An invocation runs statements until a
//! blocking task, `Yield`, `End`, `Endint` or a null `Return` gives control back; a fault
//! stops the actor's script for good and is recorded in its [`ScriptState`].

use super::decode::{
    self, Call, CallKind, Fault, MAX_ARGS, Mode, Object, Operand, Place, Reader, Statement, Update, op,
};
use super::state::{ScriptError, ScriptRef, ScriptState, TaskSlot, Tasks};
use super::{NativeCall, Scratch, ScriptEvent, control};

/// Statements one invocation may run before it is a runaway (an endless loop without a
/// task or yield would hang the original; here it stops the script).
pub const MAX_STATEMENTS: usize = 4096;

/// Whom an operand, property or call reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// The actor whose script runs.
    Me,
    /// Another actor (the world's actor id).
    Actor(u16),
}

/// A selector the host resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selector {
    /// `Player`: the selected player.
    Player,
    /// `Camera`.
    Camera,
    /// The object whose namespace name is this string of the running script's table.
    Name(u32),
}

/// What the interpreter needs from the world around one actor. The world implements it
/// over its tables; tests implement it over a few fields.
pub trait Host<'a> {
    /// The RASC block of definition `definition` (a task slot's bytes).
    fn code(&self, definition: u16) -> &'a [u8];
    /// The actor's RAHK record (function id, argument count, five-byte arguments).
    fn hook(&self) -> Option<&'a [u8]>;
    /// The actor's script-control byte (natives may change it).
    fn control(&self) -> u8;
    /// Resolves a selector; `None` when no such object exists.
    fn select(&self, selector: Selector) -> Option<Receiver>;
    /// Local `index` of `who`.
    fn local(&self, who: Receiver, index: u8) -> Option<i32>;
    /// Writes local `index` of `who`; `false` when it does not exist.
    fn set_local(&mut self, who: Receiver, index: u8, value: i32) -> bool;
    /// Global flag `id`.
    fn flag(&self, id: u16) -> Option<i32>;
    /// Writes global flag `id`; `false` when it does not exist.
    fn set_flag(&mut self, id: u16, value: i32) -> bool;
    /// Property `reference` of `who`; `None` when the reference names no property the host
    /// implements. References index SOUP386.DEF's `[refs]`; the world resolves them
    /// ([`crate::actor::props`]); by default a host has no `[refs]` and resolves none (reads give
    /// 0 and are reported).
    fn property(&mut self, who: Receiver, reference: u16) -> Option<i32> {
        let _ = (who, reference);
        None
    }
    /// Writes property `reference` of `who`; `false` when the reference names no property
    /// the host implements (by default, none).
    fn set_property(&mut self, who: Receiver, reference: u16, value: i32) -> bool {
        let _ = (who, reference, value);
        false
    }
    /// Runs native `call.function` on `who`; `None` when it is not implemented. For
    /// [`Receiver::Me`] the call carries the actor's own task slots.
    fn native(&mut self, who: Receiver, call: &mut NativeCall<'_>) -> Option<i32>;
    /// Whether actor `who` has a slot for the call at `at` of `script`.
    fn has_task(&self, who: u16, script: ScriptRef, at: u32) -> bool;
    /// Gives actor `who` a task slot; `false` when it has no free one.
    fn allocate(&mut self, who: u16, slot: TaskSlot) -> bool;
    /// Records a trace event.
    fn event(&mut self, event: ScriptEvent);
}

/// The switches and timing of one stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageInput {
    /// `[system] task_system` is 1: the entry, task and main stages run.
    pub task_system: bool,
    /// The update's frame scale (eight fractional bits): the elapsed input of the task pass.
    pub frame_scale: i32,
}

/// How an invocation gave control back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Exit {
    /// The active cursor to keep.
    cursor: u32,
    /// A null `Return`: the main continuation goes back to the base as well.
    reset_main: bool,
}

impl Exit {
    fn at(cursor: u32) -> Self {
        Exit { cursor, reset_main: false }
    }
}

/// Runs one actor's script stage. A stopped script (one with a recorded error) does nothing.
pub fn stage<'a>(state: &mut ScriptState, code: &'a [u8], host: &mut impl Host<'a>, input: StageInput) {
    if state.error.is_some() {
        return;
    }
    let mut vm = Vm { state, host, code, frame_scale: input.frame_scale };
    if let Err(e) = vm.stage(input.task_system) {
        vm.state.error = Some(e);
        vm.host.event(ScriptEvent::Error(e));
    }
}

struct Vm<'s, 'h, 'a, H> {
    state: &'s mut ScriptState,
    host: &'h mut H,
    code: &'a [u8],
    frame_scale: i32,
}

fn fault(at: u32) -> impl Fn(Fault) -> ScriptError {
    move |fault| ScriptError { at, fault }
}

impl<'a, H: Host<'a>> Vm<'_, '_, 'a, H> {
    fn stage(&mut self, task_system: bool) -> Result<(), ScriptError> {
        let hook_allowed = !task_system || !self.state.tasks.any_unpaused();
        if self.host.control() & control::NO_HOOK == 0
            && hook_allowed
            && let Some(hook) = self.host.hook()
        {
            self.hook(hook).map_err(fault(0))?;
        }
        if !task_system || !self.state.present {
            return Ok(());
        }
        // The wrapper reads the flags after the hook, once.
        let control = self.host.control();
        if control & control::NO_MAIN != 0 {
            return Ok(());
        }
        self.entry()?;
        if control & control::NO_TASK_PASS == 0 {
            self.task_pass()?;
            if self.state.tasks.unpaused_blocking() > 0 {
                return Ok(());
            }
        }
        let exit = self.invoke(self.state.main, false)?;
        self.state.main = exit.cursor;
        Ok(())
    }

    /// The RAHK hook: a function call with five-byte PARAMETER arguments.
    fn hook(&mut self, hook: &'a [u8]) -> Result<(), Fault> {
        let mut r = Reader::new(hook, 0);
        let function = r.u16()?;
        let argc = r.u8()?;
        if argc as usize > MAX_ARGS {
            return Err(Fault::Arguments(argc));
        }
        let call = Call { target: None, kind: CallKind::Function, function, argc, at: 0, args: r.pos };
        let args = self.args(hook, &call, Receiver::Me)?;
        self.host.event(ScriptEvent::Hook { function });
        self.native(Receiver::Me, function, args, argc, Pass::FIRST);
        Ok(())
    }

    /// "Ordinary entry gate": blocked by an unpaused blocking slot whose absolute operand
    /// address is at or before the saved entry address.
    fn entry(&mut self) -> Result<(), ScriptError> {
        let Some(entry) = self.state.entry else { return Ok(()) };
        let address = self.state.script.base.wrapping_add(entry);
        if self.state.tasks.slots().iter().any(|s| !s.paused && s.blocking && s.address() <= address) {
            return Ok(());
        }
        let exit = self.invoke(entry, true)?;
        self.state.entry = Some(exit.cursor);
        if exit.reset_main {
            self.state.main = 0;
        }
        Ok(())
    }

    /// The existing-task pass: slots in allocation order, paused ones skipped, operands
    /// re-evaluated, elapsed input `(counter × frame_scale) >> 8`, a done slot dropped.
    fn task_pass(&mut self) -> Result<(), ScriptError> {
        let mut k = 0;
        while let Some(slot) = self.state.tasks.slots().get(k).copied() {
            if slot.paused {
                k += 1;
                continue;
            }
            let code = if slot.script == self.state.script {
                self.code
            } else {
                self.host.code(slot.script.definition)
            };
            let bad = fault(slot.at);
            let call = Reader::new(code, slot.at)
                .call(None, CallKind::Task)
                .map_err(|_| bad(Fault::TaskOperand(slot.at)))?;
            let elapsed = (slot.counter as i32).wrapping_mul(self.frame_scale) >> 8;
            let args = self.args(code, &call, Receiver::Me).map_err(&bad)?;
            let (result, scratch) = self.native(
                Receiver::Me,
                call.function,
                args,
                call.argc,
                Pass { elapsed, initial: false, scratch: slot.scratch },
            );
            let done = result == 0;
            self.host.event(ScriptEvent::Task { at: slot.at, function: call.function, done });
            // A handler may have cleared the slots (KillMyTasks): only the same slot is updated.
            let same =
                self.state.tasks.slots().get(k).is_some_and(|s| s.script == slot.script && s.at == slot.at);
            if !same {
                continue;
            }
            if done {
                self.state.tasks.remove(k);
            } else {
                if let Some(s) = self.state.tasks.get_mut(k) {
                    s.counter = slot.counter.wrapping_add(1);
                    s.scratch = scratch;
                }
                k += 1;
            }
        }
        Ok(())
    }

    /// Runs statements from `start` until the invocation gives control back.
    fn invoke(&mut self, start: u32, entry: bool) -> Result<Exit, ScriptError> {
        let code = self.code;
        let mut cursor = start;
        for _ in 0..MAX_STATEMENTS {
            let bad = fault(cursor);
            let d = decode::statement(code, cursor).map_err(&bad)?;
            self.host.event(ScriptEvent::Statement { at: cursor, op: d.op, entry });
            cursor = d.next;
            match d.statement {
                Statement::Call(call) => {
                    if self.call_statement(&call).map_err(&bad)? {
                        // A self blocking task yields after its slot is allocated.
                        return Ok(Exit::at(d.next));
                    }
                }
                Statement::If { conditions, target, body } => {
                    cursor = if self.conditions(conditions).map_err(&bad)? { body } else { target };
                }
                Statement::Goto(t) => cursor = t,
                Statement::End(t) => {
                    // The group/user synchronization posts clear; the target is kept.
                    self.state.group_post = 0;
                    self.state.user_post = 0;
                    return Ok(Exit::at(t));
                }
                Statement::Assign { place, formula } => {
                    let v = self.formula(formula).map_err(&bad)?;
                    self.write(place, v, Receiver::Me).map_err(&bad)?;
                }
                Statement::Step { place, delta } => {
                    let v = self.read(code, place, Receiver::Me).map_err(&bad)?;
                    self.write(place, v.wrapping_add(delta), Receiver::Me).map_err(&bad)?;
                }
                Statement::Gosub(t) => {
                    self.state.ret = Some(d.next);
                    cursor = t;
                }
                Statement::Return => match self.state.ret {
                    Some(r) => {
                        self.state.rv = self.state.ret_rv;
                        cursor = r;
                    }
                    // A null slot acts like Endint and resets main to the base too.
                    None => return Ok(Exit { cursor: 0, reset_main: true }),
                },
                Statement::Endint => return Ok(Exit::at(0)),
                Statement::Anchor(b) => self.state.anchor = b,
                Statement::Yield => return Ok(Exit::at(d.next)),
                Statement::TaskStop(label) => self.state.tasks.stop(self.label(label)),
                Statement::TaskPause(label) => self.state.tasks.pause(self.label(label), true),
                Statement::TaskResume(label) => self.state.tasks.pause(self.label(label), false),
                Statement::ScriptRv(expected) => {
                    // Mismatch skips the five-byte body; a match runs it, except that a
                    // Return there moves the cursor on four bytes, and a Gosub there first
                    // saves the return byte.
                    if self.state.rv != expected {
                        cursor = d.next.wrapping_add(5);
                    } else {
                        match code.get(d.next as usize) {
                            Some(&op::RETURN) => cursor = d.next.wrapping_add(4),
                            Some(&op::GOSUB) => self.state.ret_rv = self.state.rv,
                            _ => {}
                        }
                    }
                }
            }
        }
        Err(ScriptError { at: cursor, fault: Fault::Runaway })
    }

    /// A task label's absolute operand address: the byte after the labelled dispatch opcode.
    fn label(&self, label: u32) -> u32 {
        self.state.script.base.wrapping_add(label).wrapping_add(1)
    }

    /// A call statement; `true` when a self blocking task yields.
    fn call_statement(&mut self, call: &Call) -> Result<bool, Fault> {
        let script = self.state.script;
        match (call.target, call.kind) {
            (None, CallKind::Function) => {
                self.function(self.code, call, Receiver::Me)?;
                Ok(false)
            }
            (None, kind) => {
                let blocking = kind == CallKind::Task;
                // A call whose operand address already owns a slot is not run again.
                if self.state.tasks.find(script, call.at).is_none() {
                    let args = self.args(self.code, call, Receiver::Me)?;
                    let (_, scratch) = self.native(Receiver::Me, call.function, args, call.argc, Pass::FIRST);
                    let slot = TaskSlot::new(script, call.at, blocking, scratch);
                    if !self.state.tasks.allocate(slot) {
                        self.host.event(ScriptEvent::SlotsFull { at: call.at });
                    }
                }
                Ok(blocking)
            }
            (Some(object), kind) => {
                let Some(who) = self.resolve(object, Receiver::Me)? else {
                    self.host.event(ScriptEvent::NoObject { at: call.at });
                    return Ok(false);
                };
                if kind == CallKind::Function {
                    self.function(self.code, call, who)?;
                    return Ok(false);
                }
                // An object task: the receiver owns the slot and the caller continues.
                let exists = match who {
                    Receiver::Me => self.state.tasks.find(script, call.at).is_some(),
                    Receiver::Actor(id) => self.host.has_task(id, script, call.at),
                };
                if !exists {
                    let args = self.args(self.code, call, who)?;
                    let (_, scratch) = self.native(who, call.function, args, call.argc, Pass::FIRST);
                    let slot = TaskSlot::new(script, call.at, kind == CallKind::Task, scratch);
                    let ok = match who {
                        Receiver::Me => self.state.tasks.allocate(slot),
                        Receiver::Actor(id) => self.host.allocate(id, slot),
                    };
                    if !ok {
                        self.host.event(ScriptEvent::SlotsFull { at: call.at });
                    }
                }
                Ok(false)
            }
        }
    }

    /// A function call's value (its receiver's handler, elapsed input 0).
    fn function(&mut self, code: &'a [u8], call: &Call, ctx: Receiver) -> Result<i32, Fault> {
        let who = match call.target {
            None => ctx,
            Some(object) => match self.resolve(object, ctx)? {
                Some(who) => who,
                None => {
                    self.host.event(ScriptEvent::NoObject { at: call.at });
                    return Ok(0);
                }
            },
        };
        let args = self.args(code, call, who)?;
        Ok(self.native(who, call.function, args, call.argc, Pass::FIRST).0)
    }

    /// Arguments evaluated last to first (values in authored order). Locals and `Me`
    /// properties read the receiver's ("Operand Encoding").
    fn args(&mut self, code: &'a [u8], call: &Call, who: Receiver) -> Result<[i32; MAX_ARGS], Fault> {
        let mut args = [0; MAX_ARGS];
        for k in (0..call.argc.min(MAX_ARGS as u8)).rev() {
            let operand = Reader::new(code, call.arg(k)).operand(Mode::Parameter)?;
            args[k as usize] = self.value(code, operand, who)?;
        }
        Ok(args)
    }

    fn native(
        &mut self,
        who: Receiver,
        function: u16,
        args: [i32; MAX_ARGS],
        argc: u8,
        pass: Pass,
    ) -> (i32, Scratch) {
        let Pass { elapsed, initial, scratch } = pass;
        let tasks: Option<&mut Tasks> = (who == Receiver::Me).then_some(&mut self.state.tasks);
        let mut call = NativeCall { function, args, argc, elapsed, initial, scratch, tasks };
        let result = self.host.native(who, &mut call);
        let scratch = call.scratch;
        match result {
            Some(v) => (v, scratch),
            None => {
                self.host.event(ScriptEvent::NotImplemented { function });
                (0, scratch)
            }
        }
    }

    fn resolve(&mut self, object: Object, ctx: Receiver) -> Result<Option<Receiver>, Fault> {
        Ok(match object {
            Object::Me => Some(ctx),
            Object::Player => self.host.select(Selector::Player),
            Object::Camera => self.host.select(Selector::Camera),
            Object::Named(s) => self.host.select(Selector::Name(s as u32)),
            Object::Local(i) => {
                let v = self.host.local(ctx, i).ok_or(Fault::Local(i))?;
                self.host.select(Selector::Name(v as u32))
            }
        })
    }

    fn value(&mut self, code: &'a [u8], operand: Operand, ctx: Receiver) -> Result<i32, Fault> {
        Ok(match operand {
            Operand::Integer(v) => v,
            Operand::Text(s) => s as i32,
            Operand::Read(place, Update::Read) => self.read(code, place, ctx)?,
            // A conditional update writes the adjusted value first and yields it.
            Operand::Read(place, update) => {
                let v = self.read(code, place, ctx)?.wrapping_add(update.delta());
                self.write(place, v, ctx)?;
                v
            }
            Operand::Call(call) => self.function(code, &call, ctx)?,
        })
    }

    fn read(&mut self, _code: &'a [u8], place: Place, ctx: Receiver) -> Result<i32, Fault> {
        match place {
            Place::Flag(id) => self.host.flag(id).ok_or(Fault::Flag(id)),
            Place::Local(i) => self.host.local(ctx, i).ok_or(Fault::Local(i)),
            Place::Property(object, reference) => {
                let Some(who) = self.resolve(object, ctx)? else { return Ok(0) };
                Ok(self.host.property(who, reference).unwrap_or_else(|| {
                    self.host.event(ScriptEvent::Property { reference });
                    0
                }))
            }
        }
    }

    fn write(&mut self, place: Place, value: i32, ctx: Receiver) -> Result<(), Fault> {
        match place {
            Place::Flag(id) => self.host.set_flag(id, value).then_some(()).ok_or(Fault::Flag(id)),
            Place::Local(i) => self.host.set_local(ctx, i, value).then_some(()).ok_or(Fault::Local(i)),
            Place::Property(object, reference) => {
                if let Some(who) = self.resolve(object, ctx)?
                    && !self.host.set_property(who, reference, value)
                {
                    self.host.event(ScriptEvent::Property { reference });
                }
                Ok(())
            }
        }
    }

    /// A formula folded left to right, no precedence.
    fn formula(&mut self, at: u32) -> Result<i32, Fault> {
        let code = self.code;
        let mut r = Reader::new(code, at);
        let first = r.operand(Mode::Formula)?;
        let mut acc = self.value(code, first, Receiver::Me)?;
        for _ in 0..decode::MAX_FORMULA_TERMS {
            let operator = r.u8()?;
            if operator == 0 {
                return Ok(acc);
            }
            if operator > 9 {
                return Err(Fault::Operator(operator));
            }
            let term = r.operand(Mode::Formula)?;
            let v = self.value(code, term, Receiver::Me)?;
            acc = decode::apply(operator, acc, v)?;
        }
        Err(Fault::TooLong)
    }

    /// An `If` chain: every comparison evaluated (both sides, updates and calls included),
    /// folded left to right with `and`/`or`.
    fn conditions(&mut self, at: u32) -> Result<bool, Fault> {
        let code = self.code;
        let mut r = Reader::new(code, at);
        let mut result = true;
        let mut joint = 1; // the first comparison is and-ed into true
        for _ in 0..decode::MAX_CONDITIONS {
            let lhs = r.operand(Mode::Lhs)?;
            let a = self.value(code, lhs, Receiver::Me)?;
            let comparison = r.u8()?;
            let rhs = r.operand(Mode::Rhs)?;
            let b = self.value(code, rhs, Receiver::Me)?;
            let c = decode::compare(comparison, a, b)?;
            result = if joint == 2 { result | c } else { result & c };
            joint = r.u8()?;
            match joint {
                0 => return Ok(result),
                1 | 2 => {}
                j => return Err(Fault::Conjunction(j)),
            }
        }
        Err(Fault::TooLong)
    }
}

/// Which invocation of a native a call is: the first, or a later task pass with the
/// elapsed ticks and the scratch word its earlier passes left.
#[derive(Clone, Copy, Debug)]
struct Pass {
    elapsed: i32,
    initial: bool,
    scratch: Scratch,
}

impl Pass {
    /// A first invocation: no elapsed ticks, a zero scratch word.
    const FIRST: Pass = Pass { elapsed: 0, initial: true, scratch: [0; 2] };
}
