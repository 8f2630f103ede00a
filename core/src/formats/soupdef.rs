//! SOUP386.DEF, the runtime's script definitions ({D:engine/SOUPDEF.md}; `engine/SOUP.md`
//! "Global Flags" and "Reference Name Encoding"): what the engine core needs of it — the
//! `[flags]` declarations that size and initialize the global flags, and the `[refs]` names
//! that give script property references their meaning.
//!
//! The file is plain text in sections: `[functions]`, `[refs]`, `[equates]`, `[flags]`. A
//! header is a line that is exactly one of those names (case-insensitive); every other line
//! belongs to the section of the latest header, and lines before the first header belong to
//! none. `;` starts a comment anywhere on a line; blank lines are skipped.
//!
//! - `[flags]`: one flag per line, `<type> <name> <value>`. The type is `BOOL`, `FLIPFLOP`,
//!   `COUNTER` or `NUMBER` (runtime kinds 0–3, "Global Flags"; the shipped file uses BOOL,
//!   NUMBER and FLIPFLOP); the value is a numeric literal or `true`/`false`. A flag's index
//!   is its position in the section.
//! - `[refs]`: one reference name per line; a property operand's reference id is a line's
//!   index in the section ("Reference Name Encoding": the full 16-bit id).
//!
//! [`SoupDef::new_checked`] rejects a `[flags]` line that is not three words, an unknown
//! type and a value that is neither a 32-bit number nor `true`/`false`, naming the line's
//! byte offset. `[functions]` (the core carries its native table, `crate::script::functions`)
//! and `[equates]` (attribute and group names) are not read. The text need not be UTF-8:
//! names are bytes.
//!
//! Choices where the docs are silent: type words and `true`/`false` compare
//! case-insensitively; a value may carry a `+` or `-` sign or be `0x` hexadecimal (32 bits,
//! taken as signed); a `[refs]` line's name is its first word; DOS end-of-file bytes (`0x1A`)
//! count as blanks.

use super::{ErrorKind, Format, FormatError};

/// A section of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefSection {
    /// `[functions]`: the native function declarations.
    Functions,
    /// `[refs]`: the property reference names.
    Refs,
    /// `[equates]`: named values (attributes, animation groups).
    Equates,
    /// `[flags]`: the global flags.
    Flags,
}

impl DefSection {
    /// Every section, in the order the shipped file has them.
    pub const ALL: [DefSection; 4] =
        [DefSection::Functions, DefSection::Refs, DefSection::Equates, DefSection::Flags];

    /// The header text (without brackets).
    pub const fn name(self) -> &'static str {
        match self {
            DefSection::Functions => "functions",
            DefSection::Refs => "refs",
            DefSection::Equates => "equates",
            DefSection::Flags => "flags",
        }
    }

    fn header(line: &[u8]) -> Option<DefSection> {
        let inner = line.strip_prefix(b"[")?.strip_suffix(b"]")?;
        DefSection::ALL.into_iter().find(|s| inner.eq_ignore_ascii_case(s.name().as_bytes()))
    }
}

/// A flag's declared type, as its runtime kind ("Global Flags": the loader maps BOOL,
/// FLIPFLOP, COUNTER and NUMBER to kinds zero through three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum FlagKind {
    /// `BOOL`, kind 0.
    Bool = 0,
    /// `FLIPFLOP`, kind 1.
    FlipFlop = 1,
    /// `COUNTER`, kind 2.
    Counter = 2,
    /// `NUMBER`, kind 3.
    Number = 3,
}

impl FlagKind {
    /// Every kind, by runtime number.
    pub const ALL: [FlagKind; 4] = [FlagKind::Bool, FlagKind::FlipFlop, FlagKind::Counter, FlagKind::Number];

    /// The kind of runtime number `bits & 3`.
    pub const fn from_bits(bits: u8) -> FlagKind {
        match bits & 3 {
            0 => FlagKind::Bool,
            1 => FlagKind::FlipFlop,
            2 => FlagKind::Counter,
            _ => FlagKind::Number,
        }
    }

    /// The type word as the DEF spells it.
    pub const fn name(self) -> &'static str {
        match self {
            FlagKind::Bool => "BOOL",
            FlagKind::FlipFlop => "FLIPFLOP",
            FlagKind::Counter => "COUNTER",
            FlagKind::Number => "NUMBER",
        }
    }

    /// The kind a type word names (case-insensitive).
    pub fn parse(word: &[u8]) -> Option<FlagKind> {
        FlagKind::ALL.into_iter().find(|k| word.eq_ignore_ascii_case(k.name().as_bytes()))
    }
}

/// One `[flags]` declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagDecl<'a> {
    /// The declared type.
    pub kind: FlagKind,
    /// The flag's name.
    pub name: &'a [u8],
    /// The authored initial value (`true` 1, `false` 0).
    pub value: i32,
}

