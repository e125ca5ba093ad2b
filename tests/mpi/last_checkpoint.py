#!/usr/bin/env python3
"""A checkpoint taken at the very last potential points before MPI_Finalize is
committed, not abandoned: images are written in the background, so the end of
the program must wait for them to be durable. Then --recover from it prints
exactly what the uninterrupted run printed.

usage: last_checkpoint.py --exe CG --plain CG.plain --mpiexec MPIEXEC [--np 2] [--grid 60]
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env, run_or_exit as run  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--np", type=int, default=2)
    ap.add_argument("--grid", type=int, default=60)
    a = ap.parse_args()
    env = clean_env(CKPT_KEEP_ON_EXIT=1)  # the checkpoint of the whole run is recovered
    launch = [a.mpiexec, "-n", str(a.np)]
    reference, _ = run(launch + [a.plain, str(a.grid)], env)
    iterations = int(re.search(r"after (\d+) iterations", reference).group(1))
    work = tempfile.mkdtemp(prefix="aalc-last-")
    try:
        failures = 0
        for left in (1, 2, 3):  # potential points left after the checkpoint
            ckdir = os.path.join(work, f"ck{left}")
            e = dict(env, CKPT_DIR=ckdir, CKPT_EVERY=str(iterations - left), CKPT_VERBOSE="1")
            out, err = run(launch + [a.exe, str(a.grid)], e)
            committed = [d for d in sorted(os.listdir(ckdir))
                         if os.path.exists(os.path.join(ckdir, d, "COMMITTED"))]
            ok = out == reference and committed == ["ckpt-000001"] and "abandoned" not in err
            recovered, _ = run(launch + [a.exe, str(a.grid), "--recover"], dict(env, CKPT_DIR=ckdir))
            ok = ok and recovered == reference
            print(f"{'ok  ' if ok else 'FAIL'}  checkpoint {left} point(s) before the end: "
                  f"committed {committed}, recovered output "
                  f"{'identical' if recovered == reference else 'DIFFERS'}")
            failures += not ok
        sys.exit(1 if failures else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
