#!/usr/bin/env python3
"""An MPI job's checkpoint files are private, and --recover refuses ones
someone else could have written (docs/user-guide.md, "Who may recover").

EXE (samples/mpi/ring, built with ckptcc) runs to its end under mpiexec
with a checkpoint every 50 potential points, keeping them. Then:

  1. every directory of CKPT_DIR is 0700 and every file 0600 (images,
     message logs, markers), the run having had umask 0;
  2. with the newest checkpoint's message log of the last rank made
     writable by others, --recover stops with status 1 and a message naming
     that log;
  3. with that mode put back and rank 0's image of the newest checkpoint
     given to nobody (as root only), --recover stops naming that image;
  4. with both put back, --recover runs to the end, and what it prints is
     the end of PLAIN's output (under mpiexec) byte for byte.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import os
import re
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, remove_unless_failed, summary  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--exe", required=True)
    p.add_argument("--plain", required=True)
    p.add_argument("--mpiexec", required=True)
    p.add_argument("--np", type=int, default=2)
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-untrusted-")
    ckdir = os.path.join(work, "ring.ckpt")
    env = clean_env(CKPT_DIR=ckdir, CKPT_EVERY="50", CKPT_KEEP="3", CKPT_INTERVAL="0",
                    CKPT_KEEP_ON_EXIT="1")
    mpi = [a.mpiexec, "-n", str(a.np)]

    def run(cmd, out_name, umask=None):
        with open(os.path.join(work, out_name), "wb") as out:
            r = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE, env=env, text=True,
                               timeout=240,
                               preexec_fn=(lambda: os.umask(umask)) if umask is not None
                               else None)
        with open(os.path.join(work, out_name), "rb") as f:
            return r.returncode, r.stderr, f.read()

    try:
        _, _, reference = run(mpi + [a.plain], "plain.out")
        rc, err, first = run(mpi + [a.exe], "first.out", umask=0)
        check(rc == 0 and first == reference, f"first run: exit {rc}, output "
              f"{'equals' if first == reference else 'differs from'} the plain build's")
        wrong, files = [], 0
        for root, dirs, fs in os.walk(ckdir):
            for d in dirs:
                m = stat.S_IMODE(os.stat(os.path.join(root, d)).st_mode)
                if m != 0o700:
                    wrong.append(f"{d} {m:04o}")
            for f in fs:
                files += 1
                m = stat.S_IMODE(os.stat(os.path.join(root, f)).st_mode)
                if m != 0o600:
                    wrong.append(f"{f} {m:04o}")
        logs = [f for _, _, fs in os.walk(ckdir) for f in fs if f.endswith(".log")]
        check(files and logs and not wrong,
              f"modes under umask 0: {files} files ({len(logs)} message logs), wrong: {wrong[:4]}")

        newest = os.path.join(ckdir, max(d for d in os.listdir(ckdir)
                                         if re.fullmatch(r"ckpt-\d+", d)))
        log = os.path.join(newest, f"rank-{a.np - 1:06d}.log")
        image = os.path.join(newest, "rank-000000.img")
        os.chmod(log, 0o602)
        rc, err, _ = run(mpi + [a.exe, "--recover"], "refused-log.out")
        check(rc != 0 and f"{log} is writable by others" in err,
              f"log writable by others: exit {rc}; {err.strip().splitlines()[-1:]}")
        os.chmod(log, 0o600)
        if os.geteuid() == 0:
            os.chown(image, 65534, -1)
            rc, err, _ = run(mpi + [a.exe, "--recover"], "refused-image.out")
            check(rc != 0 and f"{image} is owned by uid 65534" in err,
                  f"image owned by nobody: exit {rc}; {err.strip().splitlines()[-1:]}")
            os.chown(image, 0, -1)
        else:
            print("skipped: an image owned by another user (not root)")
        # The run recovered from the newest checkpoint prints what the
        # program printed after it (into a new file: nothing to rewind).
        rc, err, tail = run(mpi + [a.exe, "--recover"], "recovered.out")
        check(rc == 0 and tail and reference.endswith(tail),
              f"recovery with everything put back: exit {rc}, its {len(tail)} bytes of output "
              f"{'end' if tail and reference.endswith(tail) else 'do not end'} the plain "
              f"build's; {err.strip().splitlines()[-1:] if rc else ''}")
    finally:
        remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