/// A view over SOUP386.DEF text.
#[derive(Clone, Copy, Debug)]
pub struct SoupDef<'a> {
    text: &'a [u8],
}

impl<'a> SoupDef<'a> {
    /// Wraps `text` without checking it. Accessors never panic on unchecked text; they skip
    /// `[flags]` lines that do not parse.
    pub const fn new_unchecked(text: &'a [u8]) -> Self {
        SoupDef { text }
    }

    /// Wraps `text` after checking every `[flags]` line.
    pub fn new_checked(text: &'a [u8]) -> Result<Self, FormatError> {
        let def = SoupDef { text };
        for line in def.lines().filter(|l| l.section == Some(DefSection::Flags)) {
            parse_flag(line.body).map_err(|why| FormatError::new(Format::SoupDef, why, line.offset))?;
        }
        Ok(def)
    }

    /// The content lines: comments removed, blanks trimmed, headers consumed.
    pub fn lines(&self) -> Lines<'a> {
        Lines { rest: self.text, offset: 0, section: None, seen: 0 }
    }

    /// The `[flags]` declarations in file order (flag index = position).
    pub fn flags(&self) -> impl Iterator<Item = FlagDecl<'a>> + 'a {
        self.lines().filter(|l| l.section == Some(DefSection::Flags)).filter_map(|l| parse_flag(l.body).ok())
    }

    /// How many flags the file declares.
    pub fn flag_count(&self) -> usize {
        self.flags().count()
    }

    /// The `[refs]` names in file order (reference id = position).
    pub fn refs(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        self.lines().filter(|l| l.section == Some(DefSection::Refs)).filter_map(|l| words(l.body).next())
    }

    /// Whether the file has a header for `section`.
    pub fn has_section(&self, section: DefSection) -> bool {
        // The walk records every header it passes, including one with no content after it.
        let mut lines = self.lines();
        lines.by_ref().for_each(drop);
        lines.seen & (1 << section as u8) != 0
    }
}

/// One content line of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The section it belongs to (`None` before the first header).
    pub section: Option<DefSection>,
    /// Byte offset of the line's start.
    pub offset: usize,
    /// The line without its comment and surrounding blanks; never empty.
    pub body: &'a [u8],
}

/// Iterator over the content lines of a [`SoupDef`].
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a [u8],
    offset: usize,
    section: Option<DefSection>,
    /// Headers passed so far, one bit per [`DefSection`] discriminant.
    seen: u8,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        // Every round consumes one line, so the walk ends with the text.
        while !self.rest.is_empty() {
            let end = self.rest.iter().position(|&b| b == b'\n').map_or(self.rest.len(), |p| p + 1);
            let (raw, rest) = self.rest.split_at(end);
            let offset = self.offset;
            self.rest = rest;
            self.offset += end;
            let code = raw.iter().position(|&b| b == b';').map_or(raw, |p| &raw[..p]);
            let body = trim(code);
            if body.is_empty() {
                continue;
            }
            if let Some(s) = DefSection::header(body) {
                self.section = Some(s);
                self.seen |= 1 << s as u8;
                continue;
            }
            return Some(Line { section: self.section, offset, body });
        }
        None
    }
}

/// Blanks: ASCII whitespace and the DOS end-of-file byte.
fn blank(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0B || b == 0x1A
}

fn trim(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&b| !blank(b)).unwrap_or(s.len());
    let end = s.iter().rposition(|&b| !blank(b)).map_or(start, |p| p + 1);
    &s[start..end]
}

fn words(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(|&b| blank(b)).filter(|w| !w.is_empty())
}

/// `<type> <name> <value>`.
fn parse_flag(line: &[u8]) -> Result<FlagDecl<'_>, ErrorKind> {
    let mut w = words(line);
    let (Some(kind), Some(name), Some(value), None) = (w.next(), w.next(), w.next(), w.next()) else {
        return Err(ErrorKind::Invalid("flag line is not `<type> <name> <value>`"));
    };
    let kind = FlagKind::parse(kind).ok_or(ErrorKind::Invalid("unknown flag type"))?;
    let value = parse_value(value).ok_or(ErrorKind::Invalid("flag value is not a number, true or false"))?;
    Ok(FlagDecl { kind, name, value })
}

