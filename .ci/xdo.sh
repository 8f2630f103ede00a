#!/usr/bin/env bash
# Runs a window under the X display and plays xdotool at it: `xdo.sh ACTIONS COMMAND...`
# starts COMMAND, waits for its window (a title starting "Stros"), gives it the keyboard
# focus, runs the shell snippet ACTIONS (`$w` is the window) and waits for COMMAND to stop.
# Prints the seconds from starting COMMAND to its end; fails as COMMAND does.
set -euo pipefail
actions=$1
shift
start=$(date +%s.%N)
"$@" &
pid=$!
w=
for _ in $(seq 200); do
    w=$(xdotool search --name '^Stros' 2>/dev/null | head -1 || true)
    [ -n "$w" ] && break
    sleep 0.05
done
[ -n "$w" ] || { echo "no window appeared" >&2; kill "$pid"; exit 1; }
xdotool windowfocus --sync "$w"
eval "$actions"
wait "$pid"
python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$start"
