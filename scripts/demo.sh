#!/usr/bin/env bash
# The demo: build samples/serial/heat2d.c with ckptcc, run it with a
# checkpoint every 0.5 s, SIGKILL it mid-run, continue it with --recover, and
# compare the output with an uninterrupted run built with the plain compiler.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AALC_BUILD_DIR:-$top/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(1024 1200)

echo "demo: building heat2d with ckptcc and with plain cc"
"$build/bin/ckptcc" -O2 -o "$work/heat2d" "$top/samples/serial/heat2d.c"
cc -O2 -w -o "$work/heat2d.plain" "$top/samples/serial/heat2d.c"

echo "demo: uninterrupted reference run"
"$work/heat2d.plain" "${args[@]}" > "$work/reference.txt"

export CKPT_DIR="$work/checkpoints" CKPT_INTERVAL=0.5 CKPT_VERBOSE=1
echo "demo: checkpointed run, killed with SIGKILL after 2 s"
"$work/heat2d" "${args[@]}" >> "$work/output.txt" &
pid=$!
sleep 2
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
echo "demo: output so far: $(wc -l < "$work/output.txt") lines; committed: $(ls "$CKPT_DIR" | tr '\n' ' ')"

echo "demo: $work/heat2d ${args[*]} --recover"
"$work/heat2d" "${args[@]}" --recover >> "$work/output.txt"

if cmp -s "$work/reference.txt" "$work/output.txt"; then
  echo "demo: PASS: the recovered run's output is identical to the uninterrupted run's ($(wc -l < "$work/output.txt") lines)"
else
  echo "demo: FAIL: outputs differ"
  diff "$work/reference.txt" "$work/output.txt" | head -20
  exit 1
fi
