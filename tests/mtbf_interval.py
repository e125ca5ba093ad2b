#!/usr/bin/env python3
"""CKPT_MTBF sets the checkpoint interval by Daly's formula from the cost the
runtime measures, and follows that cost as it learns it (issue 21, point 4).

EXE (built with ckptcc) runs to the end with CKPT_MTBF and CKPT_STATS, alone
or under mpiexec with --np ranks, once with background writes and once with
synchronous ones (CKPT_ASYNC_WRITE=0: the write is the program's time too,
so a checkpoint costs more). CKPT_STATS has, per rank and checkpoint, when
its copy began and what the copy took ("checkpoint"), when the rank learned
it committed ("settled"), and the cost measured with the interval chosen
from it ("interval"). Checked:

  - every learned cost is the weighted mean (weight 0.5 for the newest) of
    the costs measured so far, and every interval is what Daly's formula,
    computed here, gives for that learned cost and CKPT_MTBF;
  - every measured cost holds at least the copy of the same checkpoint (the
    program stands still for the copy, at least);
  - the timer keeps the interval: each checkpoint after the first begins at
    least the interval chosen after the one before past its settling, and
    the median gap stays within three intervals (plus 50 ms) of it;
  - synchronous writes, costlier, are given a longer interval;
  - the output equals PLAIN's; CKPT_MTBF=abc is refused with a message.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

from checks import clean_env

WEIGHT = 0.5
SLACK = 1e-5  # the figures are printed with microseconds, on one clock


MTBF = 0.05  # --mtbf


def daly(cost, mtbf):
    if cost >= 2 * mtbf:
        return mtbf
    r = cost / (2 * mtbf)
    return max(0.0, math.sqrt(2 * cost * mtbf) * (1 + math.sqrt(r) / 3 + r / 9) - cost)


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))


def check_rank(events, rank):
    """The formula and the learning on one rank: failures, intervals by checkpoint."""
    failures, intervals, learned = [], {}, None
    copies = {e["checkpoint"]: e["copy_s"] for e in events
              if e["event"] == "checkpoint" and e["rank"] == rank}
    for e in (e for e in events if e["event"] == "interval" and e["rank"] == rank):
        n = e["checkpoint"]
        learned = e["cost_s"] if learned is None else WEIGHT * e["cost_s"] + (1 - WEIGHT) * learned
        if not close(e["learned_cost_s"], learned):
            failures.append(f"rank {rank} checkpoint {n}: learned cost {e['learned_cost_s']}, "
                            f"the weighted mean of the measured ones is {learned}")
        if not close(e["interval_s"], daly(e["learned_cost_s"], MTBF)):
            failures.append(f"rank {rank} checkpoint {n}: interval {e['interval_s']}, Daly's "
                            f"formula gives {daly(e['learned_cost_s'], MTBF)}")
        if n in copies and e["cost_s"] + SLACK < copies[n]:
            failures.append(f"rank {rank} checkpoint {n}: cost {e['cost_s']} s is less than "
                            f"its copy, {copies[n]} s")
        intervals[n] = e["interval_s"]
    return failures, intervals


def check_gaps(events, intervals_by_rank):
    """The timer: failures, the gaps and the intervals they were due after."""
    began, settled = {}, {}
    for e in events:
        n = e["checkpoint"]
        if e["event"] == "checkpoint":
            began[n] = min(began.get(n, e["began_at"]), e["began_at"])
        elif e["event"] == "settled" and e["committed"]:
            settled[n] = min(settled.get(n, e["at"]), e["at"])
    failures, gaps, dues = [], [], []
    numbers = sorted(began)
    for prev, n in zip(numbers, numbers[1:]):
        due = [iv[prev] for iv in intervals_by_rank.values() if prev in iv]
        if prev not in settled or not due:
            continue
        gap, due = began[n] - settled[prev], min(due)  # the first rank's timer asks
        gaps.append(gap)
        dues.append(due)
        if gap + SLACK < due:
            failures.append(f"checkpoint {n} began {gap * 1000:.2f} ms after checkpoint {prev} "
                            f"settled, before its interval of {due * 1000:.2f} ms")
    if gaps and statistics.median(gaps) > 3 * statistics.median(dues) + 0.05:
        failures.append(f"median gap {statistics.median(gaps) * 1000:.1f} ms for a median "
                        f"interval of {statistics.median(dues) * 1000:.1f} ms")
    return failures, gaps, dues


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True)
    p.add_argument("--plain", required=True)
    p.add_argument("--np", type=int, default=0, help="ranks (0: no mpiexec)")
    p.add_argument("--mpiexec", default="mpiexec")
    p.add_argument("--name", default="mtbf_interval")
    p.add_argument("--mtbf", type=float, default=MTBF)
    p.add_argument("args", nargs="*")
    a = p.parse_args()
    globals()["MTBF"] = a.mtbf

    def launch(exe):
        cmd = [os.path.abspath(exe)] + a.args
        return [a.mpiexec, "-n", str(a.np)] + cmd if a.np else cmd

    def say(ok, text):
        print(f"{a.name}: {'ok  ' if ok else 'FAIL'}  {text}", flush=True)
        return 0 if ok else 1

    base = clean_env()
    ref = subprocess.run(launch(a.plain), env=base, capture_output=True, timeout=120)
    failed = say(ref.returncode == 0, "the plain build runs")
    bad = subprocess.run(launch(a.exe), env=dict(base, CKPT_MTBF="abc"), capture_output=True,
                         timeout=120)
    failed += say(bad.returncode != 0 and b"CKPT_MTBF='abc'" in bad.stderr,
                  "CKPT_MTBF=abc is refused, naming it")
    median_interval = {}
    for mode, asynchronous in (("background writes", "1"), ("synchronous writes", "0")):
        with tempfile.TemporaryDirectory(prefix="aalc-mtbf-") as tmp:
            stats = os.path.join(tmp, "stats.jsonl")
            env = dict(base, CKPT_DIR=os.path.join(tmp, "ckpt"), CKPT_MTBF=str(MTBF),
                       CKPT_ASYNC_WRITE=asynchronous, CKPT_STATS=stats)
            r = subprocess.run(launch(a.exe), env=env, capture_output=True, timeout=120)
            if r.returncode != 0 or r.stdout != ref.stdout:
                failed += say(False, f"{mode}: exit {r.returncode}, output "
                                     f"{'identical' if r.stdout == ref.stdout else 'differs'}\n"
                                     f"{r.stderr.decode(errors='replace')[-2000:]}")
                continue
            with open(stats) as f:
                events = [json.loads(line) for line in f]
            failures, intervals = [], {}
            for rank in range(max(a.np, 1)):
                f_rank, intervals[rank] = check_rank(events, rank)
                failures += f_rank
            f_gaps, gaps, dues = check_gaps(events, intervals)
            failures += f_gaps
            counted = sum(len(iv) for iv in intervals.values())
            if len(gaps) < 3:
                failures.append(f"only {len(gaps)} gaps between checkpoints: nothing to check")
            for line in failures[:5]:
                print(f"    {line}")
            median_interval[mode] = statistics.median(dues) if dues else 0.0
            failed += say(not failures, f"{mode}: {counted} intervals from Daly's formula for "
                                        f"the learned cost; {len(gaps)} gaps, median "
                                        f"{statistics.median(gaps) * 1000 if gaps else 0:.1f} ms "
                                        f"for a median interval of "
                                        f"{median_interval[mode] * 1000:.1f} ms; output identical")
    if len(median_interval) == 2:
        failed += say(median_interval["synchronous writes"] > median_interval["background writes"],
                      "costlier checkpoints (synchronous writes) get a longer interval: "
                      f"{median_interval['synchronous writes'] * 1000:.1f} vs "
                      f"{median_interval['background writes'] * 1000:.1f} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
