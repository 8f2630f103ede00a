//! The SOUP bytecode decoder ({E§1.8} "Encoding"; {D:engine/SOUP.md},
//! "Opcode Table", "Operand Encoding", "Object Name Encoding", "Call Encoding").
//!
//! Little-endian throughout. One opcode byte leads every statement and every operand; the
//! same operand opcode consumes different trailing bytes in each [`Mode`]. The decoder reads
//! one item at a time from a [`Reader`] and never allocates: a statement is decoded whole
//! (so a malformed one is rejected before any of it runs), and formulas, conditions and
//! argument lists are walked again by whoever evaluates or prints them.

use core::fmt;

/// Statement and operand opcodes ({E§1.8}).
pub mod op {
    /// Blocking task call on self.
    pub const TASK: u8 = 0x00;
    /// Non-blocking task call on self.
    pub const MULTITASK: u8 = 0x01;
    /// Function call on self (also a value outside PARAMETER mode).
    pub const FUNCTION: u8 = 0x02;
    /// Conditional branch.
    pub const IF: u8 = 0x03;
    /// Unconditional jump.
    pub const GOTO: u8 = 0x04;
    /// Store the target as the continuation and return.
    pub const END: u8 = 0x05;
    /// Global flag.
    pub const FLAG: u8 = 0x06;
    /// Immediate 32-bit integer.
    pub const NUMERIC: u8 = 0x07;
    /// Local variable.
    pub const LOCAL: u8 = 0x0A;
    /// Object property increment.
    pub const OBJ_INC: u8 = 0x0F;
    /// Object property decrement.
    pub const OBJ_DEC: u8 = 0x10;
    /// Subroutine call through the single return slot.
    pub const GOSUB: u8 = 0x11;
    /// Return through the single return slot.
    pub const RETURN: u8 = 0x12;
    /// Active cursor back to the script base, return.
    pub const ENDINT: u8 = 0x13;
    /// Object property.
    pub const OBJECT_DOT: u8 = 0x14;
    /// String literal (string-table index).
    pub const STRING: u8 = 0x15;
    /// Immediate integer; low 16 bits unsigned in PARAMETER mode.
    pub const NUMERIC_ALT: u8 = 0x16;
    /// Anchor assignment.
    pub const ANCHOR: u8 = 0x17;
    /// Keep the following cursor and return.
    pub const YIELD: u8 = 0x18;
    /// Task call on an object.
    pub const OBJ_TASK: u8 = 0x19;
    /// Function call on an object.
    pub const OBJ_FUNCTION: u8 = 0x1A;
    /// Remove matching task slots.
    pub const TASK_STOP: u8 = 0x1B;
    /// Pause matching task slots.
    pub const TASK_PAUSE: u8 = 0x1C;
    /// Resume matching task slots.
    pub const TASK_RESUME: u8 = 0x1D;
    /// Branch on the script return byte.
    pub const SCRIPT_RV: u8 = 0x1E;
}

/// Update bytes of LHS/RHS flag, local and property reads.
pub mod update {
    /// Plain read.
    pub const READ: u8 = 0;
    /// Increment, write, then compare the new value.
    pub const INCREMENT: u8 = 10;
    /// Decrement, write, then compare the new value.
    pub const DECREMENT: u8 = 11;
}

/// Most terms one formula may have before it counts as runaway.
pub const MAX_FORMULA_TERMS: usize = 256;
/// Most comparisons one `If` may chain before it counts as runaway.
pub const MAX_CONDITIONS: usize = 256;
/// Most arguments a native call may pass (SOUP386.DEF declares at most eight).
pub const MAX_ARGS: usize = 8;
/// Bytes of one PARAMETER-mode operand (every kind pads to five; RAHK uses the same size).
pub const PARAMETER_SIZE: u32 = 5;

/// How the calling construct reads an operand ("Value Modes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A top-level statement: flag, local and property opcodes assign a formula.
    Main,
    /// Left side of a comparison: flag, local and property reads carry an update byte.
    Lhs,
    /// Right side of a comparison (as [`Mode::Lhs`]).
    Rhs,
    /// A native argument: five bytes whatever the kind.
    Parameter,
    /// A formula term: no trailing bytes.
    Formula,
}

