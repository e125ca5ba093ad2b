#!/usr/bin/env python3
"""Runs PROGRAM ARGS, and makes some of its runs die: the failures ckptrun
must recover from. Put between ckptrun (or mpiexec) and the program:

  ckptrun fail_runs.py --count FILE --kill-runs 2 -- PROGRAM ARGS [--recover]

Every run of the target rank (PMI_RANK, or the only process) adds a line
to FILE. Runs up to --kill-runs are SIGKILLed once a checkpoint newer than
the newest at their start is committed in CKPT_DIR (--before-checkpoint:
at once, before any); with --crash-recoveries, every run given --recover
is killed at once, before it can commit anything. This process then dies
of SIGKILL too, as the program would have. Other runs, and other ranks,
become the program itself (exec).
"""
import argparse
import os
import signal
import subprocess
import sys
import time


def newest_committed(ckdir):
    newest = 0
    try:
        for name in os.listdir(ckdir):
            if (name.startswith("ckpt-") and name[5:].isdigit()
                    and os.path.exists(os.path.join(ckdir, name, "COMMITTED"))):
                newest = max(newest, int(name[5:]))
    except FileNotFoundError:
        pass
    return newest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", required=True)
    ap.add_argument("--kill-runs", type=int, default=0)
    ap.add_argument("--rank", type=int, default=0, help="the rank to kill (MPI)")
    ap.add_argument("--before-checkpoint", action="store_true")
    ap.add_argument("--crash-recoveries", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    rank = int(os.environ.get("PMI_RANK", "0"))
    if rank != a.rank:
        os.execv(cmd[0], cmd)
    with open(a.count, "a") as f:
        f.write(" ".join(cmd) + "\n")
    with open(a.count) as f:
        run = len(f.readlines())
    recovering = "--recover" in cmd
    if not (run <= a.kill_runs or (a.crash_recoveries and recovering)):
        os.execv(cmd[0], cmd)
    ckdir = os.environ["CKPT_DIR"]
    start = newest_committed(ckdir)
    p = subprocess.Popen(cmd, close_fds=False)  # the MPI launcher's PMI descriptor
    if not (a.before_checkpoint or (a.crash_recoveries and recovering)):
        while p.poll() is None and newest_committed(ckdir) <= start:
            time.sleep(0.01)
    if p.poll() is not None:
        sys.exit(f"fail_runs.py: run {run} ended before it could be killed")
    p.kill()
    p.wait()
    os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    main()
