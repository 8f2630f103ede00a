//! A small JSON writer for `inspect` and `replay` output (no dependencies, stable order).

use std::fmt::Write as _;

/// A JSON value built in memory and printed compactly or indented.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float (non-finite values print as `null`).
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object with keys in insertion order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// An empty object.
    pub fn object() -> Json {
        Json::Object(Vec::new())
    }

    /// Adds `key: value` to an object (ignored on other values); returns `self` for chaining.
    pub fn with(mut self, key: &str, value: impl Into<Json>) -> Json {
        if let Json::Object(fields) = &mut self {
            fields.push((key.to_string(), value.into()));
        }
        self
    }

    /// Adds `key: value` to an object in place.
    pub fn set(&mut self, key: &str, value: impl Into<Json>) {
        if let Json::Object(fields) = self {
            fields.push((key.to_string(), value.into()));
        }
    }

    /// Compact text.
    pub fn compact(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, None, 0);
        s
    }

    /// Text indented by two spaces per level.
    pub fn pretty(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, Some(2), 0);
        s
    }

    fn write(&self, out: &mut String, indent: Option<usize>, depth: usize) {
        let newline = |out: &mut String, d: usize| {
            if let Some(n) = indent {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', n * d));
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Json::Float(f) if f.is_finite() => {
                let _ = write!(out, "{f}");
            }
            Json::Float(_) => out.push_str("null"),
            Json::Str(s) => escape(out, s),
            Json::Array(items) => {
                // Arrays of scalars stay on one line even when indenting.
                let flat = items.iter().all(|i| !matches!(i, Json::Array(_) | Json::Object(_)));
                out.push('[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                        if flat && indent.is_some() {
                            out.push(' ');
                        }
                    }
                    if !flat {
                        newline(out, depth + 1);
                    }
                    item.write(out, indent, depth + 1);
                }
                if !flat && !items.is_empty() {
                    newline(out, depth);
                }
                out.push(']');
            }
            Json::Object(fields) => {
                out.push('{');
                for (k, (key, value)) in fields.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    escape(out, key);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    value.write(out, indent, depth + 1);
                }
                if !fields.is_empty() {
                    newline(out, depth);
                }
                out.push('}');
            }
        }
    }
}

fn escape(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

macro_rules! from_int {
    ($($t:ty),*) => { $( impl From<$t> for Json { fn from(v: $t) -> Json { Json::Int(v as i64) } } )* };
}
from_int!(i8, i16, i32, i64, u8, u16, u32, usize);

impl From<u64> for Json {
    fn from(v: u64) -> Json {
        Json::Int(v.min(i64::MAX as u64) as i64)
    }
}
impl From<bool> for Json {
    fn from(v: bool) -> Json {
        Json::Bool(v)
    }
}
impl From<f32> for Json {
    fn from(v: f32) -> Json {
        Json::Float(v as f64)
    }
}
impl From<f64> for Json {
    fn from(v: f64) -> Json {
        Json::Float(v)
    }
}
impl From<&str> for Json {
    fn from(v: &str) -> Json {
        Json::Str(v.to_string())
    }
}
impl From<String> for Json {
    fn from(v: String) -> Json {
        Json::Str(v)
    }
}
impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(v: Vec<T>) -> Json {
        Json::Array(v.into_iter().map(Into::into).collect())
    }
}
impl<T: Into<Json> + Copy, const N: usize> From<[T; N]> for Json {
    fn from(v: [T; N]) -> Json {
        Json::Array(v.iter().map(|&x| x.into()).collect())
    }
}
impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        v.map_or(Json::Null, Into::into)
    }
}

/// Bytes as a string, with non-ASCII bytes escaped as `\xNN` so names survive any content.
pub fn bytes_str(b: &[u8]) -> Json {
    let mut s = String::new();
    for &c in b {
        if (0x20..0x7f).contains(&c) {
            s.push(c as char);
        } else {
            let _ = write!(s, "\\x{c:02x}");
        }
    }
    Json::Str(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_nested_values() {
        let j = Json::object().with("a", 1).with("b", vec![1, 2]).with("c", Json::object().with("d", "x\"y"));
        assert_eq!(j.compact(), r#"{"a":1,"b":[1,2],"c":{"d":"x\"y"}}"#);
        assert_eq!(j.pretty(), "{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\": {\n    \"d\": \"x\\\"y\"\n  }\n}");
        assert_eq!(Json::Float(f64::NAN).compact(), "null");
        assert_eq!(bytes_str(b"AB\x00\xff").compact(), r#""AB\\x00\\xff""#);
    }
}