/// Why bytecode could not be decoded or run. Every fault stops that actor's script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The bytes ran out inside an item (or execution ran off the script's end).
    Truncated,
    /// An opcode that is not a statement.
    Opcode(u8),
    /// An operand opcode not allowed in its mode.
    Operand(u8),
    /// An unknown object-selector kind.
    Object(u8),
    /// An LHS/RHS update byte other than 0, 10 or 11.
    Update(u8),
    /// A formula operator byte other than 0–9 (fatal in the original).
    Operator(u8),
    /// A comparison byte above 5.
    Comparison(u8),
    /// A conjunction byte above 2.
    Conjunction(u8),
    /// An object call's dispatch byte above 2.
    Dispatch(u8),
    /// A native call where only PARAMETER operands may stand.
    CallInParameter,
    /// More arguments than [`MAX_ARGS`].
    Arguments(u8),
    /// A jump, branch, subroutine or End target outside the script.
    Jump(u32),
    /// A formula or condition chain longer than its bound.
    TooLong,
    /// An invocation ran too many statements without yielding (an endless loop).
    Runaway,
    /// A local variable outside the actor's table.
    Local(u8),
    /// A global flag outside the flag table.
    Flag(u16),
    /// Division by zero (a CPU fault in the original).
    DivideByZero,
    /// A task slot's stored operand address no longer decodes as a call.
    TaskOperand(u32),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Truncated => write!(f, "truncated"),
            Fault::Opcode(b) => write!(f, "unknown opcode 0x{b:02x}"),
            Fault::Operand(b) => write!(f, "operand 0x{b:02x} not allowed here"),
            Fault::Object(b) => write!(f, "unknown object kind 0x{b:02x}"),
            Fault::Update(b) => write!(f, "bad update byte {b}"),
            Fault::Operator(b) => write!(f, "fatal formula operator {b}"),
            Fault::Comparison(b) => write!(f, "bad comparison {b}"),
            Fault::Conjunction(b) => write!(f, "bad conjunction {b}"),
            Fault::Dispatch(b) => write!(f, "bad dispatch byte {b}"),
            Fault::CallInParameter => write!(f, "native call as a parameter"),
            Fault::Arguments(n) => write!(f, "{n} arguments"),
            Fault::Jump(t) => write!(f, "target {t} outside the script"),
            Fault::TooLong => write!(f, "runaway formula or condition"),
            Fault::Runaway => write!(f, "runaway invocation"),
            Fault::Local(i) => write!(f, "local {i} outside the table"),
            Fault::Flag(i) => write!(f, "flag {i} outside the table"),
            Fault::DivideByZero => write!(f, "division by zero"),
            Fault::TaskOperand(a) => write!(f, "task operand at {a} is not a call"),
        }
    }
}

/// An object selector: a kind byte and one more byte ("Object Name Encoding").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Object {
    /// `0x00`: the script's own actor.
    Me,
    /// `0x01`: the selected player.
    Player,
    /// `0x02`: the camera.
    Camera,
    /// `0x04`: the object named by this string of the script's table.
    Named(u8),
    /// `0x0A`: the object named by the string whose index this local variable holds.
    Local(u8),
}

/// Something a script reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A global flag.
    Flag(u16),
    /// A local variable of the actor.
    Local(u8),
    /// A property (`[refs]` index, the full 16 bits) of an object.
    Property(Object, u16),
}

/// What an LHS/RHS read does to its place first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Plain read.
    Read,
    /// `++`: write the incremented value, read it.
    Increment,
    /// `--`: write the decremented value, read it.
    Decrement,
}

impl Update {
    /// The change the update applies.
    pub fn delta(self) -> i32 {
        match self {
            Update::Read => 0,
            Update::Increment => 1,
            Update::Decrement => -1,
        }
    }
}

/// How a call dispatches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    /// Blocking task.
    Task,
    /// Non-blocking task.
    Multitask,
    /// Immediate function.
    Function,
}

/// A native call: its target, dispatch, function id and where its arguments lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// `None` for a self call (`00`/`01`/`02`), else the object selector (`19`/`1A`).
    pub target: Option<Object>,
    /// Dispatch type.
    pub kind: CallKind,
    /// Index into SOUP386.DEF `[functions]`.
    pub function: u16,
    /// Argument count (0 with no count byte for function 0, `NullFunction`).
    pub argc: u8,
    /// The operand address a task slot keeps: the function id's offset.
    pub at: u32,
    /// Offset of the first argument.
    pub args: u32,
}

