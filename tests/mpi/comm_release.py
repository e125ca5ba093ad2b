#!/usr/bin/env python3
"""Freed communicators are let go at checkpoints (issue 18; comm_release.h).

Runs comm_churn, which makes and frees a few communicators every iteration,
with a checkpoint every few thousand iterations, and checks:
  - the output equals the plain build's;
  - at the end each rank's table holds far fewer objects than the program
    made (objects_kept in the protocol counters), and many were reclaimed;
  - the images do not grow with the run: the last checkpoint's image is
    within 1.25x of the one halfway (each held every communicator ever made,
    so the ninth was 1.8 times the fifth before the release; a communicator
    goes a round after those made from it, so the first image is smaller).
Kills and recoveries of the same program are mpi.comm_churn.np2/np3.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--exe", required=True)
ap.add_argument("--plain", required=True)
ap.add_argument("--mpiexec", required=True)
ap.add_argument("--np", default="2")
ap.add_argument("--iterations", type=int, default=20000)
ap.add_argument("--every", type=int, default=2000)
a = ap.parse_args()

# Per iteration comm_churn makes a duplicate and a split of it, every 7th
# a split of a duplicate and a split of the world (three more) and every 5th
# a Cartesian communicator.
made = a.iterations * (2 + 3 / 7 + 1 / 5)
launch = [a.mpiexec, "-n", a.np]
args = [str(a.iterations), "7"]
env = clean_env()
reference = subprocess.run(launch + [a.plain, *args], stdout=subprocess.PIPE, timeout=300).stdout
failures = []
with tempfile.TemporaryDirectory(prefix="aalc-release-") as tmp:
    stats = os.path.join(tmp, "stats.jsonl")
    e = dict(env, CKPT_DIR=os.path.join(tmp, "ck"), CKPT_EVERY=str(a.every), CKPT_INTERVAL="0",
             CKPT_VERBOSE="1", CKPT_STATS=stats)
    p = subprocess.run(launch + [a.exe, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=e, timeout=300)
    err = p.stderr.decode(errors="replace")
    if p.returncode != 0 or p.stdout != reference:
        failures.append(f"exit {p.returncode}, output {'same' if p.stdout == reference else 'DIFFERS'}"
                        f"\n{err[-3000:]}")
    counters = {int(r): dict(re.findall(r"(\w+)=(\d+)", rest))
                for r, rest in re.findall(r"rank (\d+): protocol counters:(.*)", err)}
    if len(counters) != int(a.np):
        failures.append(f"protocol counters from ranks {sorted(counters)} only")
    for rank, c in sorted(counters.items()):
        kept, reclaimed = int(c.get("objects_kept", -1)), int(c.get("objects_reclaimed", 0))
        print(f"rank {rank}: about {made:.0f} communicators made, {reclaimed} objects let go, "
              f"{kept} kept at the end")
        if not 0 <= kept <= made / 4 or reclaimed < made / 2:
            failures.append(f"rank {rank}: {kept} objects kept, {reclaimed} reclaimed, of "
                            f"about {made:.0f} communicators made")
    sizes = {}
    if os.path.exists(stats):
        for line in open(stats):
            r = json.loads(line)
            if r.get("event") == "checkpoint" and r.get("rank") == 0:
                sizes[r["checkpoint"]] = r["image_bytes"]
    if len(sizes) < 5:
        failures.append(f"only {len(sizes)} checkpoints taken by rank 0")
    else:
        numbers = sorted(sizes)
        middle, end = numbers[len(numbers) // 2], numbers[-1]
        print(f"rank 0's image: {sizes[numbers[0]]} bytes at checkpoint {numbers[0]}, "
              f"{sizes[middle]} at checkpoint {middle}, {sizes[end]} at checkpoint {end}")
        if sizes[end] > 1.25 * sizes[middle]:
            failures.append(f"the images grow with the run: {sizes[middle]} bytes at "
                            f"checkpoint {middle}, {sizes[end]} at checkpoint {end}")
for f in failures:
    print("FAIL  " + f)
sys.exit(1 if failures else 0)
