#!/usr/bin/env python3
"""Checks that `core` imports only downward (issue 13): every `crate::X` path in a module
names a module on its own layer or below, modules on one layer do not form a cycle, and
the submodules of one module (`world/collide.rs`, `world/update.rs`, …) do not either.

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

def child_of(path, root):
    """(parent, child) for a file one level under a top module: `world/collide.rs` and
    `world/collide/x.rs` are child `collide` of `world`; None for the module's own mod.rs."""
    rel = path.relative_to(root).parts
    if len(rel) < 2:
        return None
    name = rel[1][:-3] if rel[1].endswith(".rs") else rel[1]
    return None if name == "mod" else (rel[0], name)

def sibling_edges(root):
    """Edges between sibling submodules of one top module: `super::x` from a child file,
    or `crate::<top>::x` from anywhere inside it."""
    found = {}
    for path in sorted(root.rglob("*.rs")):
        me = child_of(path, root)
        if me is None:
            continue
        top, src = me
        code = code_of(path)
        depth = len(path.relative_to(root).parts) - 2  # super:: hops to reach `top` from here
        prefix = r"(?:crate::" + re.escape(top) + "::" + ("|" + r"super::" * (depth + 1) if depth >= 0 else "") + ")"
        names = set(re.findall(prefix + r"(\w+)", code))
        for m in re.finditer(prefix + r"\{([^}]*)\}", code):
            names.update(re.findall(r"(?:^|,)\s*(\w+)", m.group(1)))
        for dst in names:
            is_module = (root / top / (dst + ".rs")).exists() or (root / top / dst).is_dir()
            if dst != src and is_module:
                found.setdefault((top, src, dst), path.relative_to(root.parent))
    return found

def cycles(nodes, succ):
    """Every strongly connected component of more than one node (Tarjan)."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in succ.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out

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
    sib = sibling_edges(root)
    for top in sorted({t for (t, _, _) in sib}):
        succ = {}
        for (t, a, b) in sib:
            if t == top:
                succ.setdefault(a, set()).add(b)
        nodes = set(succ) | {b for v in succ.values() for b in v}
        for comp in cycles(nodes, succ):
            where = ", ".join(f"{a}->{b} ({sib[(top, a, b)]})" for a in comp for b in comp if (top, a, b) in sib)
            bad.append(f"cycle among submodules of {top}: {' <-> '.join(comp)}: {where}")
    for line in bad:
        print(line)
    if bad:
        sys.exit(1)
    print(f"module graph: {len(es)} edges among {len(mods)} modules, all downward")

if __name__ == "__main__":
    main()
