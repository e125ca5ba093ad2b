#!/usr/bin/env python3
"""A run killed after main returned, in an atexit handler, before stdio wrote
the last lines: the checkpoints must still be there, and --recover must
complete the output (stdout is a regular file: a recovery rewinds it).
Then a run that is not killed removes its checkpoints.

Usage: exit_window.py --exe BUILD/tests/serial/exit_window --plain ...plain"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, summary  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="exit_window.")
    try:
        expected = subprocess.run([args.plain, "2000", "3"], capture_output=True,
                                  check=True).stdout
        env = dict(os.environ, CKPT_DIR=os.path.join(work, "ckpt"), CKPT_EVERY="500")
        out_path = os.path.join(work, "out.txt")
        with open(out_path, "wb") as out:
            p = subprocess.Popen([args.exe, "2000", "3"], stdout=out, stderr=subprocess.PIPE,
                                 env=env)
            line = p.stderr.readline()
            p.send_signal(signal.SIGKILL)
            p.wait()
        check(b"in the atexit handler" in line, "the run reached its atexit handler", str(line))
        written = open(out_path, "rb").read()
        left = sorted(os.listdir(env["CKPT_DIR"])) if os.path.isdir(env["CKPT_DIR"]) else []
        check(any(n.startswith("ckpt-") for n in left),
              "killed in the handler with output unwritten (%d of %d bytes), the checkpoints "
              "are still there" % (len(written), len(expected)), str(left))
        with open(out_path, "ab") as out:
            r = subprocess.run([args.exe, "2000", "3", "--recover"], stdout=out,
                               stderr=subprocess.PIPE, env=env, timeout=60)
        check(r.returncode == 0, "--recover succeeds", r.stderr.decode(errors="replace"))
        check(open(out_path, "rb").read() == expected,
              "the output is the plain run's, byte for byte")
        shutil.rmtree(env["CKPT_DIR"], ignore_errors=True)
        r = subprocess.run([args.exe, "2000", "3"], capture_output=True, env=env, timeout=60)
        check(r.stdout == expected, "a run that ends well prints everything")
        check(not os.path.exists(env["CKPT_DIR"]), "and removes its checkpoints afterwards",
              str(os.listdir(env["CKPT_DIR"])) if os.path.exists(env["CKPT_DIR"]) else "")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
