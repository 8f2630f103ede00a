//! Hand-built bytecode through the decoder and the interpreter: every opcode, value mode,
//! operator, comparison and conjunction; continuations; the task model and its gates.

use super::decode::{self, CallKind, Fault, Mode, Object, Operand, Place, Reader, Statement, Update, op};
use super::state::{ScriptError, ScriptRef, ScriptState, TaskSlot};
use super::vm::{Host, Receiver, Selector, StageInput, stage};
use super::{Flags, NativeCall, Rng, ScriptEvent, control, functions};
use crate::actor::Actor;
use crate::actor::natives;
use crate::anim::Events;

type Code = heapless::Vec<u8, 512>;

/// A small bytecode builder.
#[derive(Default)]
struct B(Code);

impl B {
    fn b(mut self, bytes: &[u8]) -> Self {
        self.0.extend_from_slice(bytes).unwrap();
        self
    }
    fn u16(self, v: u16) -> Self {
        self.b(&v.to_le_bytes())
    }
    fn u32(self, v: u32) -> Self {
        self.b(&v.to_le_bytes())
    }
    fn num(self, v: i32) -> Self {
        self.b(&[op::NUMERIC]).u32(v as u32)
    }
    /// A self call `opcode` of `function` with integer arguments.
    fn call(self, opcode: u8, function: u16, args: &[i32]) -> Self {
        let mut s = self.b(&[opcode]).u16(function).b(&[args.len() as u8]);
        for &a in args {
            s = s.num(a);
        }
        s
    }
    fn len(&self) -> u32 {
        self.0.len() as u32
    }
}

/// Test natives: 1 echoes `arg0 + 10 * arg1` and logs; 2 is not implemented; 3 is a task
/// active while `elapsed < arg0` (logged); the rest are the core's natives on `actor`.
struct TestHost<'a> {
    control: u8,
    hook: Option<&'a [u8]>,
    locals: [i32; 4],
    other_locals: [i32; 4],
    flags: Flags,
    actor: Actor,
    other: Actor,
    other_state: ScriptState,
    rng: Rng,
    player: bool,
    log: heapless::Vec<(u16, [i32; 2], i32, bool), 64>,
    events: heapless::Vec<ScriptEvent, 128>,
    anim: Events,
}

impl Default for TestHost<'_> {
    fn default() -> Self {
        TestHost {
            control: 0,
            hook: None,
            locals: [0; 4],
            other_locals: [0; 4],
            flags: Flags::default(),
            actor: Actor::new(0, [0; 256]),
            other: Actor::new(0, [0; 256]),
            other_state: ScriptState::default(),
            rng: Rng::default(),
            player: true,
            log: heapless::Vec::new(),
            events: heapless::Vec::new(),
            anim: Events::default(),
        }
    }
}

impl TestHost<'_> {
    fn statements(&self) -> heapless::Vec<u32, 64> {
        self.events
            .iter()
            .filter_map(|e| match e {
                ScriptEvent::Statement { at, .. } => Some(*at),
                _ => None,
            })
            .collect()
    }
}

impl<'a> Host<'a> for TestHost<'a> {
    fn code(&self, _definition: u16) -> &'a [u8] {
        &[]
    }
    fn hook(&self) -> Option<&'a [u8]> {
        self.hook
    }
    fn control(&self) -> u8 {
        self.control | self.actor.script_control
    }
    fn select(&self, selector: Selector) -> Option<Receiver> {
        match selector {
            Selector::Player => self.player.then_some(Receiver::Actor(7)),
            Selector::Camera => None,
            Selector::Name(0) => Some(Receiver::Actor(7)),
            Selector::Name(_) => None,
        }
    }
    fn local(&self, who: Receiver, index: u8) -> Option<i32> {
        match who {
            Receiver::Me => self.locals.get(index as usize).copied(),
            Receiver::Actor(_) => self.other_locals.get(index as usize).copied(),
        }
    }
    fn set_local(&mut self, who: Receiver, index: u8, value: i32) -> bool {
        let t = match who {
            Receiver::Me => &mut self.locals,
            Receiver::Actor(_) => &mut self.other_locals,
        };
        t.get_mut(index as usize).map(|v| *v = value).is_some()
    }
    fn flag(&self, id: u16) -> Option<i32> {
        self.flags.get(id)
    }
    fn set_flag(&mut self, id: u16, value: i32) -> bool {
        self.flags.set(id, value)
    }
    fn property(&mut self, who: Receiver, reference: u16) -> Option<i32> {
        // Reference 1: the actor's heading; others not implemented.
        let a = if who == Receiver::Me { &self.actor } else { &self.other };
        (reference == 1).then_some(a.angles.heading as i32)
    }
    fn set_property(&mut self, who: Receiver, reference: u16, value: i32) -> bool {
        let a = if who == Receiver::Me { &mut self.actor } else { &mut self.other };
        if reference == 1 {
            a.angles.heading = (value & 2047) as u16;
        }
        reference == 1
    }
    fn native(&mut self, who: Receiver, call: &mut NativeCall<'_>) -> Option<i32> {
        let (a0, a1) = (call.arg(0), call.arg(1));
        match call.function {
            1 => {
                let _ = self.log.push((1, [a0, a1], call.elapsed, call.initial));
                Some(a0 + 10 * a1)
            }
            2 => None,
            3 => {
                let _ = self.log.push((3, [a0, a1], call.elapsed, call.initial));
                Some((call.elapsed < a0) as i32)
            }
            _ => {
                let mut g = natives::Globals {
                    player: Some(([0; 3], 0)),
                    ticks: 1,
                    events: &mut self.anim,
                    rng: &mut self.rng,
                    flags: &mut self.flags,
                    animation: true,
                    task_system: true,
                    receiver: 0,
                    selected: false,
                    forward_held: false,
                };
                match who {
                    Receiver::Me => natives::call(&mut self.actor, None, &mut g, call),
                    Receiver::Actor(_) => {
                        let mut own = NativeCall { tasks: Some(&mut self.other_state.tasks), ..*call };
                        natives::call(&mut self.other, None, &mut g, &mut own)
                    }
                }
            }
        }
    }
    fn has_task(&self, _who: u16, script: ScriptRef, at: u32) -> bool {
        self.other_state.tasks.find(script, at).is_some()
    }
    fn allocate(&mut self, _who: u16, slot: TaskSlot) -> bool {
        self.other_state.tasks.allocate(slot)
    }
    fn event(&mut self, event: ScriptEvent) {
        let _ = self.events.push(event);
    }
}

