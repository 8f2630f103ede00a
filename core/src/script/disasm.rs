//! Readable disassembly of SOUP bytecode: one line per statement in a linear sweep, with
//! native names from [`super::functions`] and string literals from the actor's table.

use core::fmt::{self, Write};

use super::decode::{
    COMPARISONS, Call, CallKind, DecodedStatement, Mode, OPERATORS, Object, Operand, Place, Reader,
    Statement, Update,
};
use super::functions;

/// Looks up string `index` of the script's table.
pub type Strings<'s> = &'s dyn Fn(u32) -> Option<&'s [u8]>;

fn bytes(out: &mut impl Write, b: &[u8]) -> fmt::Result {
    for &c in b {
        out.write_char(if c.is_ascii_graphic() || c == b' ' { c as char } else { '?' })?;
    }
    Ok(())
}

fn object(out: &mut impl Write, o: Object, strings: Strings<'_>) -> fmt::Result {
    match o {
        Object::Me => out.write_str("Me"),
        Object::Player => out.write_str("Player"),
        Object::Camera => out.write_str("Camera"),
        Object::Named(s) => match strings(s as u32) {
            Some(name) => bytes(out, name),
            None => write!(out, "object[str {s}]"),
        },
        Object::Local(i) => write!(out, "object[local {i}]"),
    }
}

fn place(out: &mut impl Write, p: Place, strings: Strings<'_>) -> fmt::Result {
    match p {
        Place::Flag(id) => write!(out, "flag[{id}]"),
        Place::Local(i) => write!(out, "local[{i}]"),
        Place::Property(o, r) => {
            object(out, o, strings)?;
            write!(out, ".ref[{r}]")
        }
    }
}

fn function_name(out: &mut impl Write, id: u16) -> fmt::Result {
    match functions::get(id) {
        Some(f) => out.write_str(f.name),
        None => write!(out, "function[{id}]"),
    }
}

fn call(out: &mut impl Write, code: &[u8], c: &Call, strings: Strings<'_>) -> fmt::Result {
    if let Some(o) = c.target {
        object(out, o, strings)?;
        out.write_char('.')?;
    }
    function_name(out, c.function)?;
    out.write_char('(')?;
    for k in 0..c.argc {
        if k > 0 {
            out.write_str(", ")?;
        }
        match Reader::new(code, c.arg(k)).operand(Mode::Parameter) {
            Ok(op) => operand(out, code, op, strings)?,
            Err(e) => write!(out, "<{e}>")?,
        }
    }
    out.write_char(')')
}

fn operand(out: &mut impl Write, code: &[u8], op: Operand, strings: Strings<'_>) -> fmt::Result {
    match op {
        Operand::Integer(v) => write!(out, "{v}"),
        Operand::Text(s) => match strings(s) {
            Some(text) => {
                out.write_char('"')?;
                bytes(out, text)?;
                out.write_char('"')
            }
            None => write!(out, "str[{s}]"),
        },
        Operand::Read(p, u) => {
            place(out, p, strings)?;
            match u {
                Update::Read => Ok(()),
                Update::Increment => out.write_str("++"),
                Update::Decrement => out.write_str("--"),
            }
        }
        Operand::Call(c) => call(out, code, &c, strings),
    }
}

fn formula(out: &mut impl Write, code: &[u8], at: u32, strings: Strings<'_>) -> fmt::Result {
    let mut r = Reader::new(code, at);
    loop {
        match r.operand(Mode::Formula) {
            Ok(op) => operand(out, code, op, strings)?,
            Err(e) => return write!(out, "<{e}>"),
        }
        match r.u8() {
            Ok(0) | Err(_) => return Ok(()),
            Ok(o) => write!(out, " {} ", OPERATORS.get(o as usize).unwrap_or(&"?"))?,
        }
    }
}

fn conditions(out: &mut impl Write, code: &[u8], at: u32, strings: Strings<'_>) -> fmt::Result {
    let mut r = Reader::new(code, at);
    loop {
        let (Ok(lhs), Ok(c), Ok(rhs), Ok(j)) = (r.operand(Mode::Lhs), r.u8(), r.operand(Mode::Rhs), r.u8())
        else {
            return out.write_str("<bad condition>");
        };
        operand(out, code, lhs, strings)?;
        write!(out, " {} ", COMPARISONS.get(c as usize).unwrap_or(&"?"))?;
        operand(out, code, rhs, strings)?;
        match j {
            1 => out.write_str(" and ")?,
            2 => out.write_str(" or ")?,
            _ => return Ok(()),
        }
    }
}

/// Writes statement `d` of `code` (without its offset or a newline).
pub fn statement(
    out: &mut impl Write,
    code: &[u8],
    d: &DecodedStatement,
    strings: Strings<'_>,
) -> fmt::Result {
    match d.statement {
        Statement::Call(c) => {
            let kind = match c.kind {
                CallKind::Task => "Task ",
                CallKind::Multitask => "Multitask @",
                CallKind::Function => "",
            };
            out.write_str(kind)?;
            call(out, code, &c, strings)
        }
        Statement::If { conditions: at, target, .. } => {
            out.write_str("If ")?;
            conditions(out, code, at, strings)?;
            write!(out, " else goto {target}")
        }
        Statement::Goto(t) => write!(out, "Goto {t}"),
        Statement::End(t) => write!(out, "End {t}"),
        Statement::Assign { place: p, formula: at } => {
            place(out, p, strings)?;
            out.write_str(" = ")?;
            formula(out, code, at, strings)
        }
        Statement::Step { place: p, delta } => {
            place(out, p, strings)?;
            out.write_str(if delta > 0 { "++" } else { "--" })
        }
        Statement::Gosub(t) => write!(out, "Gosub {t}"),
        Statement::Return => out.write_str("Return"),
        Statement::Endint => out.write_str("Endint"),
        Statement::Anchor(b) => write!(out, "Anchor {b}"),
        Statement::Yield => out.write_str("Yield"),
        Statement::TaskStop(l) => write!(out, "TaskStop {l}"),
        Statement::TaskPause(l) => write!(out, "TaskPause {l}"),
        Statement::TaskResume(l) => write!(out, "TaskResume {l}"),
        Statement::ScriptRv(b) => write!(out, "ScriptRV {b}"),
    }
}

/// Writes every statement of `code` in a linear sweep, one line each as
/// `<offset>: <statement>`; `script_pc` is marked `main:`. Stops at the first fault with a
/// line naming it.
pub fn disassemble(out: &mut impl Write, code: &[u8], script_pc: u32, strings: Strings<'_>) -> fmt::Result {
    let mut at = 0;
    while (at as usize) < code.len() {
        if at == script_pc && at != 0 {
            writeln!(out, "main:")?;
        }
        match Reader::new(code, at).statement() {
            Ok(d) => {
                write!(out, "{at:5}: ")?;
                statement(out, code, &d, strings)?;
                out.write_char('\n')?;
                at = d.next;
            }
            Err(e) => return writeln!(out, "{at:5}: <{e}>"),
        }
    }
    Ok(())
}
