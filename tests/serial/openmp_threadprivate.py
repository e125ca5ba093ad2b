#!/usr/bin/env python3
"""A checkpoint of an OpenMP program with threadprivate variables says, once,
that the other threads' copies are not saved (openmp_state.h), and a
recovery says it again; with one thread, or none of them, nothing is said.
The uninterrupted run prints what the program computes.

usage: openmp_threadprivate.py EXE"""
import os
import subprocess
import sys
import tempfile

WARNING = "the program has thread-local (threadprivate) variables and runs"


def run(exe, work, threads, *args, keep=False):
    env = dict(os.environ, CKPT_EVERY="50", CKPT_DIR=os.path.join(work, f"ck{threads}"),
               OMP_NUM_THREADS=str(threads))
    if keep:
        env["CKPT_KEEP_ON_EXIT"] = "1"
    return subprocess.run([exe, *args], capture_output=True, text=True, env=env, timeout=60)


def main():
    exe = sys.argv[1]
    failures = 0

    def check(what, ok, detail=""):
        nonlocal failures
        print(f"{'ok  ' if ok else 'FAIL'}  {what}" + ("" if ok else f"\n{detail}"), flush=True)
        failures += not ok

    with tempfile.TemporaryDirectory() as work:
        two = run(exe, work, 2, keep=True)
        # every thread counts 1..400: the sum is threads * 400 * 401 / 2
        check("2 threads: exit 0 and the program's sum", two.returncode == 0 and
              two.stdout == f"{2 * 400 * 401 // 2}\n", two.stdout + two.stderr)
        check("2 threads: the checkpoints say once what they do not save",
              two.stderr.count(WARNING) == 1 and "checkpoint: " in two.stderr, two.stderr)
        again = run(exe, work, 2, "--recover")
        check("2 threads: the recovery says it too",
              again.returncode == 0 and again.stderr.count(WARNING) == 1
              and "recovery: " in again.stderr, again.stderr)
        one = run(exe, work, 1)
        check("1 thread: nothing said", one.returncode == 0 and WARNING not in one.stderr,
              one.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
