#!/usr/bin/env python3
"""What --recover does with checkpoint directories that are not simply fine.

- the newest committed checkpoint damaged (a flipped byte, a truncated image,
  garbage in place of the image): a warning naming it, the previous one used,
  and the final output still identical to an uninterrupted run;
- every checkpoint damaged: a clear error, exit status 1, no crash;
- a checkpoint written by another executable: refused with a message naming
  both build-ids, exit status 1, and the checkpoint left in place;
- no checkpoint at all: exit status 1 and a message naming the directory.

usage: recovery_refusals.py --exe SAMPLE --plain SAMPLE.plain --other OTHER_SAMPLE
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, committed, summary  # noqa: E402


def image_of(ckdir, name):
    return os.path.join(ckdir, name, "rank-000000.img")


EVERY = "1000"


def run_with_checkpoints(exe, ckdir, out_path, every=None):
    """Runs the program to completion with frequent checkpoints, keeping three."""
    env = dict(os.environ, CKPT_DIR=ckdir, CKPT_EVERY=every or EVERY, CKPT_KEEP="3",
               CKPT_INTERVAL="0", CKPT_KEEP_ON_EXIT="1")
    with open(out_path, "ab") as out:
        subprocess.run([exe], stdout=out, env=env, check=True)


def recover(exe, ckdir, out_path):
    env = dict(os.environ, CKPT_DIR=ckdir, CKPT_VERBOSE="1", CKPT_INTERVAL="0")
    with open(out_path, "ab") as out:
        p = subprocess.run([exe, "--recover"], stdout=out, stderr=subprocess.PIPE, env=env)
    return p.returncode, p.stderr.decode(errors="replace")


def not_crashed(rc):
    return rc >= 0 and rc not in (128 + signal.SIGSEGV, 128 + signal.SIGBUS)


def damage_flip(path):
    with open(path, "r+b") as f:
        f.seek(os.path.getsize(path) // 2)
        b = f.read(1)
        f.seek(-1, 1)
        f.write(bytes([b[0] ^ 0x40]))


def damage_truncate(path):
    os.truncate(path, os.path.getsize(path) // 3)


def damage_garbage(path):
    with open(path, "wb") as f:
        f.write(os.urandom(4096))


def main():
    global EVERY
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--other", required=True)
    ap.add_argument("--every", default=EVERY, help="CKPT_EVERY: several checkpoints per run")
    a = ap.parse_args()
    EVERY = a.every
    reference = subprocess.run([a.plain], stdout=subprocess.PIPE, check=True).stdout
    work = tempfile.mkdtemp(prefix="aalc-refusals-")
    try:
        for name, damage in (("flipped byte", damage_flip), ("truncated image", damage_truncate),
                             ("garbage image", damage_garbage)):
            print(f"newest checkpoint damaged: {name}")
            ckdir, out = os.path.join(work, name.replace(" ", "_")), os.path.join(work, "out")
            if os.path.exists(out):
                os.unlink(out)
            run_with_checkpoints(a.exe, ckdir, out)
            names = committed(ckdir)
            check(len(names) >= 2, f"at least two committed checkpoints ({len(names)})")
            damage(image_of(ckdir, names[-1]))
            rc, err = recover(a.exe, ckdir, out)
            check(rc == 0, f"recovery succeeded from an older checkpoint (status {rc})")
            check("damaged" in err and names[-1].split("-")[1].lstrip("0") in err,
                  "a warning names the damaged checkpoint")
            check(f"resumed from checkpoint {int(names[-2].split('-')[1])}" in err,
                  f"resumed from the previous one, {names[-2]}")
            check(os.path.isdir(os.path.join(ckdir, names[-1] + ".damaged")),
                  "the damaged checkpoint is set aside, not deleted")
            with open(out, "rb") as f:
                check(f.read() == reference, "output identical to the uninterrupted run")

        print("every checkpoint damaged")
        ckdir = os.path.join(work, "all_damaged")
        run_with_checkpoints(a.exe, ckdir, os.path.join(work, "junk"))
        for n in committed(ckdir):
            damage_garbage(image_of(ckdir, n))
        rc, err = recover(a.exe, ckdir, os.path.join(work, "junk"))
        check(rc == 1 and not_crashed(rc), f"exit status 1, no crash (status {rc})")
        check("every checkpoint" in err and ckdir in err, "the error names the directory")

        print("checkpoint of another executable")
        ckdir = os.path.join(work, "foreign")
        # The other program only has to leave a committed checkpoint or two;
        # it has far more potential points than --exe.
        run_with_checkpoints(a.other, ckdir, os.path.join(work, "junk"), every="500000")
        before = committed(ckdir)
        rc, err = recover(a.exe, ckdir, os.path.join(work, "junk"))
        check(rc == 1, f"refused with exit status 1 (status {rc})")
        check("another executable" in err and "build-id" in err, "the message names the cause")
        check(committed(ckdir) == before, "the other program's checkpoints are left in place")

        print("no checkpoint")
        ckdir = os.path.join(work, "empty")
        os.makedirs(ckdir)
        rc, err = recover(a.exe, ckdir, os.path.join(work, "junk"))
        check(rc == 1, f"exit status 1 (status {rc})")
        check("no checkpoint found" in err and ckdir in err, "the message names the directory")
        rc, err = recover(a.exe, os.path.join(work, "missing", "dir"), os.path.join(work, "junk"))
        check(rc == 1 and "no checkpoint found" in err, "a directory that does not exist too")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(summary())


if __name__ == "__main__":
    main()
