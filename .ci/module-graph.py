#!/usr/bin/env python3
"""Checks that `core` and `tools` import only downward (issue 13; tools since issue 48):
every `crate::X` path in a module names a module on its own layer or below, modules on one
layer do not form a cycle, and the submodules of one module (`world/collide.rs`,
`world/update.rs`, …) do not either, at every depth.

Without arguments both crates are checked; with a source root (`tools/src`, `core/src`, a
self-test's directory) that one, with the layers of the crate it ends in (`tools/src`:
tools', anything else: core's).

Test code (after `#[cfg(test)]`, or in a `tests.rs` module and its `tests/` submodules) is
exempt: tests may reach up."""
import re, sys, pathlib, itertools

# Bottom to top. Modules on one line share a layer; between them only acyclic imports are allowed.
LAYERS = [
    ["files", "embedded", "formats", "test_support"],
    ["units", "tables", "math", "config", "timing", "input", "scenario", "recording", "capacity", "sound"],
    ["terrain"],
    ["collision"],
    ["anim", "camera", "dialogue", "items"],
    ["script"],
    ["actor"],
    ["player"],
    ["world"],
    ["render", "audio", "trace"],
    ["session", "save"],
]
# tools: the writers and table generator below, the island generator and the readers'
# exerciser on them, the commands that drive those on top.
TOOLS_LAYERS = [
    ["write", "gen_tables", "cli_docs", "needs"],
    ["world", "exercise"],
    ["inspect", "fuzz", "bench", "replay"],
]

def layers_for(root):
    return TOOLS_LAYERS if root.resolve().parts[-2:] == ("tools", "src") else LAYERS

def module_of(path, root):
    rel = path.relative_to(root)
    top = rel.parts[0]
    return top[:-3] if top.endswith(".rs") else top

def is_crate_root(path, root):
    """`lib.rs`, or a binary's `main.rs` (which reaches the library by its crate name)."""
    return path.parent == root and path.name in ("lib.rs", "main.rs")

def code_of(path):
    if path.name == "tests.rs" or path.parent.name == "tests":
        return ""
    text = path.read_text()
    cut = text.find("#[cfg(test)]")
    text = text if cut < 0 else text[:cut]
    # Drop comments so prose that names a module is not an import.
    return "\n".join(line.split("//")[0] for line in text.splitlines())

def edges(root):
    found = {}
    for path in sorted(root.rglob("*.rs")):
        if is_crate_root(path, root):
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

def module_path(path, root):
    """The module path of a file: `world/collide/mod.rs` is world::collide,
    `world/collide/fall.rs` world::collide::fall."""
    parts = list(path.relative_to(root).parts)
    last = parts.pop()[:-3]
    return parts if last == "mod" else parts + [last]

def is_module(root, mpath):
    base = root.joinpath(*mpath) if mpath else root
    return base.is_dir() or base.with_suffix(".rs").exists()

def resolve(root, start, names):
    """The longest module path reached from `start` by following `names`."""
    out = list(start)
    for n in names:
        if not is_module(root, out + [n]):
            break
        out.append(n)
    return out

def sibling_edges(root):
    """Edges between sibling submodules of one module, at every depth: where a file in
    module M names module T (by `super::`, `self::` or `crate::` paths), the edge runs
    between the children of their deepest common ancestor that hold M and T. Edges of
    the top level are the layer check's."""
    found = {}
    path_re = re.compile(r"\b((?:super::)+|self::|crate::)((?:\w+::)*\w+)?(?:::)?(?:\{([^}]*)\})?")
    for path in sorted(root.rglob("*.rs")):
        if is_crate_root(path, root):
            continue
        me = module_path(path, root)
        for m in path_re.finditer(code_of(path)):
            head, body, group = m.group(1), (m.group(2) or "").split("::"), m.group(3)
            body = [b for b in body if b]
            if head == "crate::":
                base = []
            elif head == "self::":
                base = me
            else:
                base = me[: len(me) - head.count("super::")]
            tails = [body]
            if group:
                tails = [body + [g.strip().split("::")[0]] for g in group.split(",") if g.strip()]
            for t in tails:
                target = resolve(root, base, t)
                k = 0
                while k < min(len(me), len(target)) and me[k] == target[k]:
                    k += 1
                if 0 < k < len(me) and k < len(target):
                    parent = "::".join(me[:k])
                    found.setdefault((parent, me[k], target[k]), path.relative_to(root.parent))
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

