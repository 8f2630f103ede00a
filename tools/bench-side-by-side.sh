#!/usr/bin/env bash
# Two builds of stros-tools benchmarked side by side in one run: three rounds, each running
# `bench step` (the island and a crowd of 32) and `bench render` (all spots) with the first,
# then the second. Build each with `cargo build --release -p stros-tools` (the older one in
# a worktree of its commit) and pass their binaries:
#   tools/bench-side-by-side.sh /path/to/old/stros-tools target/release/stros-tools
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 OLD_STROS_TOOLS NEW_STROS_TOOLS" >&2; exit 2; }
for round in 1 2 3; do
    for bin in "$1" "$2"; do
        s=$("$bin" bench step --actors 0,32 --crowd-steps 5000)
        step=$(echo "$s" | sed -n 's/.*: \([0-9]*\) steps\/s.*/\1/p')
        crowd=$(echo "$s" | awk '$1 == 32 { print $2 }')
        size=$(echo "$s" | sed -n 's/^size_of::<World>() = \([0-9]*\) bytes.*/\1/p')
        render=$("$bin" bench render | grep "all spots" | sed 's/ (200.*//; s/all spots *//')
        echo "round $round $bin: step $step/s, 32 walkers $crowd/s, World $size B; render $render"
    done
done
