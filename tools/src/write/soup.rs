//! The SOUP assembler: statements by name, written as the bytes `stros_core::script::decode`
//! reads ({D:engine/SOUP.md} "Opcode Table", "Operand Encoding", "Object Name Encoding",
//! "Call Encoding", "Value Modes"), with labels that may be placed before or after the
//! jumps that name them. The generator's scripts and the tests' scripts are all written
//! through it.
//!
//! ```
//! use stros_core::script::functions::id;
//! use stros_tools::write::soup::{Asm, Cmp};
//! let mut a = Asm::new();
//! let away = a.label();
//! a.if_call(id::PLAYER_DISTANCE, &[], Cmp::Lt, 76_800, away);
//! a.function(id::KILL_ME, &[]);
//! a.here(away).end(Asm::START);
//! let code = a.finish();
//! assert_eq!(code[0], stros_core::script::decode::op::IF);
//! ```

use stros_core::script::decode::{CallKind, op, update};

pub use stros_core::script::decode::{Object, Place};

/// A place in the bytecode a jump, `End`, `Gosub` or task statement names: made by
/// [`Asm::label`], placed by [`Asm::here`] (before or after it is named).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label(usize);

/// A comparison of an `If` condition, by its byte ({D:engine/SOUP.md} "Comparison
/// Operators"; [`stros_core::script::decode::compare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `=`
    Eq = 0,
    /// `!=`
    Ne = 1,
    /// `<`
    Lt = 2,
    /// `>`
    Gt = 3,
    /// `<=`
    Le = 4,
    /// `>=`
    Ge = 5,
}

/// A formula operator, by its byte ({D:engine/SOUP.md} "Arithmetic Operators";
/// [`stros_core::script::decode::apply`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    /// `+`
    Add = 1,
    /// `-`
    Sub = 2,
    /// `*`
    Mul = 3,
    /// `/`
    Div = 4,
    /// `<<`
    Shl = 5,
    /// `>>`
    Shr = 6,
    /// `&`
    And = 7,
    /// `|`
    Or = 8,
    /// `^`
    Xor = 9,
}

/// An operand: a call's argument, a formula's term or a side of a comparison, encoded in
/// the mode of where it stands ({D:engine/SOUP.md} "Operand Encoding", "Value Modes").
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    /// `Numeric`: a 32-bit integer.
    Num(i32),
    /// `NumericAlt`: an integer of which an argument reads the low 16 bits unsigned.
    Alt(i32),
    /// `String`: an index into the script's string table.
    Str(u32),
    /// A flag, local or property read.
    Read(Place),
    /// A function's value (not allowed as an argument).
    Call(u16, &'a [Value<'a>]),
}

/// Where an operand stands: which trailing bytes its kind takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Parameter,
    Formula,
    Side,
}

/// A dialogue key operand: the label packed little-endian ({D:engine/SOUP.md} "Parameter
/// Type Overrides").
pub fn key(label: [u8; 4]) -> i32 {
    i32::from_le_bytes(label)
}

/// Bytecode being written; jumps to labels are patched by [`Asm::finish`].
#[derive(Debug)]
pub struct Asm {
    code: Vec<u8>,
    labels: Vec<Option<u32>>,
    fixups: Vec<(usize, Label)>,
}

impl Default for Asm {
    fn default() -> Self {
        Self { code: Vec::new(), labels: vec![Some(0)], fixups: Vec::new() }
    }
}

impl Asm {
    /// The script's first byte (`End 0`: the script starts over next update).
    pub const START: Label = Label(0);

    /// An empty script.
    pub fn new() -> Self {
        Self::default()
    }

