#!/usr/bin/env python3
"""One citation form in core (issue 13): every comment that cites a spec source uses a key
from docs/spec.md — {M} and {A} for the project's two behaviour specs, {D:path.md} for a
file of the published docs, {F§n} and {E§n} for our format and engine notes (braces, not
brackets: rustdoc would read [M] as a link).

    python3 .ci/citations.py             check: exit 1 listing old-scheme citations and
                                          keys docs/spec.md does not define
    python3 .ci/citations.py --rewrite   rewrite the old schemes in place (comments only;
                                          idempotent; safe after code moves: no line numbers)
    python3 .ci/citations.py --self-test
"""
import re, sys, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = "redguard-preservation"  # the published crate whose docs/ tree [D:…] names

# Bare file names the comments use for the docs, by their place in the docs tree.
DOC_DIRS = {
    "player.md": "engine", "animation.md": "engine", "SOUP.md": "engine", "SOUPDEF.md": "engine",
    "SOUPPROPS.md": "engine", "sound.md": "engine", "water.md": "engine", "hud.md": "engine",
    "console.md": "engine", "RGM.md": "formats", "ROB.md": "formats", "WLD.md": "formats",
    "COL.md": "formats", "SFX.md": "formats", "TEXBSI.md": "formats",
}
# Paths the comments used that moved in the docs tree.
DOC_MOVED = {"models/3d.md": "formats/models/3d.md", "models/3dc.md": "formats/models/3dc.md"}

def doc_key(path):
    path = path.strip("`")
    if "/" not in path and path in DOC_DIRS:
        path = f"{DOC_DIRS[path]}/{path}"
    path = DOC_MOVED.get(path, path)
    return f"{{D:{path}}}"

# (pattern, replacement) applied in order to comment text only.
RULES = [
    (r"\bseeds 000 and 001\b", "{M} and {A}"),
    (r"\bseed 000\b", "{M}"),
    (r"\bseed 001\b", "{A}"),
    (r"\bengine summary §\s*([0-9][0-9.]*[0-9]|[0-9])", r"{E§\1}"),
    (r"\bformats? notes §\s*([0-9][0-9.]*[0-9]|[0-9])", r"{F§\1}"),
    (r"\bformats\.md §\s*([0-9][0-9.]*[0-9]|[0-9])", r"{F§\1}"),
    (r"\bengine\.md §\s*([0-9][0-9.]*[0-9]|[0-9])", r"{E§\1}"),
    (r"\bnewest `([A-Za-z0-9_/.-]+\.md)`", lambda m: doc_key(m.group(1))),
    (r"\{D:models/([A-Za-z0-9_.-]+)\}", lambda m: doc_key("models/" + m.group(1))),
    # Bracketed keys read as broken intra-doc links to rustdoc: braces it is.
    (r"\[(M|A|D|D:[A-Za-z0-9_/.-]+|F§[0-9.]+|E§[0-9.]+)\]", r"{\1}"),
    (r"\} and `(models/[A-Za-z0-9_.-]+\.md)`", lambda m: "} and " + doc_key(m.group(1))),
    (r"\bnewest ([A-Za-z0-9_/.-]+\.md)\b", lambda m: doc_key(m.group(1))),
    (r"\bnewest player(?: docs)?\b", "{D:engine/player.md}"),
    (r"\bnewest animation(?: docs)?\b", "{D:engine/animation.md}"),
    (r"\bnewest (?:public )?docs\b", "{D}"),
]

# What an old-scheme citation looks like (the check's net; wider than the rules on purpose).
OLD = re.compile(
    r"\bseeds? 00[0-9]\b|\bengine summary\b|\bformats? notes §|\bformats\.md\b|\bengine\.md\b"
    r"|\bnewest (?:`|[A-Za-z]+\.md|player|animation|docs|public)"
    r"|\[(?:M|A|D|D:[A-Za-z0-9_/.-]+|F§[0-9.]+|E§[0-9.]+)\]"
)
KEY = re.compile(r"\{(M|A|D|D:[A-Za-z0-9_/.-]+|F§[0-9.]+|E§[0-9.]+)\}")

