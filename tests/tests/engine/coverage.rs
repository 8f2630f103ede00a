//! The spec coverage table (issue 31): `docs/coverage.md` gives every heading of the three
//! engine-core docs and the HUD's a status and the tests that check it. The statuses are
//! judged by hand; this test keeps the file consistent with the code around it:
//!
//! - every quoted section citation of those docs in `core/src` and `tests/` (the doc's key
//!   followed by one or more quoted section names, across comment line breaks) names a row
//!   of that doc, so a new or renamed citation fails until the table has its row;
//! - every test the table names is a `fn` somewhere under `core/src` or `tests/`;
//! - every row the table calls implemented (tested, untested, partial, diverges) is cited,
//!   its quoted heading appearing in some comment;
//! - the summary counts are the rows' counts;
//! - with the published docs at hand (`STROS_DOCS`, else the crate's copy in Cargo's
//!   registry), the rows are exactly the docs' headings, in order.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The docs, by the key the code cites them with.
const DOCS: [&str; 4] = ["engine/player.md", "engine/animation.md", "engine/SOUP.md", "engine/hud.md"];
/// The statuses, in the summary's column order.
const STATUSES: [&str; 6] = ["tested", "untested", "partial", "diverges", "missing", "n/a"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One row of the sections table.
struct Row {
    doc: String,
    section: String,
    status: String,
    tests: Vec<String>,
    note: String,
}

/// The table's cells of `line` (`| a | b |`), trimmed.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split(" | ").map(|c| c.trim().to_string()).collect()
}

fn unquote(cell: &str) -> String {
    cell.trim_matches('`').to_string()
}

/// The summary (doc → counts in `STATUSES` order, then the heading total) and the rows.
fn read_table() -> (BTreeMap<String, Vec<usize>>, Vec<Row>) {
    let text = fs::read_to_string(repo().join("docs/coverage.md")).expect("docs/coverage.md");
    let (mut summary, mut rows) = (BTreeMap::new(), Vec::new());
    for line in text.lines().filter(|l| l.starts_with("| `engine/")) {
        let c = cells(line);
        match c.len() {
            8 => {
                let counts = c[1..].iter().map(|n| n.parse().expect("a count")).collect();
                summary.insert(unquote(&c[0]), counts);
            }
            5 => rows.push(Row {
                doc: unquote(&c[0]),
                section: c[1].clone(),
                status: c[2].clone(),
                tests: c[3].split(", ").filter(|t| !t.is_empty()).map(unquote).collect(),
                note: c[4].clone(),
            }),
            n => panic!("docs/coverage.md: a row of {n} cells: {line}"),
        }
    }
    (summary, rows)
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources the citations and tests live in: `core/src` and the tests crate.
fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(&repo().join("core/src"), &mut files);
    rust_files(Path::new(env!("CARGO_MANIFEST_DIR")), &mut files);
    files.sort();
    files.into_iter().map(|p| (p.clone(), fs::read_to_string(&p).expect("a source file"))).collect()
}

/// Where the comment of a line of Rust starts: `//` outside a string or character literal.
fn comment_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let (mut i, mut in_str, mut esc) = (0, false, false);
    while i + 1 < b.len() {
        let c = b[i];
        if in_str {
            if esc {
                esc = false;
            } else if c == b'\\' {
                esc = true;
            } else if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
        } else if c == b'\'' && i + 2 < b.len() && b[i + 2] == b'\'' {
            i += 2;
        } else if c == b'/' && b[i + 1] == b'/' {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A comment's text without its `//`, `///` or `//!` marker.
fn comment_text(comment: &str) -> &str {
    let t = comment.trim_start_matches("//");
    let t = t.strip_prefix('/').or_else(|| t.strip_prefix('!')).unwrap_or(t);
    t.strip_prefix(' ').unwrap_or(t)
}

/// The comments of a file: runs of whole-line comments joined with spaces (so a citation
/// may break across lines), and each trailing comment on its own. With the first line.
fn comment_blocks(source: &str) -> Vec<(usize, String)> {
    let mut blocks: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (k, line) in source.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            let text = comment_text(trimmed).trim_end();
            match blocks.last_mut().filter(|_| open) {
                Some((_, b)) => {
                    b.push(' ');
                    b.push_str(text);
                }
                None => blocks.push((k + 1, text.to_string())),
            }
            open = true;
            continue;
        }
        open = false;
        if let Some(at) = comment_start(line) {
            blocks.push((k + 1, comment_text(&line[at..]).trim_end().to_string()));
        }
    }
    blocks
}

