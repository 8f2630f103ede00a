//! SOUP386.DEF writer: the four sections in the shipped order (newest `engine/SOUPDEF.md`),
//! CRLF line ends as the DOS file has them. Function index 0 (`NullFunction`) is the
//! parser's own and is not written.

use stros_core::formats::soupdef::{DefSection, FlagKind};

/// A definitions file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoupDefDesc {
    /// Comment lines at the top (without the `;`).
    pub comment: Vec<String>,
    /// `[functions]`: (keyword, name, parameter count) from function index 1 on.
    pub functions: Vec<(String, String, u8)>,
    /// `[refs]`: reference names, reference id = position.
    pub refs: Vec<String>,
    /// `[flags]`: (type, name, initial value), flag id = position.
    pub flags: Vec<(FlagKind, String, i32)>,
}

/// The file's bytes.
pub fn to_bytes(d: &SoupDefDesc) -> Vec<u8> {
    let mut s = String::new();
    let mut line = |l: &str| {
        s.push_str(l);
        s.push_str("\r\n");
    };
    for c in &d.comment {
        line(&format!("; {c}"));
    }
    for section in DefSection::ALL {
        line(&format!("[{}]", section.name()));
        match section {
            DefSection::Functions => {
                for (keyword, name, params) in &d.functions {
                    line(&format!("{keyword} {name} parms {params}"));
                }
            }
            DefSection::Refs => d.refs.iter().for_each(|r| line(r)),
            DefSection::Equates => {}
            DefSection::Flags => {
                for (kind, name, value) in &d.flags {
                    line(&format!("{} {name} {value}", kind.name()));
                }
            }
        }
    }
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stros_core::formats::soupdef::SoupDef;

    #[test]
    fn round_trip() {
        let d = SoupDefDesc {
            comment: vec!["test".into()],
            functions: vec![("task".into(), "Wait".into(), 1)],
            refs: vec!["pos.vx".into(), "torch_timer".into()],
            flags: vec![(FlagKind::Bool, "A".into(), 0), (FlagKind::Counter, "B".into(), -3)],
        };
        let bytes = to_bytes(&d);
        let def = SoupDef::new_checked(&bytes).unwrap();
        let flags: Vec<_> = def.flags().map(|f| (f.kind, f.name.to_vec(), f.value)).collect();
        assert_eq!(flags, [(FlagKind::Bool, b"A".to_vec(), 0), (FlagKind::Counter, b"B".to_vec(), -3)]);
        let refs: Vec<_> = def.refs().collect();
        assert_eq!(refs, [&b"pos.vx"[..], b"torch_timer"]);
        assert!(DefSection::ALL.iter().all(|&s| def.has_section(s)));
        assert!(bytes.starts_with(b"; test\r\n[functions]\r\ntask Wait parms 1\r\n[refs]\r\n"));
    }
}
