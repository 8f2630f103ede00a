//! Readable listings of every script the generator writes, disassembled by
//! `stros_core::script::disasm` ({D:engine/SOUP.md} "Opcode Table"): one file per actor
//! definition, `docs/scripts/<NAME>.soup.txt`, committed so a reader sees what the island's
//! actors run without decoding bytes, and kept current by this module's test.
//!
//! The scripts are the definitions of the island's RGM ([`super::village::rgm_desc`]), the
//! hut's ([`super::hut::rgm_desc`], which borrows the island's) and the benchmark crowd's
//! walker ([`super::crowd`]); a definition both maps hold is listed once, one without a
//! script (the buoy, the raft, the keg) not at all. The retail-shaped
//! install ([`super::retail`]) reuses these scripts and an `End 0`.

use std::path::PathBuf;

use stros_core::script::disasm;

use super::{crowd, hut, village};
use crate::write::rgm::ActorDesc;

/// The environment variable that makes the test write the listings instead of comparing.
pub const WRITE_ENV: &str = "STROS_WRITE_LISTINGS";

/// Where the committed listings live: `docs/scripts`.
pub fn dir() -> PathBuf {
    crate::gen_tables::workspace_root().join("docs/scripts")
}

/// One definition's listing: a header naming where the script stands, then one line per
/// statement (`main:` marks the script's main entry when it is not at 0).
fn listing(d: &ActorDesc, maps: &[&str]) -> String {
    let name = String::from_utf8_lossy(&d.name);
    let mut text = format!(
        "; {name}: the script of the {name} definition in {} ({} bytes), as the generator \
         writes it.\n; Regenerate: {WRITE_ENV}=1 cargo test -p stros-tools --lib listings\n",
        maps.join(" and "),
        d.script.len()
    );
    let strings = |k: u32| d.strings.get(k as usize).map(Vec::as_slice);
    disasm::disassemble(&mut text, &d.script, d.script_pc, &strings).expect("a String takes every write");
    text
}

/// Every listing the generator's scripts make: (file name, text), by name.
pub fn listings() -> Vec<(String, String)> {
    let walker = crowd::crowd_rgm_desc(1).actors.pop().expect("the walker's definition");
    let maps = [("HARBOUR.RGM", village::rgm_desc().actors), ("HUTINT.RGM", hut::rgm_desc().actors)];
    let mut defs: Vec<(ActorDesc, Vec<&str>)> = Vec::new();
    for (map, actors) in &maps {
        for d in actors.iter().filter(|d| !d.script.is_empty()) {
            match defs.iter_mut().find(|(e, _)| e.name == d.name) {
                Some((e, holders)) => {
                    assert!(e.script == d.script, "two scripts named {}", String::from_utf8_lossy(&d.name));
                    holders.push(map);
                }
                None => defs.push((d.clone(), vec![map])),
            }
        }
    }
    defs.push((walker, vec!["the crowd of `bench step --actors N`"]));
    let mut out: Vec<_> = defs
        .iter()
        .map(|(d, maps)| (format!("{}.soup.txt", String::from_utf8_lossy(&d.name)), listing(d, maps)))
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed listings are what the generator's scripts disassemble to; with
    /// `STROS_WRITE_LISTINGS=1` the test writes them (and drops listings of scripts gone).
    #[test]
    fn listings_are_current() {
        let want = listings();
        let dir = dir();
        if std::env::var_os(WRITE_ENV).is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.to_string_lossy().ends_with(".soup.txt") {
                    std::fs::remove_file(path).unwrap();
                }
            }
            for (name, text) in &want {
                std::fs::write(dir.join(name), text).unwrap();
            }
        }
        let mut stale = Vec::new();
        for (name, text) in &want {
            if std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str()) {
                stale.push(name.clone());
            }
        }
        let mut committed: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
            .unwrap_or_default();
        committed.retain(|n| n.ends_with(".soup.txt") && !want.iter().any(|(w, _)| w == n));
        stale.extend(committed);
        assert!(
            stale.is_empty(),
            "docs/scripts is stale ({}): run `{WRITE_ENV}=1 cargo test -p stros-tools --lib listings` and commit it",
            stale.join(", ")
        );
        for (name, text) in &want {
            assert!(!text.contains(": <"), "{name} does not decode whole:\n{text}");
        }
    }
}