/// The quoted string starting at `s` (which must open with `"`) and the rest after it.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let body = s.strip_prefix('"')?;
    let end = body.find('"')?;
    Some((&body[..end], &body[end + 1..]))
}

/// The section names a citation names: after the key, optional spaces, commas or `§`, then
/// quoted names joined by `,`, `;`, `and` or `or`.
fn cited_names(after_key: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = after_key.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == '§');
    while let Some((name, tail)) = quoted(rest) {
        names.push(name);
        let t = tail.trim_start();
        let t = t
            .strip_prefix(',')
            .or_else(|| t.strip_prefix(';'))
            .or_else(|| t.strip_prefix("and "))
            .or_else(|| t.strip_prefix("or "))
            .unwrap_or("");
        rest = t.trim_start();
        if !rest.starts_with('"') {
            break;
        }
    }
    names
}

/// Every keyed citation of the covered docs: (doc, section, file, line).
fn citations(sources: &[(PathBuf, String)]) -> Vec<(String, String, String, usize)> {
    let mut out = Vec::new();
    for (path, text) in sources {
        for (line, block) in comment_blocks(text) {
            for doc in DOCS {
                let key = format!("{{D:{doc}}}");
                for (at, _) in block.match_indices(&key) {
                    for name in cited_names(&block[at + key.len()..]) {
                        out.push((doc.to_string(), name.to_string(), path.display().to_string(), line));
                    }
                }
            }
        }
    }
    out
}

/// A "not yet" claim of the core, marked: `not yet` and, within the sentence, `(coverage:
/// DOC "Section")` naming the row of `docs/coverage.md` that says what is missing, `DOC`
/// one of `player.md`, `animation.md`, `SOUP.md`.
#[test]
fn every_not_yet_in_the_core_names_its_coverage_row() {
    let (_, rows) = read_table();
    let mut bad = Vec::new();
    let mut marked = 0;
    for (path, text) in sources().iter().filter(|(p, _)| p.starts_with(repo().join("core/src"))) {
        for (line, block) in comment_blocks(text) {
            for (at, _) in block.match_indices("not yet") {
                let rest = &block[at..];
                let end = rest.find(". ").unwrap_or(rest.len());
                let row = rest[..end].find("coverage: ").and_then(|k| {
                    let tail = &rest[k + "coverage: ".len()..];
                    let (doc, tail) = tail.split_once(' ')?;
                    Some((format!("engine/{doc}"), quoted(tail)?.0.to_string()))
                });
                match row {
                    Some((doc, section)) if rows.iter().any(|r| r.doc == doc && r.section == section) => {
                        marked += 1
                    }
                    _ => bad.push(format!("{}:{line}: {}", path.display(), &rest[..end.min(120)])),
                }
            }
        }
    }
    assert!(bad.is_empty(), "a \"not yet\" without its coverage row:\n{}", bad.join("\n"));
    // The claims marked today (combat, ropes, the motion vector, weapon models).
    assert!(marked >= 8, "{marked}");
}

#[test]
fn every_citation_of_the_three_docs_names_a_row() {
    let (_, rows) = read_table();
    let cites = citations(&sources());
    // The parser must see the citations the code is known to make, or the check is empty.
    assert!(cites.len() > 150, "only {} citations found", cites.len());
    let missing: Vec<String> = cites
        .iter()
        .filter(|(doc, name, ..)| !rows.iter().any(|r| &r.doc == doc && &r.section == name))
        .map(|(doc, name, file, line)| format!("{file}:{line}: {{D:{doc}}} \"{name}\""))
        .collect();
    assert!(missing.is_empty(), "citations with no row in docs/coverage.md:\n{}", missing.join("\n"));
}

#[test]
fn every_named_test_exists() {
    let (_, rows) = read_table();
    let sources = sources();
    let exists = |name: &str| {
        sources.iter().any(|(_, text)| {
            text.match_indices(&format!("fn {name}")).any(|(at, m)| {
                let next = text[at + m.len()..].chars().next();
                matches!(next, Some('(') | Some('<'))
            })
        })
    };
    let absent: Vec<String> = rows
        .iter()
        .flat_map(|r| r.tests.iter().map(move |t| (r, t)))
        .filter(|(_, t)| !exists(t))
        .map(|(r, t)| format!("{} \"{}\": {t}", r.doc, r.section))
        .collect();
    assert!(absent.is_empty(), "tests named in docs/coverage.md that do not exist:\n{}", absent.join("\n"));
}

