#!/usr/bin/env python3
"""tests/serial/std_redirect.c killed and recovered with its standard output
a pipe (as under mpiexec or `| tee`), where the runtime's output forwarder
drops what the failed run printed since the checkpoint. The program keeps a
copy of its stdout, then sends stdout to a file: the copy must still write
to the pipe after a recovery (it followed descriptor 1 to the file), and
the pipe and the file must hold what the plain run's held.

usage: std_redirect.py --exe PROG --plain PROG.plain [--trials 3]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, committed, summary  # noqa: E402


def run(cmd, cwd, env, kill_after=None):
    """The program's stdout through a pipe; killed after kill_after seconds."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if kill_after is not None:
        timer = threading.Timer(kill_after, p.kill)
        timer.start()
    out, err = p.communicate(timeout=120)
    if kill_after is not None:
        timer.cancel()
    return p.returncode, out, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--trials", type=int, default=3)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-std-redirect-")
    # Under AddressSanitizer (the sanitizer run) its warning about
    # swapcontext, printed when the recovered program's stack is entered,
    # would go to the program's stderr, which is the checked file by then:
    # the sanitizer's messages go to files of their own (an error it finds
    # still fails the run's exit status).
    asan = os.environ.get("ASAN_OPTIONS", "")
    env = clean_env(ASAN_OPTIONS=(asan + ":" if asan else "") +
                    "log_path=" + os.path.join(work, "asan"))
    try:
        ref_dir = os.path.join(work, "plain")
        os.mkdir(ref_dir)
        t0 = time.monotonic()
        rc, ref_out, _ = run([a.plain], ref_dir, env)
        plain_seconds = time.monotonic() - t0
        ref_file = open(os.path.join(ref_dir, "redirect.out"), "rb").read()
        if rc != 0:
            sys.exit(f"FAIL: the plain run exited {rc}")
        for trial in range(1, a.trials + 1):
            d = os.path.join(work, f"trial{trial}")
            os.mkdir(d)
            ckenv = dict(env, CKPT_DIR=os.path.join(d, "ckpt"), CKPT_EVERY="2000")
            kill_at = plain_seconds * (0.3 + 0.15 * trial)
            rc1, out1, _ = run([a.exe], d, ckenv, kill_after=kill_at)
            if rc1 == 0 or not committed(os.path.join(d, "ckpt")):
                check(False, f"trial {trial}: not killed after a checkpoint (exit {rc1}, "
                             f"killed at {kill_at:.2f} s)")
                continue
            rc2, out2, err2 = run([a.exe, "--recover"], d, ckenv)
            got_file = open(os.path.join(d, "redirect.out"), "rb").read()
            check(rc2 == 0 and out1 + out2 == ref_out and got_file == ref_file,
                  f"trial {trial}: killed at {kill_at:.2f} s, recovered: exit {rc2}, the pipe "
                  f"{'identical' if out1 + out2 == ref_out else 'DIFFERS'} "
                  f"({len(out1 + out2)} bytes against {len(ref_out)}), the file "
                  f"{'identical' if got_file == ref_file else 'DIFFERS'}", err2.decode())
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(summary())


if __name__ == "__main__":
    main()