impl Call {
    /// Offset of argument `k` (each is [`PARAMETER_SIZE`] bytes).
    pub fn arg(&self, k: u8) -> u32 {
        self.args.wrapping_add(k as u32 * PARAMETER_SIZE)
    }

    /// The offset after the call.
    pub fn end(&self) -> u32 {
        self.arg(self.argc)
    }
}

/// One decoded operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// `07`/`16`: an integer (`16` in PARAMETER mode: the low 16 bits, unsigned).
    Integer(i32),
    /// `15`: a string-table index (the low byte in PARAMETER mode), not the text itself.
    Text(u32),
    /// `06`/`0A`/`14`: a read, with its LHS/RHS update.
    Read(Place, Update),
    /// `02`/`19`/`1A` outside PARAMETER mode: a function call's value.
    Call(Call),
}

/// One decoded statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// `00`/`01`/`02`/`19`/`1A`.
    Call(Call),
    /// `03`: conditions start at `conditions`; false jumps to `target`, true runs from `body`.
    If {
        /// Offset of the first comparison.
        conditions: u32,
        /// The false-branch target.
        target: u32,
        /// Offset of the true block.
        body: u32,
    },
    /// `04`.
    Goto(u32),
    /// `05`.
    End(u32),
    /// `06`/`0A`/`14` in MAIN mode: the formula at `formula` is assigned to `place`.
    Assign {
        /// Destination.
        place: Place,
        /// Offset of the first formula term.
        formula: u32,
    },
    /// `0F`/`10`: a property incremented (+1) or decremented (−1).
    Step {
        /// The property.
        place: Place,
        /// +1 or −1.
        delta: i32,
    },
    /// `11`.
    Gosub(u32),
    /// `12`.
    Return,
    /// `13`.
    Endint,
    /// `17`.
    Anchor(u8),
    /// `18`.
    Yield,
    /// `1B`.
    TaskStop(u32),
    /// `1C`.
    TaskPause(u32),
    /// `1D`.
    TaskResume(u32),
    /// `1E`: branch on the script return byte.
    ScriptRv(u8),
}

/// A statement with its offset, opcode and the offset after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodedStatement {
    /// Offset of the opcode.
    pub at: u32,
    /// The opcode byte.
    pub op: u8,
    /// The statement.
    pub statement: Statement,
    /// Offset of the following statement.
    pub next: u32,
}

/// A cursor over script bytes.
#[derive(Clone, Copy, Debug)]
pub struct Reader<'a> {
    code: &'a [u8],
    /// Current offset.
    pub pos: u32,
}

impl<'a> Reader<'a> {
    /// A reader at `pos` of `code`.
    pub fn new(code: &'a [u8], pos: u32) -> Self {
        Reader { code, pos }
    }

