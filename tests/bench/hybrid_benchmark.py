#!/usr/bin/env python3
"""MPI + OpenMP: the hybrid stencil built with ckptcc against the plain build
(issue 25).

samples/mpi/hybrid_stencil (2 OpenMP threads per rank, the ghost exchange on
a worker thread under MPI_THREAD_SERIALIZED) is run plain and checkpointed,
alternating, --runs times each, for each layout and mode; the median wall
times and their ratio are reported. Layouts: 1 rank x 2 threads (as many
threads as this machine's 2 cores) and 2 ranks x 2 threads (twice as many,
with OMP_WAIT_POLICY=passive so that the spinning threads do not starve the
ranks). Modes: no checkpoint (CKPT_INTERVAL=0) and one every 0.5 s.

Writes tests/bench/results/hybrid.json and its section of
docs/performance.md. Not a CI test: timings need a quiet machine.

usage: hybrid_benchmark.py BUILD_DIR [--runs N] [--steps S] [--cells C]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import report_sections  # noqa: E402

LAYOUTS = [(1, {}), (2, {"OMP_WAIT_POLICY": "passive"})]
MODES = [("no checkpoint", "0"), ("a checkpoint every 0.5 s", "0.5")]


def timed(cmd, env):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("build_dir")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--cells", type=int, default=400000)
    p.add_argument("--mpiexec", default="mpiexec.mpich")
    a = p.parse_args()
    sample = os.path.join(os.path.abspath(a.build_dir), "samples", "mpi", "hybrid_stencil")
    if not (os.path.exists(sample) and os.path.exists(sample + ".plain")):
        sys.exit(f"{sample}(.plain) missing: build the samples first")
    args = [str(a.steps), str(a.cells)]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for ranks, extra in LAYOUTS:
            for mode, interval in MODES:
                plain_t, ckpt_t = [], []
                for run in range(a.runs):
                    env = dict(os.environ, **extra)
                    plain_t.append(timed([a.mpiexec, "-n", str(ranks), sample + ".plain", *args],
                                         env))
                    ckpt_dir = os.path.join(work, f"ck{ranks}-{interval}-{run}")
                    env.update(CKPT_DIR=ckpt_dir, CKPT_INTERVAL=interval)
                    ckpt_t.append(timed([a.mpiexec, "-n", str(ranks), sample, *args], env))
                    shutil.rmtree(ckpt_dir, ignore_errors=True)
                row = {"ranks": ranks, "threads": 2, "mode": mode, "interval": float(interval),
                       "plain_s": statistics.median(plain_t), "ckpt_s": statistics.median(ckpt_t),
                       "plain_runs": plain_t, "ckpt_runs": ckpt_t, "env": extra}
                row["ratio"] = row["ckpt_s"] / row["plain_s"]
                rows.append(row)
                print(f"{ranks} x 2, {mode}: plain {row['plain_s']:.3f} s, "
                      f"ckptcc {row['ckpt_s']:.3f} s, {row['ratio']:.3f}x", flush=True)
    result = {"sample": "samples/mpi/hybrid_stencil.c", "args": args, "runs": a.runs,
              "rows": rows}
    with open(os.path.join(HERE, "results", "hybrid.json"), "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    lines = [
        "## MPI + OpenMP: the hybrid stencil (issue 25)",
        "",
        f"`samples/mpi/hybrid_stencil.c` ({a.steps} steps, {a.cells} cells, 2 OpenMP threads "
        "per rank, the ghost exchange on a worker thread under `MPI_THREAD_SERIALIZED`), "
        f"built with ckptcc against plain `mpicc -fopenmp`, median of {a.runs} alternating "
        "runs each, wall time of `mpiexec`. Each checkpoint also reads every worker "
        "thread's thread-locals, in a parallel region of the runtime's own. Written by `tests/bench/hybrid_benchmark.py`; figures "
        "in `tests/bench/results/hybrid.json`.",
        "",
        "| ranks x threads | checkpoints | plain (s), min-max | ckptcc (s), min-max | ratio |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        note = " (OMP_WAIT_POLICY=passive)" if r["env"] else ""
        lines.append(f"| {r['ranks']} x {r['threads']}{note} | {r['mode']} | "
                     f"{r['plain_s']:.3f}, {min(r['plain_runs']):.2f}-{max(r['plain_runs']):.2f} | "
                     f"{r['ckpt_s']:.3f}, {min(r['ckpt_runs']):.2f}-{max(r['ckpt_runs']):.2f} | "
                     f"{r['ratio']:.3f} |")
    report_sections.put_section(os.path.join(TOP, "docs", "performance.md"), "hybrid_benchmark",
                                "\n".join(lines))


if __name__ == "__main__":
    main()
