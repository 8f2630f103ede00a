#!/usr/bin/env python3
"""Checks that `core` imports only downward (issue 13): every `crate::X` path in a module
names a module on its own layer or below, and modules on one layer do not form a cycle.

Test code (after `#[cfg(test)]`, or in a `tests.rs` module) is exempt: tests may reach up."""
import re, sys, pathlib, itertools

# Bottom to top. Modules on one line share a layer; between them only acyclic imports are allowed.
LAYERS = [
    ["files", "embedded", "formats"],
    ["units", "tables", "math", "config", "timing", "input", "scenario", "recording"],
    ["terrain"],
    ["collision"],
    ["anim"],
    ["script"],
    ["actor"],
    ["player"],
    ["world"],
    ["render", "audio", "trace"],
    ["session"],
]
LAYER = {m: i for i, names in enumerate(LAYERS) for m in names}

def module_of(path, root):
    rel = path.relative_to(root)
    top = rel.parts[0]
    return top[:-3] if top.endswith(".rs") else top

def code_of(path):
    if path.name == "tests.rs":
        return ""
    text = path.read_text()
    cut = text.find("#[cfg(test)]")
    text = text if cut < 0 else text[:cut]
    # Drop comments so prose that names a module is not an import.
    return "\n".join(line.split("//")[0] for line in text.splitlines())

def edges(root):
    found = {}
    for path in sorted(root.rglob("*.rs")):
        if path.name == "lib.rs" and path.parent == root:
            continue
        src = module_of(path, root)
        for m in re.finditer(r"crate::(\w+)", code_of(path)):
            dst = m.group(1)
            if dst != src:
                found.setdefault((src, dst), path.relative_to(root.parent))
        # `use crate::{a, b::c}` groups
        for m in re.finditer(r"crate::\{([^}]*)\}", code_of(path)):
            for dst in re.findall(r"(?:^|,)\s*(\w+)", m.group(1)):
                if dst != src:
                    found.setdefault((src, dst), path.relative_to(root.parent))
    return found

def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "core/src")
    bad = []
    mods = {module_of(p, root) for p in root.rglob("*.rs") if p != root / "lib.rs"}
    for m in sorted(mods - set(LAYER)):
        bad.append(f"module `{m}` has no layer in .ci/module-graph.py")
    es = edges(root)
    for (src, dst), where in sorted(es.items()):
        if src in LAYER and dst in LAYER and LAYER[dst] > LAYER[src]:
            bad.append(f"upward import: {src} (layer {LAYER[src]}) uses {dst} (layer {LAYER[dst]}) in {where}")
    same = {(s, d) for (s, d) in es if s in LAYER and d in LAYER and LAYER[s] == LAYER[d]}
    for s, d in sorted(same):
        if (d, s) in same and s < d:
            bad.append(f"cycle: {s} <-> {d} ({es[(s, d)]}, {es[(d, s)]})")
    for line in bad:
        print(line)
    if bad:
        sys.exit(1)
    print(f"module graph: {len(es)} edges among {len(mods)} modules, all downward")

if __name__ == "__main__":
    main()