const ON: StageInput = StageInput { task_system: true, frame_scale: 256 };

fn fresh(code: &[u8], script_pc: u32) -> ScriptState {
    ScriptState::new(ScriptRef::default(), code.len() as u32, script_pc)
}

/// Runs one stage of `code` (fresh state at `script_pc` 0) and returns the state.
fn once<'a>(code: &'a [u8], host: &mut TestHost<'a>) -> ScriptState {
    let mut st = fresh(code, 0);
    stage(&mut st, code, host, ON);
    st
}

fn stopped(st: &ScriptState) -> Option<Fault> {
    st.error.map(|e| e.fault)
}

#[test]
fn every_opcode_decodes_or_is_rejected() {
    // One well-formed sample per statement opcode; the others are unknown statements.
    let samples: [(u8, B); 22] = [
        (op::TASK, B::default().call(op::TASK, 1, &[1, 2])),
        (op::MULTITASK, B::default().call(op::MULTITASK, 1, &[])),
        (op::FUNCTION, B::default().call(op::FUNCTION, 1, &[5])),
        (op::IF, B::default().b(&[op::IF]).num(1).b(&[0]).num(1).b(&[0]).u32(0)),
        (op::GOTO, B::default().b(&[op::GOTO]).u32(0)),
        (op::END, B::default().b(&[op::END]).u32(0)),
        (op::FLAG, B::default().b(&[op::FLAG]).u16(3).num(4).b(&[0])),
        (op::LOCAL, B::default().b(&[op::LOCAL, 1]).num(4).b(&[0])),
        (op::OBJ_INC, B::default().b(&[op::OBJ_INC, 0, 0]).u16(1)),
        (op::OBJ_DEC, B::default().b(&[op::OBJ_DEC, 1, 0]).u16(1)),
        (op::GOSUB, B::default().b(&[op::GOSUB]).u32(0)),
        (op::RETURN, B::default().b(&[op::RETURN])),
        (op::ENDINT, B::default().b(&[op::ENDINT])),
        (op::OBJECT_DOT, B::default().b(&[op::OBJECT_DOT, 4, 2]).u16(9).num(1).b(&[0])),
        (op::ANCHOR, B::default().b(&[op::ANCHOR, 7])),
        (op::YIELD, B::default().b(&[op::YIELD])),
        (op::OBJ_TASK, B::default().b(&[op::OBJ_TASK, 1, 0, 1]).u16(1).b(&[0])),
        (op::OBJ_FUNCTION, B::default().b(&[op::OBJ_FUNCTION, 0, 0, 2]).u16(1).b(&[0])),
        (op::TASK_STOP, B::default().b(&[op::TASK_STOP]).u32(0)),
        (op::TASK_PAUSE, B::default().b(&[op::TASK_PAUSE]).u32(0)),
        (op::TASK_RESUME, B::default().b(&[op::TASK_RESUME]).u32(0)),
        (op::SCRIPT_RV, B::default().b(&[op::SCRIPT_RV, 0])),
    ];
    for (opcode, b) in &samples {
        let d = decode::statement(&b.0, 0).unwrap();
        assert_eq!((d.op, d.next), (*opcode, b.len()), "opcode {opcode:#x}");
    }
    for opcode in [0x07, 0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x0E, 0x15, 0x16, 0x1F, 0xFF] {
        let code = [opcode, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(decode::statement(&code, 0).unwrap_err(), Fault::Opcode(opcode));
    }
    // Object calls: the dispatch byte picks the kind; NullFunction has no count byte.
    let d = decode::statement(&samples[16].1.0, 0).unwrap();
    let Statement::Call(c) = d.statement else { panic!() };
    assert_eq!(
        (c.target, c.kind, c.function, c.argc, c.at),
        (Some(Object::Player), CallKind::Multitask, 1, 0, 4)
    );
    let null = [op::TASK, 0, 0, op::YIELD];
    assert_eq!(decode::statement(&null, 0).unwrap().next, 3);
    assert_eq!(decode::statement(&[op::OBJ_TASK, 0, 0, 3, 1, 0, 0], 0).unwrap_err(), Fault::Dispatch(3));
    assert_eq!(decode::statement(&[op::OBJ_INC, 3, 0, 1, 0], 0).unwrap_err(), Fault::Object(3));
}

#[test]
fn operands_consume_what_their_mode_says() {
    let read = |bytes: &[u8], mode| {
        let mut r = Reader::new(bytes, 0);
        (r.operand(mode), r.pos)
    };
    // Flag: LHS/RHS one update byte, PARAMETER two padding bytes, FORMULA none.
    let flag = [op::FLAG, 5, 0, 10, 0];
    assert_eq!(read(&flag, Mode::Lhs), (Ok(Operand::Read(Place::Flag(5), Update::Increment)), 4));
    assert_eq!(read(&flag, Mode::Rhs).1, 4);
    assert_eq!(read(&flag, Mode::Parameter), (Ok(Operand::Read(Place::Flag(5), Update::Read)), 5));
    assert_eq!(read(&flag, Mode::Formula).1, 3);
    assert_eq!(read(&[op::FLAG, 5, 0, 12], Mode::Lhs).0, Err(Fault::Update(12)));
    // Local: one update byte, or three padding bytes.
    let local = [op::LOCAL, 2, 11, 0, 0];
    assert_eq!(read(&local, Mode::Lhs), (Ok(Operand::Read(Place::Local(2), Update::Decrement)), 3));
    assert_eq!(read(&local, Mode::Parameter).1, 5);
    assert_eq!(read(&local, Mode::Formula).1, 2);
    // Object property: one update byte in LHS/RHS, nothing in PARAMETER or FORMULA.
    let prop = [op::OBJECT_DOT, 1, 0, 0x34, 0x12, 0];
    let p = Place::Property(Object::Player, 0x1234);
    assert_eq!(read(&prop, Mode::Rhs), (Ok(Operand::Read(p, Update::Read)), 6));
    assert_eq!(read(&prop, Mode::Parameter).1, 5);
    assert_eq!(read(&prop, Mode::Formula).1, 5);
    // NumericAlt: the low 16 bits unsigned as a parameter, the whole value elsewhere.
    let alt = [op::NUMERIC_ALT, 0xFF, 0xFF, 0x01, 0x80];
    assert_eq!(read(&alt, Mode::Parameter).0, Ok(Operand::Integer(0xFFFF)));
    assert_eq!(read(&alt, Mode::Formula).0, Ok(Operand::Integer(0x8001_FFFFu32 as i32)));
    // String: the low byte as a parameter.
    let s = [op::STRING, 0x05, 0x01, 0, 0];
    assert_eq!(read(&s, Mode::Parameter).0, Ok(Operand::Text(5)));
    assert_eq!(read(&s, Mode::Formula).0, Ok(Operand::Text(0x105)));
    // Calls are values, but not parameters.
    assert_eq!(read(&[op::FUNCTION, 1, 0, 0], Mode::Parameter).0, Err(Fault::CallInParameter));
    assert!(matches!(read(&[op::OBJ_FUNCTION, 0, 0, 1, 0, 0], Mode::Formula).0, Ok(Operand::Call(_))));
    assert_eq!(read(&[op::GOTO, 0, 0, 0, 0], Mode::Formula).0, Err(Fault::Operand(op::GOTO)));
    // Object selectors.
    for (kind, object) in [
        (0, Object::Me),
        (1, Object::Player),
        (2, Object::Camera),
        (4, Object::Named(9)),
        (10, Object::Local(9)),
    ] {
        assert_eq!(Reader::new(&[kind, 9], 0).object(), Ok(object));
    }
    assert_eq!(Reader::new(&[3, 9], 0).object(), Err(Fault::Object(3)));
    assert_eq!(read(&[op::NUMERIC, 1, 2], Mode::Formula).0, Err(Fault::Truncated));
}

#[test]
fn formulas_fold_left_to_right_with_every_operator() {
    // local[0] = 7 <op> 3 for each operator.
    let cases = [(1, 10), (2, 4), (3, 21), (4, 2), (5, 56), (6, 0), (7, 3), (8, 7), (9, 4)];
    for (operator, want) in cases {
        let code = B::default().b(&[op::LOCAL, 0]).num(7).b(&[operator]).num(3).b(&[0, op::YIELD]);
        let mut h = TestHost::default();
        let st = once(&code.0, &mut h);
        assert_eq!((h.locals[0], st.error), (want, None), "operator {operator}");
    }
    // No precedence: 2 + 3 * 4 = 20.
    let code = B::default().b(&[op::FLAG]).u16(1).num(2).b(&[1]).num(3).b(&[3]).num(4).b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!(h.flags.get(1), Some(20));
    // Signed multiply, unsigned divide, arithmetic right shift, masked shift counts.
    assert_eq!(decode::apply(3, -4, 3), Ok(-12));
    assert_eq!(decode::apply(4, -8, 2), Ok(0x7FFF_FFFC));
    assert_eq!(decode::apply(6, -8, 1), Ok(-4));
    assert_eq!(decode::apply(5, 1, 33), Ok(2));
    assert_eq!(decode::apply(1, i32::MAX, 1), Ok(i32::MIN));
    // Division by zero and operator bytes outside 0–9 stop the script.
    for (operator, fault) in
        [(4, Fault::DivideByZero), (10, Fault::Operator(10)), (0x80, Fault::Operator(0x80))]
    {
        let code = B::default().b(&[op::LOCAL, 0]).num(7).b(&[operator]).num(0).b(&[0, op::YIELD]);
        let mut h = TestHost::default();
        let st = once(&code.0, &mut h);
        assert_eq!(stopped(&st), Some(fault));
        assert!(h.events.iter().any(|e| matches!(e, ScriptEvent::Error(ScriptError { at: 0, .. }))));
    }
    // Formula terms: flags, locals, properties and function values.
    let code = B::default()
        .b(&[op::LOCAL, 1, op::FLAG])
        .u16(2)
        .b(&[1, op::LOCAL, 0, 1, op::OBJECT_DOT, 0, 0])
        .u16(1)
        .b(&[1, op::FUNCTION])
        .u16(1)
        .b(&[2])
        .num(1)
        .num(2)
        .b(&[0, op::YIELD]);
    let mut h = TestHost { locals: [5, 0, 0, 0], ..TestHost::default() };
    h.flags.set(2, 100);
    h.actor.angles.heading = 1000;
    once(&code.0, &mut h);
    assert_eq!(h.locals[1], 100 + 5 + 1000 + 21);
}

#[test]
fn comparisons_and_conjunctions_evaluate_every_side() {
    // If <a> <cmp> <b> else goto end; local[0] = 1; end: Yield
    let check = |a: i32, cmp: u8, b: i32| {
        let head = B::default().b(&[op::IF]).num(a).b(&[cmp]).num(b).b(&[0]);
        let end = head.len() + 4 + 8;
        let code = head.u32(end).b(&[op::LOCAL, 0]).num(1).b(&[0, op::YIELD]);
        let mut h = TestHost::default();
        let st = once(&code.0, &mut h);
        assert_eq!(st.error, None);
        h.locals[0] == 1
    };
    let table = [
        (0, [false, true, false]),
        (1, [true, false, true]),
        (2, [true, false, false]),
        (3, [false, false, true]),
        (4, [true, true, false]),
        (5, [false, true, true]),
    ];
    for (cmp, want) in table {
        // -1 vs 0, 0 vs 0, 1 vs 0: signed.
        assert_eq!([check(-1, cmp, 0), check(0, cmp, 0), check(1, cmp, 0)], want, "comparison {cmp}");
    }
    // A bad comparison or conjunction byte is bad bytecode.
    assert_eq!(
        decode::statement(&B::default().b(&[op::IF]).num(0).b(&[6]).num(0).b(&[0]).u32(0).0, 0).unwrap_err(),
        Fault::Comparison(6)
    );
    assert_eq!(
        decode::statement(&B::default().b(&[op::IF]).num(0).b(&[0]).num(0).b(&[3]).u32(0).0, 0).unwrap_err(),
        Fault::Conjunction(3)
    );
    // Folding left to right, no short circuit: 1=2 and local[1]++ = 1 or 1=1.
    // false and (x) → false, or true → true; the increment on the right of the `and` ran.
    let head = B::default()
        .b(&[op::IF])
        .num(1)
        .b(&[0])
        .num(2)
        .b(&[1, op::LOCAL, 1, 10, 0])
        .num(1)
        .b(&[2])
        .num(1)
        .b(&[0])
        .num(1)
        .b(&[0]);
    let end = head.len() + 4 + 8;
    let code = head.u32(end).b(&[op::LOCAL, 0]).num(1).b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!((h.locals[0], h.locals[1]), (1, 1));
    // true or x and false → false: `and` binds no tighter than `or`; the call ran too.
    let head = B::default()
        .b(&[op::IF])
        .num(1)
        .b(&[0])
        .num(1)
        .b(&[2, op::FUNCTION])
        .u16(1)
        .b(&[1])
        .num(4)
        .b(&[0])
        .num(4)
        .b(&[1])
        .num(1)
        .b(&[0])
        .num(2)
        .b(&[0]);
    let end = head.len() + 4 + 8;
    let code = head.u32(end).b(&[op::LOCAL, 0]).num(1).b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!((h.locals[0], h.log.len()), (0, 1));
    // Conditional updates write before comparing the new value: flag[0]-- = -1.
    let head = B::default().b(&[op::IF, op::FLAG, 0, 0, 11, 0]).num(-1).b(&[0]);
    let end = head.len() + 4 + 8;
    let code = head.u32(end).b(&[op::LOCAL, 0]).num(1).b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!((h.flags.get(0), h.locals[0]), (Some(-1), 1));
}

#[test]
fn assignments_steps_and_out_of_range_places() {
    // flag[368] = 9; Me.ref[1]++; Player.ref[1]--; local[3] = 2; Yield
    let code = B::default()
        .b(&[op::FLAG])
        .u16(368)
        .num(9)
        .b(&[0, op::OBJ_INC, 0, 0])
        .u16(1)
        .b(&[op::OBJ_DEC, 1, 0])
        .u16(1)
        .b(&[op::LOCAL, 3])
        .num(2)
        .b(&[0, op::OBJ_INC, 0, 0])
        .u16(77)
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!(st.error, None);
    assert_eq!(
        (h.flags.get(368), h.actor.angles.heading, h.other.angles.heading, h.locals[3]),
        (Some(9), 1, 2047, 2)
    );
    assert!(h.events.contains(&ScriptEvent::Property { reference: 77 }));
    // A flag or local outside its table stops the script.
    let code = B::default().b(&[op::FLAG]).u16(369).num(1).b(&[0]);
    assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Flag(369)));
    let code = B::default().b(&[op::LOCAL, 4]).num(1).b(&[0]);
    assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Local(4)));
    // Anchor stores its byte.
    let code = B::default().b(&[op::ANCHOR, 42, op::YIELD]);
    assert_eq!(once(&code.0, &mut TestHost::default()).anchor, 42);
}