def comment_spans(line):
    """The comment part of a line of Rust: from `//` outside a string to the end."""
    i, in_str, esc = 0, False, False
    while i < len(line) - 1:
        c = line[i]
        if in_str:
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "'" and i + 2 < len(line) and line[i + 2] == "'":
            i += 2
        elif line.startswith("//", i):
            return i
        i += 1
    return None

CROSS = [
    # A citation broken over two comment lines moves whole onto the second.
    (re.compile(r" ?\bnewest\n([ \t]*//[/!]?[ \t]*)`([A-Za-z0-9_/.-]+\.md)`"), lambda m: "\n" + m.group(1) + doc_key(m.group(2))),
    (re.compile(r" ?\bseed\n([ \t]*//[/!]?[ \t]*)(00[01])\b"), lambda m: "\n" + m.group(1) + ("{M}" if m.group(2) == "000" else "{A}")),
]

def rewrite_text(text):
    for pat, rep in CROSS:
        text = pat.sub(rep, text)
    out = []
    for line in text.split("\n"):
        at = comment_spans(line)
        if at is not None:
            code, comment = line[:at], line[at:]
            for pat, rep in RULES:
                comment = re.sub(pat, rep, comment)
            line = code + comment
        out.append(line)
    return "\n".join(out)

def defined_keys():
    spec = (ROOT / "docs/spec.md").read_text()
    keys = set(re.findall(r"^\| `(\{[^}]+\})` ", spec, re.M))
    return keys

def check_text(name, text, keys):
    bad = []
    # A citation split over two comment lines ("seed\n/// 000") is joined before the check.
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        at = comment_spans(line)
        if at is None:
            continue
        comment = line[at:]
        nxt = lines[n] if n < len(lines) else ""
        nat = comment_spans(nxt)
        joined = comment + " " + (re.sub(r"^//[/!]?\s*", "", nxt[nat:]) if nat is not None else "")
        m = OLD.search(joined)
        if m and m.start() < len(comment):
            bad.append(f"{name}:{n}: old citation form: {m.group(0)!r}")
        for k in KEY.findall(comment):
            key = "{" + k + "}"
            base = key
            if key.startswith("{F§") or key.startswith("{E§"):
                base = key[:3] + "}"
            if base not in keys and key not in keys:
                bad.append(f"{name}:{n}: key {key} is not in docs/spec.md")
    return bad

def files():
    return sorted((ROOT / "core/src").rglob("*.rs"))

def self_test():
    old = "/// As seed 000 \"Forward-walking startup\" and newest `engine/SOUP.md` say (engine summary §1.2).\nlet s = \"seed 000\"; // seed 001 and newest player docs; format notes §3"
    new = rewrite_text(old)
    assert new == "/// As {M} \"Forward-walking startup\" and {D:engine/SOUP.md} say ({E§1.2}).\nlet s = \"seed 000\"; // {A} and {D:engine/player.md}; {F§3}", new
    assert rewrite_text(new) == new, "not idempotent"
    split = "/// (seed\n/// 001, \"Timing\"), as the newest\n/// `animation.md` says."
    assert rewrite_text(split) == "/// (\n/// {A}, \"Timing\"), as the\n/// {D:engine/animation.md} says.", rewrite_text(split)
    keys = {"{M}", "{A}", "{D}", "{D:engine/SOUP.md}", "{D:engine/player.md}", "{E§}", "{F§}"}
    assert check_text("t", new, keys) == [], check_text("t", new, keys)
    assert check_text("t", old, keys), "old form not caught"
    assert check_text("t", "/// [M] \"Ground-turn arithmetic\"", keys), "bracketed key not caught"
    assert check_text("t", "/// {D:engine/nothing.md}", keys), "unknown key not caught"
    print("citations self-test: rewrite, idempotence and the check work")

def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        self_test()
        args = []
    if args == ["--rewrite"]:
        for p in files():
            t = p.read_text()
            r = rewrite_text(t)
            if r != t:
                p.write_text(r)
                print(f"rewrote {p.relative_to(ROOT)}")
        return
    keys = defined_keys()
    bad = []
    for p in files():
        bad += check_text(str(p.relative_to(ROOT)), p.read_text(), keys)
    for b in bad:
        print(b)
    if bad:
        sys.exit(1)
    print(f"citations: every spec citation in core uses a key of docs/spec.md ({len(keys)} keys)")

if __name__ == "__main__":
    main()
