#!/usr/bin/env python3
"""CKPT_INTERVAL leaves the program its interval, however slow a checkpoint is.

A checkpoint's last work may run on the program's thread: with synchronous
writes (CKPT_ASYNC_WRITE=0) the image's write and fsync, and under MPI the
coordinator's commit and pruning. When the interval counted from the copy
instead, a checkpoint that took longer than the interval was followed at once
by the next one, and the program crawled (40 times slower at
CKPT_INTERVAL=0.01, until it looked hung).

EXE (built with ckptcc) runs to the end with CKPT_INTERVAL=0.01 and CKPT_STATS,
once with synchronous writes and once with background writes, alone or under
mpiexec with --np ranks. CKPT_STATS records when each rank's copy of a
checkpoint began and when the rank learned that it was committed or given up
("settled"). Every checkpoint after the first must begin at least the interval
after the earliest rank's settling of the one before (a request for it comes
from some rank's timer, restarted there), and the output must equal PLAIN's.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from checks import clean_env

INTERVAL = 0.01
# CLOCK_MONOTONIC is one clock for every process of the machine; the figures
# are printed with microseconds.
SLACK = 1e-5


def run(cmd, env, timeout):
    try:
        return subprocess.run(cmd, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def check_gaps(events):
    """Failures of the rule, as text; and how many gaps were checked."""
    began, settled = {}, {}
    for e in events:
        n = e["checkpoint"]
        if e["event"] == "checkpoint":
            began[n] = min(began.get(n, e["began_at"]), e["began_at"])
        elif e["event"] == "settled":
            settled[n] = min(settled.get(n, e["at"]), e["at"])
    failures, checked = [], 0
    numbers = sorted(began)
    for prev, n in zip(numbers, numbers[1:]):
        if prev not in settled:
            failures.append(f"checkpoint {prev} began but never settled")
            continue
        gap = began[n] - settled[prev]
        checked += 1
        if gap + SLACK < INTERVAL:
            failures.append(f"checkpoint {n} began {gap * 1000:.2f} ms after checkpoint "
                            f"{prev} settled (CKPT_INTERVAL={INTERVAL})")
    return failures, checked


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True)
    p.add_argument("--plain", required=True)
    p.add_argument("--np", type=int, default=0, help="ranks (0: no mpiexec)")
    p.add_argument("--mpiexec", default="mpiexec")
    p.add_argument("--name", default="interval_kept")
    p.add_argument("args", nargs="*")
    a = p.parse_args()

    def launch(exe):
        cmd = [os.path.abspath(exe)] + a.args
        return [a.mpiexec, "-n", str(a.np)] + cmd if a.np else cmd

    base = clean_env()
    ref = run(launch(a.plain), base, 120)
    if ref is None or ref.returncode != 0:
        print(f"{a.name}: FAIL  the plain build did not run")
        return 1
    failed = 0
    for mode, asynchronous in (("synchronous writes", "0"), ("background writes", "1")):
        with tempfile.TemporaryDirectory(prefix="aalc-interval-") as tmp:
            stats = os.path.join(tmp, "stats.jsonl")
            env = dict(base, CKPT_DIR=os.path.join(tmp, "ckpt"), CKPT_INTERVAL=str(INTERVAL),
                       CKPT_ASYNC_WRITE=asynchronous, CKPT_STATS=stats)
            r = run(launch(a.exe), env, 120)
            if r is None:
                print(f"{a.name}: FAIL  {mode}: still running after 120 s")
                failed += 1
                continue
            if r.returncode != 0 or r.stdout != ref.stdout:
                print(f"{a.name}: FAIL  {mode}: exit {r.returncode}, output "
                      f"{'identical' if r.stdout == ref.stdout else 'differs'}\n"
                      f"{r.stderr.decode(errors='replace')[-2000:]}")
                failed += 1
                continue
            with open(stats) as f:
                events = [json.loads(line) for line in f]
            failures, checked = check_gaps(events)
            if checked < 3:
                print(f"{a.name}: FAIL  {mode}: only {checked + 1} checkpoints: nothing to check")
                failed += 1
            elif failures:
                print(f"{a.name}: FAIL  {mode}: {len(failures)} of {checked} gaps too short:")
                for line in failures[:5]:
                    print(f"    {line}")
                failed += 1
            else:
                print(f"{a.name}: ok    {mode}: {checked + 1} checkpoints, each began at least "
                      f"{INTERVAL} s after the one before settled; output identical")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