    /// A label, to be placed by [`Asm::here`].
    pub fn label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }

    /// Places `l` at the next statement.
    pub fn here(&mut self, l: Label) -> &mut Self {
        assert!(self.labels[l.0].is_none(), "a label placed twice");
        self.labels[l.0] = Some(self.offset());
        self
    }

    /// A label placed at the next statement (for a jump back to it).
    pub fn mark(&mut self) -> Label {
        let l = self.label();
        self.here(l);
        l
    }

    /// The offset of the next statement.
    pub fn offset(&self) -> u32 {
        self.code.len() as u32
    }

    /// Raw bytes, for a test that writes what no statement here writes (a malformed
    /// statement, a stray byte).
    pub fn raw(&mut self, bytes: &[u8]) -> &mut Self {
        self.code.extend_from_slice(bytes);
        self
    }

    fn target(&mut self, l: Label) -> &mut Self {
        self.fixups.push((self.code.len(), l));
        self.raw(&[0; 4])
    }

    fn object(&mut self, o: Object) -> &mut Self {
        let (kind, operand) = match o {
            Object::Me => (0x00, 0),
            Object::Player => (0x01, 0),
            Object::Camera => (0x02, 0),
            Object::Named(s) => (0x04, s),
            Object::Local(k) => (0x0A, k),
        };
        self.raw(&[kind, operand])
    }

    /// A place's opcode and bytes ("Object Name Encoding" for a property's object).
    fn place(&mut self, p: Place) -> &mut Self {
        match p {
            Place::Flag(id) => self.raw(&[op::FLAG]).raw(&id.to_le_bytes()),
            Place::Local(k) => self.raw(&[op::LOCAL, k]),
            Place::Property(o, r) => self.raw(&[op::OBJECT_DOT]).object(o).raw(&r.to_le_bytes()),
        }
    }

    fn value(&mut self, v: Value<'_>, mode: Mode) -> &mut Self {
        match v {
            Value::Num(n) => self.raw(&[op::NUMERIC]).raw(&n.to_le_bytes()),
            Value::Alt(n) => self.raw(&[op::NUMERIC_ALT]).raw(&n.to_le_bytes()),
            Value::Str(s) => self.raw(&[op::STRING]).raw(&s.to_le_bytes()),
            Value::Read(p) => {
                self.place(p);
                match (mode, p) {
                    (Mode::Side, _) => self.raw(&[update::READ]),
                    // An argument pads to five bytes.
                    (Mode::Parameter, Place::Flag(_)) => self.raw(&[0; 2]),
                    (Mode::Parameter, Place::Local(_)) => self.raw(&[0; 3]),
                    _ => self,
                }
            }
            Value::Call(function, args) => {
                assert!(mode != Mode::Parameter, "a call cannot be an argument");
                self.call_values(op::FUNCTION, function, args)
            }
        }
    }

    fn call_values(&mut self, opcode: u8, function: u16, args: &[Value<'_>]) -> &mut Self {
        self.raw(&[opcode]).call_values_after_opcode(function, args)
    }

    /// A call statement on the script's own actor, of `kind`, with any operands.
    pub fn call(&mut self, kind: CallKind, function: u16, args: &[Value<'_>]) -> &mut Self {
        let opcode = match kind {
            CallKind::Task => op::TASK,
            CallKind::Multitask => op::MULTITASK,
            CallKind::Function => op::FUNCTION,
        };
        self.call_values(opcode, function, args)
    }

    fn numeric_call(&mut self, kind: CallKind, function: u16, args: &[i32]) -> &mut Self {
        let args: Vec<Value<'_>> = args.iter().map(|&n| Value::Num(n)).collect();
        self.call(kind, function, &args)
    }

    /// A blocking task with `Numeric` arguments.
    pub fn task(&mut self, function: u16, args: &[i32]) -> &mut Self {
        self.numeric_call(CallKind::Task, function, args)
    }

    /// A non-blocking task with `Numeric` arguments: it runs in its own slot while the
    /// script goes on.
    pub fn multitask(&mut self, function: u16, args: &[i32]) -> &mut Self {
        self.numeric_call(CallKind::Multitask, function, args)
    }

    /// A function call statement (its value unused) with `Numeric` arguments.
    pub fn function(&mut self, function: u16, args: &[i32]) -> &mut Self {
        self.numeric_call(CallKind::Function, function, args)
    }

    /// A function call statement with `NumericAlt` arguments (as the flag natives take
    /// them).
    pub fn function_alt(&mut self, function: u16, args: &[i32]) -> &mut Self {
        let args: Vec<Value<'_>> = args.iter().map(|&n| Value::Alt(n)).collect();
        self.call(CallKind::Function, function, &args)
    }

    /// A call statement on `object` ("Call Encoding": the object selector, then the
    /// dispatch byte).
    pub fn object_call(
        &mut self,
        object: Object,
        kind: CallKind,
        function: u16,
        args: &[Value<'_>],
    ) -> &mut Self {
        let (opcode, dispatch) = match kind {
            CallKind::Task => (op::OBJ_TASK, 0),
            CallKind::Multitask => (op::OBJ_TASK, 1),
            CallKind::Function => (op::OBJ_FUNCTION, 2),
        };
        self.raw(&[opcode]).object(object).raw(&[dispatch]);
        self.call_values_after_opcode(function, args)
    }

    fn call_values_after_opcode(&mut self, function: u16, args: &[Value<'_>]) -> &mut Self {
        self.raw(&function.to_le_bytes()).raw(&[args.len() as u8]);
        for &a in args {
            self.value(a, Mode::Parameter);
        }
        self
    }

    /// `If lhs <cmp> rhs` (one comparison), else go to `otherwise`.
    pub fn if_(&mut self, lhs: Value<'_>, cmp: Cmp, rhs: Value<'_>, otherwise: Label) -> &mut Self {
        self.raw(&[op::IF]).value(lhs, Mode::Side).raw(&[cmp as u8]);
        self.value(rhs, Mode::Side).raw(&[0]).target(otherwise)
    }

    /// `If function(args) <cmp> value` (`Numeric` operands), else go to `otherwise`.
    pub fn if_call(
        &mut self,
        function: u16,
        args: &[i32],
        cmp: Cmp,
        value: i32,
        otherwise: Label,
    ) -> &mut Self {
        let args: Vec<Value<'_>> = args.iter().map(|&n| Value::Num(n)).collect();
        self.if_(Value::Call(function, &args), cmp, Value::Num(value), otherwise)
    }

    /// `place = first <op> term …;` ("Assignment"): the formula's terms left to right.
    pub fn assign(&mut self, place: Place, first: Value<'_>, rest: &[(Operator, Value<'_>)]) -> &mut Self {
        self.place(place).value(first, Mode::Formula);
        for &(o, v) in rest {
            self.raw(&[o as u8]).value(v, Mode::Formula);
        }
        self.raw(&[0])
    }

    /// `object.ref[reference]++` (`ObjInc`).
    pub fn increment(&mut self, object: Object, reference: u16) -> &mut Self {
        self.raw(&[op::OBJ_INC]).object(object).raw(&reference.to_le_bytes())
    }

    /// `object.ref[reference]--` (`ObjDec`).
    pub fn decrement(&mut self, object: Object, reference: u16) -> &mut Self {
        self.raw(&[op::OBJ_DEC]).object(object).raw(&reference.to_le_bytes())
    }

    /// `Goto l`.
    pub fn goto(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::GOTO]).target(l)
    }

    /// `End l`: the script continues there next update.
    pub fn end(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::END]).target(l)
    }

    /// `End` at itself: the script stays at its end for good.
    pub fn end_here(&mut self) -> &mut Self {
        let l = self.mark();
        self.end(l)
    }

    /// `Gosub l` (through the single return slot).
    pub fn gosub(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::GOSUB]).target(l)
    }

    /// `Return`.
    pub fn ret(&mut self) -> &mut Self {
        self.raw(&[op::RETURN])
    }

    /// `Endint`: the cursor back to the script's base.
    pub fn endint(&mut self) -> &mut Self {
        self.raw(&[op::ENDINT])
    }

    /// `Anchor b`.
    pub fn anchor(&mut self, b: u8) -> &mut Self {
        self.raw(&[op::ANCHOR, b])
    }

    /// `Yield`: the script goes on after it next update.
    pub fn yield_(&mut self) -> &mut Self {
        self.raw(&[op::YIELD])
    }

    /// `TaskStop l`: the task slots of the call at `l` go.
    pub fn task_stop(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::TASK_STOP]).target(l)
    }

    /// `TaskPause l`.
    pub fn task_pause(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::TASK_PAUSE]).target(l)
    }

    /// `TaskResume l`.
    pub fn task_resume(&mut self, l: Label) -> &mut Self {
        self.raw(&[op::TASK_RESUME]).target(l)
    }

    /// The bytecode, every jump patched to its label; the assembler is left empty.
    pub fn finish(&mut self) -> Vec<u8> {
        let mut code = std::mem::take(&mut self.code);
        for (at, l) in self.fixups.drain(..) {
            let t = self.labels[l.0].expect("every label placed");
            code[at..at + 4].copy_from_slice(&t.to_le_bytes());
        }
        self.labels.truncate(1);
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::script::disasm;
    use stros_core::script::functions::id;

    fn listing(code: &[u8]) -> String {
        let mut text = String::new();
        disasm::disassemble(&mut text, code, 0, &|_| None).unwrap();
        text
    }

    /// Every statement and operand kind decodes as what was written, labels forward and back.
    #[test]
    fn what_is_written_disassembles_as_written() {
        let mut a = Asm::new();
        let (skip, back) = (a.label(), a.mark());
        a.if_(Value::Read(Place::Local(0)), Cmp::Ge, Value::Num(3), skip);
        a.assign(Place::Flag(2), Value::Read(Place::Flag(1)), &[(Operator::Add, Value::Alt(4))]);
        a.assign(Place::Local(1), Value::Call(id::TEST_GLOBAL_FLAG, &[Value::Alt(1)]), &[]);
        a.object_call(Object::Player, CallKind::Function, id::KILL_ME, &[Value::Str(0)]);
        a.increment(Object::Me, 3).decrement(Object::Named(1), 4);
        a.here(skip).task(id::WAIT, &[2]).goto(back).end_here();
        let text = listing(&a.finish());
        assert!(!text.contains(": <"), "{text}");
        for part in
            ["If local[0] >= 3", "flag[2] = flag[1] + 4", "TestGlobalFlag(1)", "Player.KillMe", "Goto 0"]
        {
            assert!(text.contains(part), "{part} in\n{text}");
        }
    }
}
