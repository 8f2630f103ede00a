"""The default build links no system library (issue 30).

A crate that links one says so with `links` in its manifest (alsa-sys: "alsa", libudev-sys:
"udev"); pure-Rust `-sys` crates such as linux-raw-sys and dirs-sys have none. Reads
`cargo metadata` and the default build's `cargo tree`, fails naming any crate that links.
"""
import json
import subprocess
import sys

# `links` keys that name no library: wasm-bindgen-shared's makes Cargo refuse two versions of
# wasm-bindgen in one build (its schema must match the CLI's), and links nothing.
MARKERS = {"wasm_bindgen"}

meta = json.loads(subprocess.check_output(["cargo", "metadata", "-q", "--format-version", "1"]))
tree = subprocess.check_output(
    ["cargo", "tree", "--workspace", "-e", "normal", "--prefix", "none", "--format", "{p}"], text=True
)
used = {tuple(line.split()[:2]) for line in tree.splitlines() if line.strip()}
links = {
    (p["name"], "v" + p["version"]): p["links"]
    for p in meta["packages"]
    if p.get("links") and p["links"] not in MARKERS
}
bad = sorted(f"{n} {v} (links {links[(n, v)]})" for n, v in used if (n, v) in links)
if bad:
    sys.exit(f"the default build links a system library: {', '.join(bad)}")
sys_crates = sorted({n for n, _ in used if n.endswith("-sys")})
print(f"{len(used)} crates in the default build, none links a system library (-sys crates: {sys_crates})")
