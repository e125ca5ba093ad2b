#!/usr/bin/env python3
"""Memory the program never touched is neither copied nor saved.

tests/serial/untouched_memory.c, built with ckptcc (EXE) and plain cc
(PLAIN), allocates 256 MiB and writes 8 MiB of it. Run with a checkpoint
every 20 steps, SIGKILLed once a checkpoint is committed, then recovered
with `--recover`:

  - its image must be under 16 MiB (the 8 MiB written and the runtime's own
    state; it was 256 MiB when every page of the heap's blocks was saved);
  - the two runs' output together must equal PLAIN's byte for byte (the
    untouched elements still read as zeros after the recovery);
  - the recovery's peak resident memory must stay under 64 MiB (--rss-limit-mib;
    more under ASan, whose shadow memory counts too).

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env, committed  # noqa: E402

COMMITTED = re.compile(r"checkpoint (\d+) committed")
IMAGE_LIMIT = 16 << 20


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--rss-limit-mib", type=int, default=64)
    a = ap.parse_args()
    failures = []
    with tempfile.TemporaryDirectory(prefix="aalc-untouched-") as tmp:
        ckdir = os.path.join(tmp, "ck")
        out = os.path.join(tmp, "out")
        want = subprocess.run([a.plain], capture_output=True, check=True).stdout
        env = clean_env(CKPT_DIR=ckdir, CKPT_EVERY="20", CKPT_KEEP="1", CKPT_VERBOSE="1")
        with open(out, "wb") as f:
            proc = subprocess.Popen([a.exe], stdout=f, stderr=subprocess.PIPE, env=env, text=True)
            for line in proc.stderr:
                if COMMITTED.search(line):
                    proc.send_signal(signal.SIGKILL)
                    break
            proc.stderr.close()
            proc.wait(timeout=120)
        names = committed(ckdir)
        if not names:
            failures.append("no checkpoint was committed before the kill")
        else:
            image = os.path.join(ckdir, names[-1], "rank-000000.img")
            size = os.path.getsize(image)
            print(f"untouched_memory: image {size} bytes for 8 MiB written of 256 MiB")
            if size >= IMAGE_LIMIT:
                failures.append(f"image of {size} bytes: untouched pages were saved")
            with open(out, "ab") as f:
                proc = subprocess.Popen([a.exe, "--recover"], stdout=f,
                                        stderr=subprocess.DEVNULL, env=env)
                _, status, usage = os.wait4(proc.pid, 0)  # this process's own peak
                proc.returncode = rc = os.waitstatus_to_exitcode(status)
            rss = usage.ru_maxrss
            print(f"untouched_memory: recovery exit {rc}, peak resident {rss} KiB")
            if rc != 0:
                failures.append(f"--recover exited {rc}")
            if rss > a.rss_limit_mib << 10:
                failures.append(f"peak resident memory {rss} KiB: untouched pages were touched")
            with open(out, "rb") as f:
                got = f.read()
            if got != want:
                failures.append("output differs from the plain build's")
    for f in failures:
        print("FAIL", f)
    print("untouched_memory:", "ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