#[test]
fn continuations_end_yield_endint_gosub_and_return() {
    // 0: Gosub 11; 5: End 0; 10: Yield(never); 11: local[0] = local[0] + 1; 20: Return
    let code = B::default()
        .b(&[op::GOSUB])
        .u32(11)
        .b(&[op::END])
        .u32(0)
        .b(&[op::YIELD, op::LOCAL, 0, op::LOCAL, 0, 1])
        .num(1)
        .b(&[0, op::RETURN]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.main, st.ret, h.locals[0]), (0, Some(5), 1));
    assert_eq!(h.statements().as_slice(), &[0, 11, 22, 5]);
    // End stored target 0: the next stage restarts at the base.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.locals[0], 2);
    // Yield keeps the following cursor; Endint goes back to the base.
    let code = B::default().b(&[op::YIELD, op::ENDINT]);
    let mut st = fresh(&code.0, 0);
    let mut h = TestHost::default();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 1);
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 0);
    // A Return with the null slot ends the invocation and resets main, also from entry.
    let code = B::default().b(&[op::RETURN, op::YIELD, op::YIELD]);
    let mut st = fresh(&code.0, 2);
    assert_eq!((st.main, st.entry), (2, Some(0)));
    let mut h = TestHost::default();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.entry, st.main), (Some(0), 0));
    // Goto and End targets outside the script are bad bytecode.
    for opcode in [op::GOTO, op::END, op::GOSUB] {
        let code = B::default().b(&[opcode]).u32(5);
        assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Jump(5)));
    }
    // An endless loop without a yield is a runaway, not a hang.
    let code = B::default().b(&[op::GOTO]).u32(0);
    assert_eq!(stopped(&once(&code.0, &mut TestHost::default())), Some(Fault::Runaway));
    // Running off the end is truncation; a stopped script does nothing more.
    let code = B::default().b(&[op::ANCHOR, 1]);
    let mut h = TestHost::default();
    let mut st = once(&code.0, &mut h);
    assert_eq!(stopped(&st), Some(Fault::Truncated));
    let n = h.events.len();
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.events.len(), n);
}

