//! Hand-built bytecode through the decoder and the interpreter: every opcode, value mode,
//! operator, comparison and conjunction; the task model in [`tasks`].

mod tasks;

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
            3 => {
                let _ = self.log.push((3, [a0, a1], call.elapsed, call.initial));
                Some((call.elapsed < a0) as i32)
            }
            _ => {
                let mut g = natives::Globals {
                    player: Some(natives::PlayerView::of(&Actor::new(0, [0; 256]))),
                    ..natives::Globals::detached(&mut self.anim, &mut self.rng, &mut self.flags, 1)
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
