#!/usr/bin/env python3
"""Size limits of issue 13: no file in core/src over 800 lines before its tests, no function
over 150 lines anywhere in the workspace's sources, no `too_many_arguments` allow.

`--self-test` checks the measuring on small inputs first."""
import re, sys, pathlib

FILE_LIMIT, FN_LIMIT = 800, 150
FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")

def lines_before_tests(text):
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("#[cfg(test)]"):
            return i
    return len(lines)

def functions(text):
    """(name, first line, length) of every fn whose body closes at its own indentation."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        indent = m.group(1)
        # A declaration without a body (trait method) ends with `;` before any `{`.
        j = i
        while j < len(lines) and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or "{" not in lines[j]:
            continue
        if lines[j].rstrip().endswith("}") and lines[j].count("{") == lines[j].count("}"):
            out.append((m.group(8), i + 1, j - i + 1))
            continue
        k = j + 1
        while k < len(lines) and lines[k].rstrip() != indent + "}":
            k += 1
        out.append((m.group(8), i + 1, k - i + 1))
    return out

def self_test():
    short = "fn a() {\n    1\n}\n"
    assert functions(short) == [("a", 1, 3)], functions(short)
    long = "    pub(crate) fn b(\n        x: u8,\n    ) -> u8 {\n" + "        x;\n" * 200 + "    }\n"
    assert functions(long) == [("b", 1, 204)], functions(long)
    decl = "trait T {\n    fn c(&self);\n    fn d(&self) {}\n}\n"
    assert functions(decl) == [("d", 3, 1)], functions(decl)
    assert lines_before_tests("a\nb\n#[cfg(test)]\nmod tests;\n") == 2

def main():
    if "--self-test" in sys.argv:
        self_test()
    bad = []
    for root in ["core/src", "frontend-host/src", "frontend-minifb/src", "frontend-term/src", "frontend-web/src", "tools/src", "tests/src"]:
        for path in sorted(pathlib.Path(root).rglob("*.rs")):
            text = path.read_text()
            is_test = path.name == "tests.rs" or path.parent.name == "tests"
            if root == "core/src" and not is_test and not path.name.endswith("_data.rs"):
                n = lines_before_tests(text)
                if n > FILE_LIMIT:
                    bad.append(f"{path}: {n} lines before its tests (limit {FILE_LIMIT})")
            if path.name.endswith("_data.rs"):
                continue
            for name, line, length in functions(text):
                if length > FN_LIMIT:
                    bad.append(f"{path}:{line}: fn {name} is {length} lines (limit {FN_LIMIT})")
            if "too_many_arguments" in text:
                bad.append(f"{path}: allows clippy::too_many_arguments")
    for line in bad:
        print(line)
    if bad:
        sys.exit(1)
    print("sizes: files, functions and argument lists within issue 13's limits")

if __name__ == "__main__":
    main()
