#!/usr/bin/env python3
"""A normal end reads as normal (issue 21, point 3): when the program reaches
MPI_Finalize while a checkpoint is under way, that checkpoint is given up,
and a verbose run used to end with "checkpoint N abandoned", the words used
for a failure. Several verbose runs of a job that checkpoints often: each
must exit 0 with the plain build's output, none may say "abandoned", and a
checkpoint given up at the end must be said to be "not taken: the program
ended first". Prints how many runs ended that way.
"""
import argparse
import os
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
ap.add_argument("--args", default="120 100")
ap.add_argument("--runs", type=int, default=4)
a = ap.parse_args()

launch = [a.mpiexec, "-n", a.np]
env = clean_env()
reference = subprocess.run(launch + [a.plain, *a.args.split()], stdout=subprocess.PIPE,
                           timeout=120).stdout
failures, ended = 0, 0
with tempfile.TemporaryDirectory(prefix="aalc-quiet-") as tmp:
    for i in range(a.runs):
        e = dict(env, CKPT_DIR=os.path.join(tmp, f"ck{i}"), CKPT_EVERY="10",
                 CKPT_INTERVAL="0", CKPT_VERBOSE="1", CKPT_KEEP_ON_EXIT="1")
        p = subprocess.run(launch + [a.exe, *a.args.split()], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=e, timeout=120)
        err = p.stderr.decode(errors="replace")
        ended += "not taken: the program ended first" in err
        ok = p.returncode == 0 and p.stdout == reference and "abandoned" not in err
        print(f"{'ok  ' if ok else 'FAIL'}  run {i + 1}: exit {p.returncode}, "
              f"{'same output' if p.stdout == reference else 'OTHER OUTPUT'}, "
              f"{'says abandoned' if 'abandoned' in err else 'no alarm'}", flush=True)
        if not ok:
            failures += 1
            print(err[-3000:])
print(f"{ended} of {a.runs} runs ended while a checkpoint was under way")
sys.exit(1 if failures else 0)