/// A numeric literal (decimal with an optional sign, or `0x` hexadecimal of up to 32 bits)
/// or `true`/`false`.
fn parse_value(word: &[u8]) -> Option<i32> {
    if word.eq_ignore_ascii_case(b"true") {
        return Some(1);
    }
    if word.eq_ignore_ascii_case(b"false") {
        return Some(0);
    }
    if let Some(hex) = word.strip_prefix(b"0x").or_else(|| word.strip_prefix(b"0X")) {
        if hex.is_empty() || hex.len() > 8 {
            return None;
        }
        let mut v: u32 = 0;
        for &b in hex {
            v = (v << 4) | (b as char).to_digit(16)?;
        }
        return Some(v as i32);
    }
    let (negative, digits) = match word.split_first() {
        Some((b'-', d)) => (true, d),
        Some((b'+', d)) => (false, d),
        _ => (false, word),
    };
    if digits.is_empty() {
        return None;
    }
    // Accumulate negatively so that i32::MIN fits.
    let mut v: i32 = 0;
    for &b in digits {
        let d = (b as char).to_digit(10)? as i32;
        v = v.checked_mul(10)?.checked_sub(d)?;
    }
    if negative { Some(v) } else { v.checked_neg() }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"; header comment\r\n\
        [functions]\r\n\
        task Wait parms 1\r\n\
        [refs]\r\n\
        pos.vx\r\n\
        ANIM.CURRENT ; comment\r\n\
        \r\n\
        [equates]\r\n\
        auto\r\nactive\r\nendauto\r\n\
        [Flags]\r\n\
        BOOL   HaveAmulet false ; inventory\r\n\
        number TimeOfDay  1\r\n\
        FLIPFLOP\tDoor  TRUE\r\n\
        COUNTER Steps -12\r\n\
        NUMBER Mask 0xFFFFFFFF\r\n\x1a";

    #[test]
    fn flags_and_refs_in_file_order() {
        let def = SoupDef::new_checked(TEXT).unwrap();
        let flags: heapless::Vec<FlagDecl<'_>, 8> = def.flags().collect();
        let want = [
            (FlagKind::Bool, &b"HaveAmulet"[..], 0),
            (FlagKind::Number, b"TimeOfDay", 1),
            (FlagKind::FlipFlop, b"Door", 1),
            (FlagKind::Counter, b"Steps", -12),
            (FlagKind::Number, b"Mask", -1),
        ];
        assert_eq!(flags.len(), want.len());
        for (f, (kind, name, value)) in flags.iter().zip(want) {
            assert_eq!((f.kind, f.name, f.value), (kind, name, value));
        }
        assert_eq!(def.flag_count(), 5);
        let refs: heapless::Vec<&[u8], 4> = def.refs().collect();
        assert_eq!(refs.as_slice(), [&b"pos.vx"[..], b"ANIM.CURRENT"]);
        assert!(DefSection::ALL.iter().all(|&s| def.has_section(s)));
        assert!(!SoupDef::new_checked(b"[refs]\n").unwrap().has_section(DefSection::Flags));
    }

    #[test]
    fn bad_flag_lines_name_their_offset() {
        let cases: [(&[u8], &str, usize); 6] = [
            (b"[flags]\nBOOL A\n", "flag line is not `<type> <name> <value>`", 8),
            (b"[flags]\nBOOL A 1 2\n", "flag line is not `<type> <name> <value>`", 8),
            (b"[flags]\nBOOL A 1\nSTRING B 1\n", "unknown flag type", 17),
            (b"[flags]\nNUMBER A 2147483648\n", "flag value is not a number, true or false", 8),
            (b"[flags]\r\nNUMBER A 0x123456789\r\n", "flag value is not a number, true or false", 9),
            (b"[flags]\nNUMBER A 1x\n", "flag value is not a number, true or false", 8),
        ];
        for (text, why, offset) in cases {
            let e = SoupDef::new_checked(text).unwrap_err();
            assert_eq!(e, FormatError::new(Format::SoupDef, ErrorKind::Invalid(why), offset));
            // Unchecked, the bad line is skipped rather than misread.
            assert!(SoupDef::new_unchecked(text).flags().all(|f| f.name == b"A" && f.value == 1));
        }
    }

    #[test]
    fn values() {
        for (word, want) in [
            (&b"0"[..], Some(0)),
            (b"-2147483648", Some(i32::MIN)),
            (b"+2147483647", Some(i32::MAX)),
            (b"-2147483649", None),
            (b"0x80000000", Some(i32::MIN)),
            (b"0x", None),
            (b"-", None),
            (b"False", Some(0)),
            (b"12;", None),
        ] {
            assert_eq!(parse_value(word), want, "{:?}", core::str::from_utf8(word));
        }
    }

    #[test]
    fn lines_outside_the_sections_and_unknown_headers() {
        // Before any header a line belongs to no section; an unknown header is content of
        // the section it sits in (here a malformed flag line).
        assert_eq!(SoupDef::new_checked(b"BOOL A 1\n[refs]\n[flagz]\n").unwrap().flag_count(), 0);
        assert!(SoupDef::new_checked(b"[flags]\n[flagz]\n").is_err());
        let def = SoupDef::new_checked(b"[refs]\n[flagz] x\n").unwrap();
        assert_eq!(def.refs().next(), Some(&b"[flagz]"[..]));
    }
}