#[test]
fn script_rv_branches_on_the_return_byte() {
    // ScriptRV 0, Gosub 13 (match: saves rv), ...
    let code = B::default().b(&[op::SCRIPT_RV, 1]).b(&[op::GOSUB]).u32(0).b(&[op::ANCHOR, 5, op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!((st.anchor, h.statements().as_slice()), (5, &[0u32, 7, 9][..]));
    // Match with a Gosub body: the return byte is saved, then the Gosub runs.
    let code = B::default().b(&[op::SCRIPT_RV, 0, op::GOSUB]).u32(7).b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    st.rv = 0;
    st.ret_rv = 9;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.ret_rv, st.ret, h.statements().as_slice()), (0, Some(7), &[0u32, 2, 7][..]));
    // Match with a Return body: the cursor moves on four bytes.
    let code = B::default().b(&[op::SCRIPT_RV, 0, op::RETURN, 0, 0, 0, op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!(h.statements().as_slice(), &[0, 6]);
}

#[test]
fn blocking_tasks_yield_and_complete_at_the_next_pass() {
    // Task 3(2); Multitask 3(5); Task 3(0); Yield
    let code = B::default()
        .call(op::TASK, 3, &[2])
        .call(op::MULTITASK, 3, &[5])
        .call(op::TASK, 3, &[0])
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    // Update 1: the initial call (elapsed 0), a slot, and the stage yields.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.main, 9);
    assert_eq!(st.tasks.slots().len(), 1);
    assert_eq!(h.log.as_slice(), &[(3, [2, 0], 0, true)]);
    // Update 2: the pass (counter 1 → elapsed 1) keeps it; main stays blocked.
    stage(&mut st, &code.0, &mut h, StageInput { frame_scale: 256, ..ON });
    assert_eq!(h.log.last(), Some(&(3, [2, 0], 1, false)));
    assert_eq!((st.main, st.tasks.slots()[0].counter), (9, 2));
    // Update 3 at scale 512: elapsed (2 × 512) >> 8 = 4 ≥ 2, done; main continues in the
    // same stage: the multitask runs and does not block, the blocking task with an
    // immediate "done" still allocates a slot and yields.
    stage(&mut st, &code.0, &mut h, StageInput { frame_scale: 512, ..ON });
    assert!(h.events.contains(&ScriptEvent::Task { at: 1, function: 3, done: true }));
    assert_eq!(h.log.len(), 5);
    assert_eq!(h.log[3], (3, [5, 0], 0, true));
    assert_eq!(h.log[4], (3, [0, 0], 0, true));
    assert_eq!(st.main, 27);
    let slots: heapless::Vec<(u32, bool), 6> = st.tasks.slots().iter().map(|s| (s.at, s.blocking)).collect();
    assert_eq!(slots.as_slice(), &[(10, false), (19, true)]);
    // Update 4: the pass in allocation order; the done blocking slot drops; main yields.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.log[5].0, 3);
    assert_eq!(st.tasks.slots().len(), 1);
    assert_eq!(st.main, 28);
}

#[test]
fn task_controls_and_gates() {
    // 0: Multitask 3(100); 9: Task 3(100); 18: TaskPause 9... run with control bits.
    let code = B::default()
        .call(op::MULTITASK, 3, &[100])
        .b(&[op::TASK_PAUSE])
        .u32(0)
        .b(&[op::TASK_RESUME])
        .u32(0)
        .b(&[op::TASK_PAUSE])
        .u32(0)
        .b(&[op::YIELD, op::TASK_STOP])
        .u32(0)
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, ON);
    assert!(st.tasks.slots()[0].paused);
    // A paused slot is skipped by the pass (no invocation); TaskStop then removes it.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(h.log.len(), 1);
    assert!(st.tasks.slots().is_empty(), "TaskStop removed the labelled slot");

    // Gates: bit 0x01 suppresses the main stage, 0x02 the hook; task_system off runs the
    // hook only; 0x04 runs main without the pass even with a blocking slot.
    let hook = [1u8, 0, 2, op::NUMERIC, 3, 0, 0, 0, op::LOCAL, 0, 0, 0, 0];
    let code = B::default().call(op::TASK, 3, &[100]).b(&[op::ANCHOR, 1, op::YIELD]);
    let mut h = TestHost { hook: Some(&hook), locals: [4, 0, 0, 0], ..TestHost::default() };
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, StageInput { task_system: false, ..ON });
    assert_eq!((h.log.as_slice(), st.main), (&[(1, [3, 4], 0, true)][..], 0));
    h.control = control::NO_HOOK | control::NO_MAIN;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.main), (1, 0));
    h.control = 0;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.main), (3, 9), "hook, then the task");
    // With an unpaused slot the hook waits; the pass keeps the slot; main is blocked.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.anchor), (4, 0));
    // 0x04: no pass, main runs past the blocking slot.
    h.control = control::NO_TASK_PASS;
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((h.log.len(), st.anchor, st.main), (4, 1, 12));
}

