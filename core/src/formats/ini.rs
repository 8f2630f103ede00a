//! The INI reader the original uses for SYSTEM.INI and KEYS.INI ({E§1.5} and
//! the {D:config/system-ini.md}).
//!
//! Rules: `[section]` headers; `key = value` records; `;` starts a comment; section and key
//! names compare case-insensitively; the first record of a key wins. The integer reader maps
//! `yes`/`on`/`true` to 1 and `no`/`off`/`false` to 0, a missing or empty value to 0, and
//! anything else through signed decimal conversion of its leading digits (the C `atoi`
//! shape: `"12abc"` is 12, `"abc"` is 0). Numbers are never normalised to booleans.
//!
//! [`Ini::new_checked`] walks the text once and rejects what the original's fixed buffers
//! could not hold: a line longer than [`MAX_LINE`] bytes, or a section header without `]`.
//! Lines without `=` are ignored, like unknown keys: never fatal.

use core::fmt;

/// Longest accepted line in bytes, excluding its line terminator.
pub const MAX_LINE: usize = 255;

/// What was wrong with an INI text, and on which line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IniError {
    /// A line exceeds [`MAX_LINE`] bytes.
    LineTooLong {
        /// 1-based line number.
        line: usize,
    },
    /// A `[` section header has no closing `]`.
    UnterminatedSection {
        /// 1-based line number.
        line: usize,
    },
    /// An integer value does not fit in 32 bits.
    NumberOutOfRange {
        /// 1-based line number.
        line: usize,
    },
}

impl IniError {
    /// The 1-based line the error refers to.
    pub fn line(&self) -> usize {
        match *self {
            IniError::LineTooLong { line }
            | IniError::UnterminatedSection { line }
            | IniError::NumberOutOfRange { line } => line,
        }
    }
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IniError::LineTooLong { line } => {
                write!(f, "INI line {line}: longer than {MAX_LINE} bytes")
            }
            IniError::UnterminatedSection { line } => {
                write!(f, "INI line {line}: section header without `]`")
            }
            IniError::NumberOutOfRange { line } => {
                write!(f, "INI line {line}: number does not fit in 32 bits")
            }
        }
    }
}

/// One `key = value` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The section it sits in (`""` before the first header).
    pub section: &'a str,
    /// The key, trimmed.
    pub key: &'a str,
    /// The value, trimmed, comment removed; may be empty.
    pub value: &'a str,
    /// 1-based line number.
    pub line: usize,
}

impl Entry<'_> {
    /// The value through the original's integer rules.
    pub fn int(&self) -> Result<i32, IniError> {
        parse_int(self.value).ok_or(IniError::NumberOutOfRange { line: self.line })
    }
}

/// A validated view over INI text.
#[derive(Clone, Copy, Debug)]
pub struct Ini<'a> {
    text: &'a str,
}

impl<'a> Ini<'a> {
    /// Wraps `text` without checking it. Queries on unchecked text never panic; they may
    /// just see malformed lines as values.
    pub const fn new_unchecked(text: &'a str) -> Self {
        Ini { text }
    }

    /// Wraps `text` after checking every line (see the module docs for what is rejected).
    pub fn new_checked(text: &'a str) -> Result<Self, IniError> {
        for (i, raw) in text.split('\n').enumerate() {
            let line = i + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if raw.len() > MAX_LINE {
                return Err(IniError::LineTooLong { line });
            }
            let body = strip_comment(raw).trim();
            if body.starts_with('[') && !body.contains(']') {
                return Err(IniError::UnterminatedSection { line });
            }
        }
        Ok(Ini { text })
    }

    /// Every `key = value` record in file order.
    pub fn entries(&self) -> Entries<'a> {
        Entries { lines: self.text.split('\n'), line: 0, section: "" }
    }

    /// The first record of `key` in `section` (both case-insensitive).
    pub fn get(&self, section: &str, key: &str) -> Option<Entry<'a>> {
        self.entries().find(|e| e.section.eq_ignore_ascii_case(section) && e.key.eq_ignore_ascii_case(key))
    }

    /// The integer value of `key`: 0 when missing or empty (the original's rule).
    pub fn int(&self, section: &str, key: &str) -> Result<i32, IniError> {
        match self.get(section, key) {
            Some(e) => e.int(),
            None => Ok(0),
        }
    }

    /// The integer value of `key`, or `None` when the key is absent.
    pub fn int_if_present(&self, section: &str, key: &str) -> Result<Option<i32>, IniError> {
        self.get(section, key).map(|e| e.int()).transpose()
    }
}

