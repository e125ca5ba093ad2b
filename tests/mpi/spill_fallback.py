#!/usr/bin/env python3
"""Where the checkpoint directory's file system has no O_TMPFILE (NFS, some
parallel file systems), large collective results logged after a checkpoint
still go to disk, not memory: into a named file removed as soon as it is
opened. A preloaded library (no_tmpfile.c) makes open() refuse O_TMPFILE.
Checked: the refusal happened, results were spilled all the same (the
protocol counters' coll_spilled), the output is the uninterrupted plain
run's, nothing is left in the directory, and a recovery under the same
library prints the same. Without the library, results are spilled too.

usage: spill_fallback.py --exe BUCKET_SORT --plain BUCKET_SORT.plain
                         --mpiexec MPIEXEC --preload LIB [--np 2]
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, remove_unless_failed, run_or_exit as run, summary  # noqa: E402

KEYS, ROUNDS, EVERY = "65536", "12", "3"  # 512 KiB a rank per Alltoallv: spilled
REFUSED = "no_tmpfile: O_TMPFILE refused"


def spilled(err):
    """coll_spilled of every rank's protocol counters line."""
    return [int(n) for n in re.findall(r"protocol counters:.*?coll_spilled=(\d+)", err)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--preload", required=True, help="no_tmpfile.c, built")
    ap.add_argument("--np", type=int, default=2)
    a = ap.parse_args()
    env = clean_env(CKPT_VERBOSE=1)
    launch = [a.mpiexec, "-n", str(a.np)]
    reference, _ = run(launch + [a.plain, KEYS, ROUNDS], env)
    work = tempfile.mkdtemp(prefix="aalc-spill-")
    try:
        for preload in (False, True):
            how = "without O_TMPFILE" if preload else "with O_TMPFILE"
            ckdir = os.path.join(work, "ck-fallback" if preload else "ck")
            e = dict(env, CKPT_DIR=ckdir, CKPT_EVERY=EVERY, CKPT_KEEP_ON_EXIT="1")
            if preload:
                e["LD_PRELOAD"] = a.preload
            out, err = run(launch + [a.exe, KEYS, ROUNDS], e)
            check(out == reference, f"{how}: output identical to the plain run")
            counts = spilled(err)
            check(len(counts) == a.np and all(n > 0 for n in counts),
                  f"{how}: every rank spilled results ({counts})", err)
            if preload:
                check(REFUSED in err, f"{how}: open() refused O_TMPFILE")
            left = [n for n in os.listdir(ckdir) if "spill" in n]
            check(not left, f"{how}: no spill file left in the directory", f"left: {left}")
            e.pop("CKPT_EVERY")
            again, err = run(launch + [a.exe, KEYS, ROUNDS, "--recover"], e)
            check(again == reference, f"{how}: recovery prints the same", err)
    finally:
        remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
