#!/usr/bin/env python3
"""A recovery in which the MPI library is loaded at another address than when
the checkpoint was written (here: a library preloaded before it, as another
installation or another LD_PRELOAD would do) says so, naming the library,
and still prints exactly what the uninterrupted run printed (the program's
handles are its own copies, which do not move). A recovery where nothing
moved says nothing of it.

usage: library_moved.py --exe CG --plain CG.plain --mpiexec MPIEXEC --preload LIB
                        [--np 2] [--grid 60] [--export-flag -x]
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env, run_or_exit as run  # noqa: E402

MOVED = "the MPI library is loaded at"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--preload", required=True, help="a shared library to preload")
    ap.add_argument("--np", type=int, default=2)
    ap.add_argument("--grid", type=int, default=60)
    ap.add_argument("--export-flag", help="the launcher's option that passes a variable "
                    "to the ranks (Open MPI: -x); without it they inherit it")
    a = ap.parse_args()
    env = clean_env(CKPT_KEEP_ON_EXIT=1)  # the checkpoint of the whole run is recovered
    launch = [a.mpiexec, "-n", str(a.np)]
    reference, _ = run(launch + [a.plain, str(a.grid)], env)
    iterations = int(re.search(r"after (\d+) iterations", reference).group(1))
    work = tempfile.mkdtemp(prefix="aalc-moved-")
    failures = 0

    def check(what, ok, detail=""):
        nonlocal failures
        print(f"{'ok  ' if ok else 'FAIL'}  {what}{detail if not ok else ''}", flush=True)
        failures += not ok

    try:
        ckdir = os.path.join(work, "ck")
        e = dict(env, CKPT_DIR=ckdir, CKPT_EVERY=str(max(1, iterations // 2)))
        out, _ = run(launch + [a.exe, str(a.grid)], e)
        check("uninterrupted run prints the reference", out == reference)
        same, err = run(launch + [a.exe, str(a.grid), "--recover"], dict(env, CKPT_DIR=ckdir))
        check("recovery with the libraries in place: output identical", same == reference)
        check("recovery with the libraries in place: no warning", MOVED not in err,
              f"\n{err}")
        moved_env = dict(env, CKPT_DIR=ckdir, LD_PRELOAD=a.preload)
        export = [a.export_flag, "LD_PRELOAD"] if a.export_flag else []
        moved, err = run(launch + export + [a.exe, str(a.grid), "--recover"], moved_env)
        check("recovery with the MPI library moved: output identical", moved == reference)
        warned = [r for r in range(a.np) if re.search(rf"rank {r}: warning: {MOVED} 0x", err)]
        check(f"recovery with the MPI library moved: every rank warns ({len(warned)} of {a.np})",
              len(warned) == a.np, f"\n{err}")
        sys.exit(1 if failures else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
