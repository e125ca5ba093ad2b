#!/usr/bin/env bash
# The demo, in two parts:
#  1. build samples/serial/heat2d.c with ckptcc, run it with a checkpoint every
#     0.5 s, SIGKILL it mid-run, continue it with --recover, and compare the
#     output with an uninterrupted run built with the plain compiler;
#  2. the same with the thesis's conjugate-gradient solver (samples/mpi/cg.c,
#     point-to-point halo exchange and MPI_Allreduce) under mpiexec -n 2: one
#     rank is killed mid-run and the job recovered with --recover.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AALC_BUILD_DIR:-$top/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(1024 1200)

echo "demo: building heat2d with ckptcc and with plain cc"
"$build/bin/ckptcc" -O2 -o "$work/heat2d" "$top/samples/serial/heat2d.c"
cc -O2 -w -o "$work/heat2d.plain" "$top/samples/serial/heat2d.c"

# Milliseconds as seconds for sleep and CKPT_INTERVAL.
seconds() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }

# Half-way through the reference's time, and not before a checkpoint is
# committed in $1 (a slow start, the first run on a cold machine, may not
# have reached one yet); at most 30 s more, while process $2 runs.
wait_for_kill() {
  sleep "$(seconds $((took_ms / 2)))"
  local tries=0
  while ! ls "$1"/ckpt-*/COMMITTED > /dev/null 2>&1 && kill -0 "$2" 2>/dev/null &&
        [ $tries -lt 3000 ]; do
    sleep 0.01
    tries=$((tries + 1))
  done
}

# The checkpoints in $1, or "none" (the first one makes the directory).
committed() { ls "$1" 2>/dev/null | grep '^ckpt-' | tr '\n' ' ' || echo none; }

echo "demo: uninterrupted reference run"
start=$(date +%s%N)
"$work/heat2d.plain" "${args[@]}" > "$work/reference.txt"
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))

# Checkpoints and the kill follow the machine's speed: a checkpoint every
# fifth of the reference run, the kill half-way, so that some are committed
# and the run is not over yet.
interval_ms=$(( took_ms / 5 > 50 ? took_ms / 5 : 50 ))
export UCX_LOG_FILE=stderr  # MPICH-UCX errors off the compared stdout
export CKPT_DIR="$work/checkpoints" CKPT_INTERVAL=$(seconds $interval_ms) CKPT_VERBOSE=1
echo "demo: checkpointed run (the reference took ${took_ms} ms; CKPT_INTERVAL=$CKPT_INTERVAL), killed with SIGKILL half-way"
# The program's messages reach the demo's stderr through a pipe: recovery
# truncates stdout and stderr back to their length at the checkpoint when
# they are regular files (user guide, "Output after a recovery"), which would
# also take back this script's own lines if its stderr were a log file.
"$work/heat2d" "${args[@]}" >> "$work/output.txt" 2> >(cat >&2) &
pid=$!
wait_for_kill "$CKPT_DIR" "$pid"
if ! kill -KILL "$pid" 2>/dev/null; then
  echo "demo: FAIL: the checkpointed run ended before the kill (it should take at least as long as the reference)"
  exit 1
fi
wait "$pid" 2>/dev/null || true
echo "demo: output so far: $(wc -l < "$work/output.txt") lines; committed: $(committed "$CKPT_DIR")"

echo "demo: $work/heat2d ${args[*]} --recover"
"$work/heat2d" "${args[@]}" --recover >> "$work/output.txt" 2> >(cat >&2)

if cmp -s "$work/reference.txt" "$work/output.txt"; then
  echo "demo: PASS: the recovered run's output is identical to the uninterrupted run's ($(wc -l < "$work/output.txt") lines)"
else
  echo "demo: FAIL: outputs differ"
  diff "$work/reference.txt" "$work/output.txt" | head -20
  exit 1
fi

if ! command -v mpiexec > /dev/null || ! command -v mpicc > /dev/null; then
  echo "demo: mpiexec or mpicc not found: the MPI part is skipped"
  exit 0
fi
cg_args=(400 4000)
echo "demo: building the CG solver with ckptcc and with plain mpicc"
CKPT_CC=mpicc "$build/bin/ckptcc" -O2 -o "$work/cg" "$top/samples/mpi/cg.c" -lm
mpicc -O2 -o "$work/cg.plain" "$top/samples/mpi/cg.c" -lm
echo "demo: uninterrupted reference run: mpiexec -n 2 cg.plain ${cg_args[*]}"
start=$(date +%s%N)
mpiexec -n 2 "$work/cg.plain" "${cg_args[@]}" > "$work/cg.reference.txt"
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
export CKPT_DIR="$work/cg-checkpoints" CKPT_INTERVAL=0.25 CKPT_VERBOSE=0
echo "demo: checkpointed run (the reference took ${took_ms} ms), one rank killed with SIGKILL half-way"
mpiexec -n 2 "$work/cg" "${cg_args[@]}" > "$work/cg.output.txt" &
job=$!
wait_for_kill "$CKPT_DIR" "$job"
# A rank: a child of mpiexec's proxy (each rank's output forwarder runs the
# same executable, but outside the job's process tree).
proxy=$(pgrep -P "$job" hydra_pmi_proxy | head -1 || true)
victim=$( [ -n "$proxy" ] && pgrep -P "$proxy" | tail -1 || true)
if [ -z "$victim" ] || ! kill -KILL "$victim" 2>/dev/null; then
  echo "demo: FAIL: no rank process to kill: the job ended first, or its ranks were not found"
  exit 1
fi
echo "demo: killed rank process $victim"
wait "$job" 2>/dev/null || true
echo "demo: committed: $(committed "$CKPT_DIR")"
echo "demo: mpiexec -n 2 $work/cg ${cg_args[*]} --recover"
mpiexec -n 2 "$work/cg" "${cg_args[@]}" --recover > "$work/cg.output.txt"
if cmp -s "$work/cg.reference.txt" "$work/cg.output.txt"; then
  echo "demo: PASS: the recovered MPI job's output is identical to the uninterrupted run's"
  tail -3 "$work/cg.output.txt" | sed 's/^/demo:   /'
else
  echo "demo: FAIL: outputs differ"
  diff "$work/cg.reference.txt" "$work/cg.output.txt" | head -20
  exit 1
fi
