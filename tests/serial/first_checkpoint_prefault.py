#!/usr/bin/env python3
"""The first CKPT_EVERY checkpoint finds its buffer faulted in (issue 20,
target 2).

With CKPT_WRITE=copy and CKPT_EVERY (no interval timer), the countdown stops
half-way to the first checkpoint and a thread faults the in-memory image's
buffer in, for the state as large as it is then. EXE
(tests/serial/incremental_heap.c, built with ckptcc; its 24.5 MiB are
allocated before its first potential point) is run with CKPT_STATS:

  - the first checkpoint reports at least 24 MiB prefaulted, and with
    CKPT_PREFAULT=0 none;
  - the checkpoints come every CKPT_EVERY points all the same: as many as
    without the prefault;
  - the output equals PLAIN's.

The stops' lengths are reported, not asserted (docs/performance.md has the
figures). Standard library only. Exit status 0 when every check passed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, remove_unless_failed, summary  # noqa: E402


def run(exe, work, prefault):
    stats = os.path.join(work, f"stats-{prefault}.json")
    env = clean_env(CKPT_DIR=os.path.join(work, f"ck-{prefault}"), CKPT_WRITE="copy",
                    CKPT_EVERY="40", CKPT_STATS=stats, CKPT_PREFAULT=prefault)
    p = subprocess.run([exe, "300"], capture_output=True, env=env, timeout=120)
    images = [json.loads(line) for line in open(stats)] if os.path.exists(stats) else []
    images = [d for d in images if d.get("event") == "checkpoint" and "copy_s" in d]
    return p, images


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    a = ap.parse_args()
    want = subprocess.run([a.plain, "300"], capture_output=True, check=True).stdout
    work = tempfile.mkdtemp(prefix="aalc-prefault-")
    on, on_images = run(a.exe, work, "1")
    off, off_images = run(a.exe, work, "0")
    check(on.returncode == 0 and on.stdout == want and off.returncode == 0 and
          off.stdout == want, "both runs exit 0 and print what the plain build prints",
          on.stderr.decode()[-1000:] + off.stderr.decode()[-1000:])
    check(len(on_images) == len(off_images) == 7,
          "a checkpoint every 40 points, with the prefault as without (300 points: 7)",
          f"{len(on_images)} and {len(off_images)} checkpoints")
    if on_images and off_images:
        first_on, first_off = on_images[0], off_images[0]
        print(f"  first stop {first_on['copy_s'] * 1e3:.1f} ms prefaulted, "
              f"{first_off['copy_s'] * 1e3:.1f} ms not; later "
              f"{on_images[-1]['copy_s'] * 1e3:.1f} ms")
        check(first_on["prefaulted_bytes"] >= 24 << 20,
              "the first checkpoint's buffer was faulted in half-way to it",
              f"prefaulted_bytes {first_on['prefaulted_bytes']}")
        check(first_off["prefaulted_bytes"] == 0, "CKPT_PREFAULT=0 faults nothing in")
    remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