def self_test():
    """The check must fail on an upward import, a layer cycle and a submodule cycle."""
    import tempfile, subprocess
    cases = {
        "upward": {"terrain.rs": "use crate::world::X;", "world/mod.rs": ""},
        "submodule cycle": {"world/mod.rs": "mod a; mod b;", "world/a.rs": "use super::b::X;",
                            "world/b.rs": "use crate::world::a::Y;"},
        "nested cycle": {"world/mod.rs": "mod c;", "world/c/mod.rs": "mod a; mod b;",
                         "world/c/a.rs": "use super::b::{X, Z};", "world/c/b.rs": "use crate::world::c::a::Y;"},
        "grouped cycle": {"world/mod.rs": "mod a; mod b;", "world/a.rs": "use super::{b, c};",
                          "world/b.rs": "use super::a::Y;"},
        "layer cycle of three": {"anim.rs": "use crate::camera::X;", "camera.rs": "use crate::dialogue::X;",
                                 "dialogue.rs": "use crate::anim::X;"},
        "tools upward": {"tools/src/world/mod.rs": "use crate::fuzz::Fuzzing;", "tools/src/fuzz.rs": ""},
        "tools cycle": {"tools/src/world/mod.rs": "mod art; mod build;", "tools/src/world/art.rs": "use super::build::X;",
                        "tools/src/world/build.rs": "use super::{art, terrain};"},
    }
    for name, files in cases.items():
        with tempfile.TemporaryDirectory() as d:
            tools = any(f.startswith("tools/") for f in files)
            root = pathlib.Path(d) / ("tools/src" if tools else "src")
            files = {f.removeprefix("tools/src/"): t for f, t in files.items()}
            for f, text in {"lib.rs": "", **files}.items():
                (root / f).parent.mkdir(parents=True, exist_ok=True)
                (root / f).write_text(text + "\n")
            r = subprocess.run([sys.executable, __file__, str(root)], capture_output=True, text=True)
            assert r.returncode == 1, f"self-test {name}: not caught\n{r.stdout}"
    print("module-graph self-test: upward imports and cycles are caught, in core and in tools")

def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        sys.argv = sys.argv[:1]
    roots = [sys.argv[1]] if len(sys.argv) > 1 else ["core/src", "tools/src"]
    failed = False
    for root in roots:
        failed |= check(pathlib.Path(root))
    if failed:
        sys.exit(1)

def check(root):
    """Prints what is wrong in the crate at `root`; true if anything is."""
    LAYER = {m: i for i, names in enumerate(layers_for(root)) for m in names}
    bad = []
    mods = {module_of(p, root) for p in root.rglob("*.rs") if not is_crate_root(p, root)}
    for m in sorted(mods - set(LAYER)):
        bad.append(f"module `{m}` has no layer in .ci/module-graph.py")
    es = edges(root)
    for (src, dst), where in sorted(es.items()):
        if src in LAYER and dst in LAYER and LAYER[dst] > LAYER[src]:
            bad.append(f"upward import: {src} (layer {LAYER[src]}) uses {dst} (layer {LAYER[dst]}) in {where}")
    same = {}
    for (s, d) in es:
        if s in LAYER and d in LAYER and LAYER[s] == LAYER[d]:
            same.setdefault(s, set()).add(d)
    for comp in cycles(set(same) | {d for v in same.values() for d in v}, same):
        where = ", ".join(f"{a}->{b} ({es[(a, b)]})" for a in comp for b in comp if (a, b) in es)
        bad.append(f"cycle: {' <-> '.join(comp)}: {where}")
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
        print(f"{root}: {line}")
    if not bad:
        print(f"module graph of {root}: {len(es)} edges among {len(mods)} modules, all downward")
    return bool(bad)

if __name__ == "__main__":
    main()