    /// The bytes read.
    pub fn code(&self) -> &'a [u8] {
        self.code
    }

    /// The next byte without consuming it.
    pub fn peek(&self) -> Result<u8, Fault> {
        self.code.get(self.pos as usize).copied().ok_or(Fault::Truncated)
    }

    /// One byte.
    pub fn u8(&mut self) -> Result<u8, Fault> {
        let b = self.peek()?;
        self.pos += 1;
        Ok(b)
    }

    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], Fault> {
        let start = self.pos as usize;
        let b =
            self.code.get(start..start.checked_add(N).ok_or(Fault::Truncated)?).ok_or(Fault::Truncated)?;
        let mut out = [0; N];
        out.copy_from_slice(b);
        self.pos += N as u32;
        Ok(out)
    }

    /// A little-endian u16.
    pub fn u16(&mut self) -> Result<u16, Fault> {
        self.bytes::<2>().map(u16::from_le_bytes)
    }

    /// A little-endian u32.
    pub fn u32(&mut self) -> Result<u32, Fault> {
        self.bytes::<4>().map(u32::from_le_bytes)
    }

    /// An object selector (kind byte and its operand byte).
    pub fn object(&mut self) -> Result<Object, Fault> {
        let kind = self.u8()?;
        let operand = self.u8()?;
        Ok(match kind {
            0x00 => Object::Me,
            0x01 => Object::Player,
            0x02 => Object::Camera,
            0x04 => Object::Named(operand),
            0x0A => Object::Local(operand),
            k => return Err(Fault::Object(k)),
        })
    }

    fn place(&mut self, opcode: u8) -> Result<Place, Fault> {
        Ok(match opcode {
            op::FLAG => Place::Flag(self.u16()?),
            op::LOCAL => Place::Local(self.u8()?),
            _ => {
                let object = self.object()?;
                Place::Property(object, self.u16()?)
            }
        })
    }

    /// A call after its opcode (and after the object selector and dispatch byte of an
    /// object call): function id, argument count (none for function 0), and the arguments,
    /// each checked as a PARAMETER operand.
    pub fn call(&mut self, target: Option<Object>, kind: CallKind) -> Result<Call, Fault> {
        let at = self.pos;
        let function = self.u16()?;
        let argc = if function == 0 { 0 } else { self.u8()? };
        if argc as usize > MAX_ARGS {
            return Err(Fault::Arguments(argc));
        }
        let call = Call { target, kind, function, argc, at, args: self.pos };
        for _ in 0..argc {
            self.operand(Mode::Parameter)?;
        }
        Ok(call)
    }

    /// One operand in a value mode (`mode` other than [`Mode::Main`]).
    pub fn operand(&mut self, mode: Mode) -> Result<Operand, Fault> {
        let opcode = self.u8()?;
        let parameter = mode == Mode::Parameter;
        Ok(match opcode {
            op::NUMERIC => Operand::Integer(self.u32()? as i32),
            op::NUMERIC_ALT => {
                let v = self.u32()?;
                Operand::Integer(if parameter { (v as u16) as i32 } else { v as i32 })
            }
            op::STRING => {
                let v = self.u32()?;
                Operand::Text(if parameter { v & 0xff } else { v })
            }
            op::FLAG | op::LOCAL | op::OBJECT_DOT => {
                let place = self.place(opcode)?;
                let update = match mode {
                    Mode::Lhs | Mode::Rhs => match self.u8()? {
                        update::READ => Update::Read,
                        update::INCREMENT => Update::Increment,
                        update::DECREMENT => Update::Decrement,
                        b => return Err(Fault::Update(b)),
                    },
                    Mode::Parameter => {
                        // Padding to five bytes: u16 after a flag, three after a local.
                        let pad = match opcode {
                            op::FLAG => 2,
                            op::LOCAL => 3,
                            _ => 0,
                        };
                        for _ in 0..pad {
                            self.u8()?;
                        }
                        Update::Read
                    }
                    Mode::Formula | Mode::Main => Update::Read,
                };
                Operand::Read(place, update)
            }
            op::FUNCTION | op::OBJ_TASK | op::OBJ_FUNCTION if parameter => {
                return Err(Fault::CallInParameter);
            }
            op::FUNCTION => Operand::Call(self.call(None, CallKind::Function)?),
            op::OBJ_TASK | op::OBJ_FUNCTION => {
                let object = self.object()?;
                Operand::Call(self.call(Some(object), CallKind::Function)?)
            }
            b => return Err(Fault::Operand(b)),
        })
    }

    /// Skips a formula (terms and operators up to the 0 terminator), checking it.
    pub fn skip_formula(&mut self) -> Result<(), Fault> {
        for _ in 0..MAX_FORMULA_TERMS {
            self.operand(Mode::Formula)?;
            match self.u8()? {
                0 => return Ok(()),
                1..=9 => {}
                b => return Err(Fault::Operator(b)),
            }
        }
        Err(Fault::TooLong)
    }

    /// Skips an `If` condition chain up to its 0 conjunction, checking it.
    pub fn skip_conditions(&mut self) -> Result<(), Fault> {
        for _ in 0..MAX_CONDITIONS {
            self.operand(Mode::Lhs)?;
            let c = self.u8()?;
            if c > 5 {
                return Err(Fault::Comparison(c));
            }
            self.operand(Mode::Rhs)?;
            match self.u8()? {
                0 => return Ok(()),
                1 | 2 => {}
                b => return Err(Fault::Conjunction(b)),
            }
        }
        Err(Fault::TooLong)
    }

    /// One whole statement at the cursor. Jump targets are checked against the script's
    /// length (a target must name a byte of the script).
    pub fn statement(&mut self) -> Result<DecodedStatement, Fault> {
        let at = self.pos;
        let opcode = self.u8()?;
        let len = self.code.len() as u32;
        let target = |t: u32| if t < len { Ok(t) } else { Err(Fault::Jump(t)) };
        let statement = match opcode {
            op::TASK | op::MULTITASK | op::FUNCTION => {
                let kind = [CallKind::Task, CallKind::Multitask, CallKind::Function][opcode as usize];
                Statement::Call(self.call(None, kind)?)
            }
            op::IF => {
                let conditions = self.pos;
                self.skip_conditions()?;
                let t = target(self.u32()?)?;
                Statement::If { conditions, target: t, body: self.pos }
            }
            op::GOTO => Statement::Goto(target(self.u32()?)?),
            op::END => Statement::End(target(self.u32()?)?),
            op::FLAG | op::LOCAL | op::OBJECT_DOT => {
                let place = self.place(opcode)?;
                let formula = self.pos;
                self.skip_formula()?;
                Statement::Assign { place, formula }
            }
            op::OBJ_INC | op::OBJ_DEC => {
                let object = self.object()?;
                let place = Place::Property(object, self.u16()?);
                Statement::Step { place, delta: if opcode == op::OBJ_INC { 1 } else { -1 } }
            }
            op::GOSUB => Statement::Gosub(target(self.u32()?)?),
            op::RETURN => Statement::Return,
            op::ENDINT => Statement::Endint,
            op::ANCHOR => Statement::Anchor(self.u8()?),
            op::YIELD => Statement::Yield,
            op::OBJ_TASK | op::OBJ_FUNCTION => {
                let object = self.object()?;
                let kind = match self.u8()? {
                    0 => CallKind::Task,
                    1 => CallKind::Multitask,
                    2 => CallKind::Function,
                    b => return Err(Fault::Dispatch(b)),
                };
                Statement::Call(self.call(Some(object), kind)?)
            }
            op::TASK_STOP => Statement::TaskStop(self.u32()?),
            op::TASK_PAUSE => Statement::TaskPause(self.u32()?),
            op::TASK_RESUME => Statement::TaskResume(self.u32()?),
            op::SCRIPT_RV => Statement::ScriptRv(self.u8()?),
            b => return Err(Fault::Opcode(b)),
        };
        Ok(DecodedStatement { at, op: opcode, statement, next: self.pos })
    }
}