/// Iterator over the records of an [`Ini`].
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    lines: core::str::Split<'a, char>,
    line: usize,
    section: &'a str,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        for raw in self.lines.by_ref() {
            self.line += 1;
            let body = strip_comment(raw.strip_suffix('\r').unwrap_or(raw)).trim();
            if let Some(rest) = body.strip_prefix('[') {
                self.section = rest.split(']').next().unwrap_or(rest).trim();
                continue;
            }
            if let Some((key, value)) = body.split_once('=') {
                return Some(Entry {
                    section: self.section,
                    key: key.trim(),
                    value: value.trim(),
                    line: self.line,
                });
            }
        }
        None
    }
}

fn strip_comment(line: &str) -> &str {
    line.split(';').next().unwrap_or(line)
}

/// The original's integer conversion of one value; `None` when it overflows 32 bits.
pub fn parse_int(value: &str) -> Option<i32> {
    let v = value.trim();
    for (word, n) in [("yes", 1), ("on", 1), ("true", 1), ("no", 0), ("off", 0), ("false", 0)] {
        if v.eq_ignore_ascii_case(word) {
            return Some(n);
        }
    }
    let bytes = v.as_bytes();
    let (negative, digits) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let mut n: i64 = 0;
    for &b in digits.iter().take_while(|b| b.is_ascii_digit()) {
        n = n * 10 + (b - b'0') as i64;
        if n > i32::MAX as i64 + 1 {
            return None;
        }
    }
    let n = if negative { -n } else { n };
    i32::try_from(n).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_rules() {
        assert_eq!(parse_int("yes"), Some(1));
        assert_eq!(parse_int("ON"), Some(1));
        assert_eq!(parse_int("true"), Some(1));
        assert_eq!(parse_int("no"), Some(0));
        assert_eq!(parse_int("Off"), Some(0));
        assert_eq!(parse_int("false"), Some(0));
        assert_eq!(parse_int(""), Some(0));
        assert_eq!(parse_int("-60000"), Some(-60000));
        assert_eq!(parse_int("+12"), Some(12));
        assert_eq!(parse_int("12abc"), Some(12));
        assert_eq!(parse_int("abc"), Some(0));
        assert_eq!(parse_int("2147483647"), Some(i32::MAX));
        assert_eq!(parse_int("-2147483648"), Some(i32::MIN));
        assert_eq!(parse_int("2147483648"), None);
        assert_eq!(parse_int("99999999999999999999"), None);
    }

    #[test]
    fn sections_keys_comments() {
        let ini = Ini::new_checked(
            "; header\r\n[System]\r\nNormal_Frame_Rate = 24 ; comment\r\nflag=\nnokey\n[cyrus]\nturn_speed=7\nturn_speed=9\n",
        )
        .unwrap();
        assert_eq!(ini.int("system", "normal_frame_rate"), Ok(24));
        assert_eq!(ini.get("system", "flag").unwrap().value, "");
        assert_eq!(ini.int("system", "flag"), Ok(0));
        assert_eq!(ini.int("system", "missing"), Ok(0));
        assert_eq!(ini.int_if_present("system", "missing"), Ok(None));
        assert_eq!(ini.int("CYRUS", "turn_speed"), Ok(7), "first record wins");
        assert_eq!(ini.get("cyrus", "turn_speed").unwrap().line, 7);
        assert_eq!(ini.entries().count(), 4);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            Ini::new_checked("[a]\n[broken\nx=1").unwrap_err(),
            IniError::UnterminatedSection { line: 2 }
        );
        let mut long = [b'x'; 300];
        long[0] = b'k';
        long[1] = b'=';
        let text = core::str::from_utf8(&long).unwrap();
        assert_eq!(Ini::new_checked(text).unwrap_err(), IniError::LineTooLong { line: 1 });
        let ini = Ini::new_checked("[s]\n\nk = 4294967296\n").unwrap();
        assert_eq!(ini.int("s", "k"), Err(IniError::NumberOutOfRange { line: 3 }));
    }
}