#[test]
fn implemented_rows_are_cited_and_statuses_are_well_formed() {
    let (_, rows) = read_table();
    let comments: Vec<String> =
        sources().iter().flat_map(|(_, text)| comment_blocks(text)).map(|(_, b)| b).collect();
    let mut wrong = Vec::new();
    for r in &rows {
        let at = format!("{} \"{}\"", r.doc, r.section);
        if !STATUSES.contains(&r.status.as_str()) {
            wrong.push(format!("{at}: unknown status {}", r.status));
        }
        if r.status == "tested" && r.tests.is_empty() {
            wrong.push(format!("{at}: tested, but no test named"));
        }
        if matches!(r.status.as_str(), "partial" | "diverges") && r.note.is_empty() {
            wrong.push(format!("{at}: {} needs a note saying what", r.status));
        }
        let implemented = matches!(r.status.as_str(), "tested" | "untested" | "partial" | "diverges");
        let quote = format!("\"{}\"", r.section);
        if implemented && !comments.iter().any(|c| c.contains(&quote)) {
            wrong.push(format!("{at}: {}, but no comment in the code cites it", r.status));
        }
    }
    assert!(wrong.is_empty(), "docs/coverage.md:\n{}", wrong.join("\n"));
}

#[test]
fn the_summary_counts_the_rows() {
    let (summary, rows) = read_table();
    assert_eq!(summary.keys().collect::<Vec<_>>().len(), DOCS.len(), "one summary line per doc");
    for doc in DOCS {
        let of_doc: Vec<&Row> = rows.iter().filter(|r| r.doc == doc).collect();
        let mut counts: Vec<usize> =
            STATUSES.iter().map(|s| of_doc.iter().filter(|r| r.status == *s).count()).collect();
        counts.push(of_doc.len());
        assert_eq!(summary.get(doc), Some(&counts), "the summary line of {doc}");
    }
}

/// Where the published docs are: `STROS_DOCS`, else the crate's copy in Cargo's registry.
fn docs_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("STROS_DOCS") {
        return Some(PathBuf::from(dir));
    }
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))?;
    let registry = fs::read_dir(home.join("registry/src")).ok()?;
    registry
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("redguard-preservation-0.10.4/docs"))
        .find(|d| d.is_dir())
}

/// The headings of a markdown file (levels one to four, outside code fences), as written.
fn headings(markdown: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !fenced && (1..=4).contains(&hashes) && line[hashes..].starts_with(' ') {
            out.push(line[hashes..].trim().to_string());
        }
    }
    out
}

#[test]
fn the_rows_are_the_docs_headings_in_order() {
    let (_, rows) = read_table();
    // The table's order is the docs' order: player, animation, then SOUP.
    let docs: Vec<&str> = rows.iter().map(|r| r.doc.as_str()).collect();
    let mut grouped = docs.clone();
    grouped.sort_by_key(|d| DOCS.iter().position(|k| k == d));
    assert_eq!(docs, grouped, "rows grouped by doc in the order {DOCS:?}");
    let Some(dir) = docs_dir() else {
        println!("skipped: the published docs are not here (set STROS_DOCS to their docs/ directory)");
        return;
    };
    for doc in DOCS {
        let text = fs::read_to_string(dir.join(doc)).expect("a doc of the published docs");
        let expected = headings(&text);
        let actual: Vec<String> = rows.iter().filter(|r| r.doc == doc).map(|r| r.section.clone()).collect();
        for (k, (a, e)) in actual.iter().zip(&expected).enumerate() {
            assert_eq!(a, e, "{doc}: row {} is not the heading in that place", k + 1);
        }
        assert_eq!(actual.len(), expected.len(), "{doc}: rows against headings");
    }
}

#[test]
fn the_citation_parser_reads_chains_across_lines() {
    let source = "/// Text ({D:engine/SOUP.md} \"A b\", \"C\"\n/// and \"D e\"; \"F\": not \"G\").\nfn x() {} // {D:engine/player.md}, \"H\"\n";
    let cites = citations(&[(PathBuf::from("x.rs"), source.to_string())]);
    let names: Vec<(&str, &str)> = cites.iter().map(|(d, n, ..)| (d.as_str(), n.as_str())).collect();
    assert_eq!(
        names,
        [
            ("engine/SOUP.md", "A b"),
            ("engine/SOUP.md", "C"),
            ("engine/SOUP.md", "D e"),
            ("engine/SOUP.md", "F"),
            ("engine/player.md", "H")
        ]
    );
    assert_eq!(headings("# T\n```\n# not\n```\n#### Four `x`\n##### five\n#no\n"), ["T", "Four `x`"]);
}