/// Decodes the statement at `at` of `code`.
pub fn statement(code: &[u8], at: u32) -> Result<DecodedStatement, Fault> {
    Reader::new(code, at).statement()
}

/// A formula operator applied left to right ("Arithmetic Operators": `*` signed, `/`
/// unsigned, `>>` arithmetic; shift counts are masked to five bits as the x86 does).
pub fn apply(operator: u8, a: i32, b: i32) -> Result<i32, Fault> {
    Ok(match operator {
        1 => a.wrapping_add(b),
        2 => a.wrapping_sub(b),
        3 => a.wrapping_mul(b),
        4 => {
            if b == 0 {
                return Err(Fault::DivideByZero);
            }
            ((a as u32) / (b as u32)) as i32
        }
        5 => a.wrapping_shl(b as u32),
        6 => a.wrapping_shr(b as u32),
        7 => a & b,
        8 => a | b,
        9 => a ^ b,
        o => return Err(Fault::Operator(o)),
    })
}

/// A comparison (`0 = 1 != 2 < 3 > 4 <= 5 >=`, signed).
pub fn compare(comparison: u8, a: i32, b: i32) -> Result<bool, Fault> {
    Ok(match comparison {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a > b,
        4 => a <= b,
        5 => a >= b,
        c => return Err(Fault::Comparison(c)),
    })
}

/// Formula operator symbols by byte (for disassembly).
pub const OPERATORS: [&str; 10] = [";", "+", "-", "*", "/", "<<", ">>", "&", "|", "^"];
/// Comparison symbols by byte.
pub const COMPARISONS: [&str; 6] = ["=", "!=", "<", ">", "<=", ">="];