#[test]
fn the_entry_continuation_and_its_blocking_gate() {
    // Entry at 0: Task 3(2); Endint. Main at 10: Anchor 7; End 10.
    let code = B::default().call(op::TASK, 3, &[2]).b(&[op::ENDINT, op::ANCHOR, 7, op::END]).u32(10);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 10);
    stage(&mut st, &code.0, &mut h, ON);
    // Entry ran the task and yielded; the pass kept the slot (elapsed 1 < 2), which blocks
    // the main body this update.
    assert_eq!((st.entry, st.main, st.anchor), (Some(9), 10, 0));
    // Next: the slot (address 1 ≤ entry 9) gates the entry; the pass completes it; main runs.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!((st.entry, st.anchor, st.main), (Some(9), 7, 10));
    assert!(h.events.iter().any(|e| matches!(e, ScriptEvent::Statement { at: 10, entry: false, .. })));
    // Next: entry runs Endint, back to its base.
    stage(&mut st, &code.0, &mut h, ON);
    assert_eq!(st.entry, Some(0));
}

#[test]
fn slots_are_six_and_a_call_already_in_a_slot_is_not_rerun() {
    let mut b = B::default();
    for k in 0..7 {
        b = b.call(op::MULTITASK, 3, &[100 + k]);
    }
    let code = b.b(&[op::GOTO]).u32(0);
    let mut h = TestHost::default();
    let mut st = fresh(&code.0, 0);
    stage(&mut st, &code.0, &mut h, StageInput { task_system: true, frame_scale: 256 });
    // The loop goes round until the runaway bound, but each call ran once and only six fit.
    assert_eq!(st.tasks.slots().len(), 6);
    // The six slotted calls ran once; the seventh, never slotted, ran on every round.
    for k in 0..6 {
        assert_eq!(h.log.iter().filter(|l| l.1[0] == 100 + k).count(), 1);
    }
    assert!(h.log.iter().filter(|l| l.1[0] == 106).count() > 1);
    assert!(h.events.contains(&ScriptEvent::SlotsFull { at: 55 }));
    assert_eq!(stopped(&st), Some(Fault::Runaway));
}

