#!/usr/bin/env python3
"""Runs each mode of tests/mpi/mpi_semantics.c at 2 ranks, built with
ckptcc and with plain mpicc, and compares what every rank observed (its
file) and the exit status. A mode that hangs fails after 60 s.

usage: mpi_semantics.py --exe SEM --plain SEM.plain --mpiexec MPIEXEC [MODE ...]
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env  # noqa: E402

MODES = ["bottom", "short_buffer", "comm_freed_pending", "status_error", "dup_copy_fails",
         "errhandler_comm", "request_get_status", "grequest", "alloc_mem", "type_contents",
         "mprobe", "init_thread", "persistent_order", "intercomm_groups"]


def modes_in_source():
    """The modes mpi_semantics.c defines, so that a new one is not forgotten here."""
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpi_semantics.c")).read()
    return re.findall(r'\{"(\w+)", \w+\},', src)


def run(mpiexec, exe, mode, work, env):
    """(exit status, {rank file: text}, stderr); status None when it hung."""
    out = tempfile.mkdtemp(dir=work)
    p = subprocess.Popen([mpiexec, "-n", "2", exe, mode, out], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        _, err = p.communicate(timeout=60)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        _, err = p.communicate()
        status = None
    files = {f: open(os.path.join(out, f)).read() for f in sorted(os.listdir(out))}
    return status, files, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("modes", nargs="*")
    a = ap.parse_args()
    if sorted(modes_in_source()) != sorted(MODES):
        print("mpi_semantics.py: MODES differ from the modes in mpi_semantics.c: %s"
              % sorted(set(modes_in_source()) ^ set(MODES)))
        return 1
    work = tempfile.mkdtemp(prefix="aalc-mpi-semantics-")
    env = clean_env(CKPT_DIR=os.path.join(work, "ckpt"), CKPT_INTERVAL="0")
    failed = 0
    for mode in a.modes or MODES:
        want = run(a.mpiexec, a.plain, mode, work, env)
        got = run(a.mpiexec, a.exe, mode, work, env)
        if want[0] != 0 or not want[1]:
            print("FAIL  %s: the plain build itself failed (status %s):\n%s" % (mode, want[0], want[2]))
            failed += 1
        elif got[:2] == want[:2]:
            print("ok    %s: %d lines, identical" % (mode, sum(t.count("\n") for t in want[1].values())))
        else:
            failed += 1
            print("FAIL  %s: status %s (plain %s)" % (mode, got[0], want[0]))
            for f in sorted(set(want[1]) | set(got[1])):
                if want[1].get(f) != got[1].get(f):
                    print("  %s, plain:\n%s  %s, ckptcc:\n%s" % (
                        f, re.sub("(?m)^", "    ", want[1].get(f, "")),
                        f, re.sub("(?m)^", "    ", got[1].get(f, ""))))
            print("  stderr:\n" + re.sub("(?m)^", "    ", got[2][-2000:]))
    print("mpi_semantics: %d of %d modes differ" % (failed, len(a.modes or MODES)))
    if failed:
        print("(files kept in %s)" % work)
        return 1
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