#[test]
fn object_calls_and_selectors() {
    // Player.Task 3(1) (receiver owns the slot, caller continues); local[0] = Named(0).1(2,3);
    // Camera.1() is skipped.
    let code = B::default()
        .b(&[op::OBJ_TASK, 1, 0, 0])
        .u16(3)
        .b(&[1])
        .num(1)
        .b(&[op::LOCAL, 0, op::OBJ_FUNCTION, 4, 0])
        .u16(1)
        .b(&[2])
        .num(2)
        .num(3)
        .b(&[0, op::OBJ_FUNCTION, 2, 0, 2])
        .u16(1)
        .b(&[0, op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!(st.error, None);
    assert_eq!(st.tasks.slots().len(), 0);
    assert_eq!(h.other_state.tasks.slots().len(), 1);
    assert_eq!(h.other_state.tasks.slots()[0].at, 4);
    assert_eq!(h.locals[0], 32);
    assert!(h.events.iter().any(|e| matches!(e, ScriptEvent::NoObject { .. })));
    // Locals in an object call's arguments are the receiver's.
    let code = B::default().b(&[op::OBJ_FUNCTION, 1, 0, 2]).u16(1).b(&[1, op::LOCAL, 1, 0, 0, 0, op::YIELD]);
    let mut h = TestHost { other_locals: [0, 66, 0, 0], ..TestHost::default() };
    once(&code.0, &mut h);
    assert_eq!(h.log[0].1, [66, 0]);
    // A local holding a string index names an object.
    let code = B::default().b(&[op::OBJ_FUNCTION, 10, 2, 2]).u16(1).b(&[1]).num(8).b(&[op::YIELD]);
    let mut h = TestHost::default();
    once(&code.0, &mut h);
    assert_eq!(h.log.len(), 1);
}

#[test]
fn natives_not_implemented_report_and_continue() {
    let code = B::default()
        .call(op::FUNCTION, 2, &[1])
        .call(op::FUNCTION, functions::id::SET_ATTRIBUTE, &[6, 300])
        .b(&[op::YIELD]);
    let mut h = TestHost::default();
    let st = once(&code.0, &mut h);
    assert_eq!(st.error, None);
    assert!(h.events.contains(&ScriptEvent::NotImplemented { function: 2 }));
    // SetAttribute(6) copies the low byte to 115 as well.
    assert_eq!((h.actor.attributes[6], h.actor.attributes[115]), (44, 44));
}

#[test]
fn the_core_natives() {
    use functions::id;
    let mut rng = Rng::default();
    // state = 1 * 1103515245 + 12345 → (state >> 16) & 32767.
    assert_eq!(rng.draw(), 16838);
    // Rnd(10): masked by 15, then modulo 10.
    assert_eq!(Rng::default().bounded(10), 6); // 16838 & 15 = 6, below 10
    assert_eq!(Rng::default().bounded(20_000), 16838);
    let mut h = TestHost::default();
    h.actor.attributes[1] = 9;
    h.actor.position = [100, -50, 25];
    h.actor.angles.heading = 100;
    let call = |h: &mut TestHost<'_>, function: u16, args: &[i32], elapsed: i32| {
        let mut c = NativeCall {
            function,
            args: [0; 8],
            argc: args.len() as u8,
            elapsed,
            initial: false,
            scratch: 0,
            tasks: None,
        };
        c.args[..args.len()].copy_from_slice(args);
        h.native(Receiver::Me, &mut c)
    };
    assert_eq!(call(&mut h, id::GET_ATTRIBUTE, &[1], 0), Some(9));
    assert_eq!(call(&mut h, id::GET_MY_ATTR, &[256], 0), Some(0));
    call(&mut h, id::SET_ATTRIBUTE, &[1, 0x1ff], 0);
    assert_eq!((h.actor.attributes[1], h.actor.attributes[119]), (0xff, 0xff));
    call(&mut h, id::SET_MY_ATTR, &[6, 7], 0);
    assert_eq!((h.actor.attributes[6], h.actor.attributes[115]), (7, 0));
    // Attribute 44: SetAttribute stores the full value as the combat record's death default
    // only when dead, releasing the walk nodes; SetMyAttr stores the byte only with the
    // object-update exclusion set.
    h.actor.combat = Some(crate::actor::Combat::new(0, &[0; 256]));
    h.actor.walk_nodes = [Some(3), Some(4)];
    call(&mut h, id::SET_ATTRIBUTE, &[44, 300], 0);
    let death = |h: &TestHost| h.actor.combat.map(|c| c.death_default);
    assert_eq!((h.actor.attributes[44], death(&h), h.actor.walk_nodes), (44, Some(0), [Some(3), Some(4)]));
    h.actor.lifecycle = 8;
    call(&mut h, id::SET_ATTRIBUTE, &[44, 300], 0);
    assert_eq!((death(&h), h.actor.walk_nodes), (Some(300), [None, None]));
    call(&mut h, id::SET_MY_ATTR, &[44, 301], 0);
    assert_eq!(death(&h), Some(300), "no object-update exclusion");
    h.actor.object_update_exclusion = 1;
    call(&mut h, id::SET_MY_ATTR, &[44, 301], 0);
    assert_eq!((h.actor.attributes[44], death(&h)), (45, Some(45)));
    h.actor.object_update_exclusion = 0;
    // Wait(d): active while elapsed < d - 1.
    assert_eq!(call(&mut h, id::WAIT, &[5], 3), Some(1));
    assert_eq!(call(&mut h, id::WAIT, &[5], 4), Some(0));
    // PlayerDistance: |dx| + |dy| + |dz| to the player at the origin.
    assert_eq!(call(&mut h, id::PLAYER_DISTANCE, &[], 0), Some(175));
    // PlayerFacing(offset, tolerance) against the player's heading 0.
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[-100, 0], 0), Some(1));
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[0, 99], 0), Some(0));
    assert_eq!(call(&mut h, id::PLAYER_FACING, &[1948, 0], 0), Some(1));
    // Script and hook switches.
    call(&mut h, id::DISABLE_SCRIPT, &[], 0);
    call(&mut h, id::DISABLE_HOOK, &[], 0);
    assert_eq!(h.actor.script_control, 3);
    call(&mut h, id::ENABLE_SCRIPT, &[], 0);
    assert_eq!(h.actor.script_control, 2);
    // Flags ("Global Flags"): the fallback table's flag 12 is a BOOL at 0. Set toggles it to
    // 1 and latches (returns 0); a second set finds it latched and keeps 1; Reset clears only
    // the latch (returns 0); Test answers the latch.
    assert_eq!(call(&mut h, id::SET_GLOBAL_FLAG, &[12], 0), Some(0));
    assert_eq!((h.flags.get(12), call(&mut h, id::TEST_GLOBAL_FLAG, &[12], 0)), (Some(1), Some(1)));
    call(&mut h, id::SET_GLOBAL_FLAG, &[12], 0);
    assert_eq!(h.flags.get(12), Some(1));
    assert_eq!(call(&mut h, id::RESET_GLOBAL_FLAG, &[12], 0), Some(0));
    assert_eq!((h.flags.get(12), call(&mut h, id::TEST_GLOBAL_FLAG, &[12], 0)), (Some(1), Some(0)));
    // A declared COUNTER at 2: each set decrements and latches; at 0 it stays.
    let mut typed = Flags::empty();
    typed.declare(crate::formats::soupdef::FlagKind::Counter, 2).unwrap();
    h.flags = typed;
    for want in [1, 0, 0] {
        call(&mut h, id::SET_GLOBAL_FLAG, &[0], 0);
        assert_eq!((h.flags.get(0), h.flags.latch(0)), (Some(want), true));
    }
    // Ids outside the declared flags (or outside 16 bits) do nothing and test 0; the whole
    // argument is the id (65536 is not flag 0).
    for bad in [1, -1, 65_536] {
        assert_eq!(call(&mut h, id::RESET_GLOBAL_FLAG, &[bad], 0), Some(0));
        assert_eq!(call(&mut h, id::TEST_GLOBAL_FLAG, &[bad], 0), Some(0));
    }
    assert!(h.flags.latch(0));
    assert_eq!(call(&mut h, 200, &[], 0), None);
    assert_eq!(functions::get(id::PUSH_ANIMATION).map(|f| (f.name, f.params)), Some(("PushAnimation", 2)));
    assert_eq!(functions::FUNCTIONS.len(), 367);
}

#[test]
fn disassembly_reads_back() {
    let mut code = B::default();
    for (g, n) in [(1, 25), (10, 1)] {
        code = code.call(op::TASK, functions::id::PUSH_ANIMATION, &[g, n]);
    }
    let code = code.b(&[op::LOCAL, 0]).num(1).b(&[1, op::FLAG, 3, 0, 0]).b(&[op::END]).u32(0);
    let mut out: heapless::String<512> = heapless::String::new();
    super::disasm::disassemble(&mut out, &code.0, 0, &|_| None).unwrap();
    assert_eq!(
        out.as_str(),
        "    0: Task PushAnimation(1, 25)\n   14: Task PushAnimation(10, 1)\n   28: local[0] = 1 + flag[3]\n   40: End 0\n"
    );
}
