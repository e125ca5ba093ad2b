#!/usr/bin/env python3
"""--recover when some rank's images are damaged: every rank loads the same
committed checkpoint, the newest that every rank can load, and the output is
exactly the uninterrupted run's; when no checkpoint is loadable everywhere,
every rank stops with one clear message and nothing is deleted.

A run with a checkpoint every few potential points (CKPT_KEEP=4) leaves four
committed checkpoints. Then, step by step, images are damaged (one byte in
the middle flipped) and the program recovered:
  1. rank 1's image of the newest: all ranks load the second newest;
  2. also rank 0's image of the second newest: all load the third;
  3. rank 1's image of the third and rank 0's of the fourth: none is loadable
     on every rank, so the recovery fails on every rank with one message.
Before step 1, a recovery with nothing damaged. Each rank loads its newest
image while MPI starts (CKPT_STATS says "prefetched"): with nothing damaged
every rank keeps that load; in step 1 rank 0's load of the newest must be
replaced by the agreed older one (and rank 1's newest was damaged).
Each recovery starts from a copy of the checkpoint directory, so that every
step sees the four checkpoints (recovery prunes and writes new ones).

With --expect-moved (a program whose heap has ranges of 64 KiB and more),
every recovery must also move heap pages out of its image: in steps 1 and 2
after giving up, on some rank, the load made while MPI started, whose moved
pages are replaced before the agreed image is loaded.

usage: recovery_agreement.py --exe RING --plain RING.plain --mpiexec MPIEXEC [--np 2]
                             [--args "ARGS"] [--expect-moved]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, committed, flip_middle_byte, summary  # noqa: E402
from trial_settings import pages_can_move  # noqa: E402

ARGS = ["120", "200"]  # ring: rounds, sweeps (--args for another program)


def launch(a, exe, env, extra=()):
    cmd = [a.mpiexec, "-n", str(a.np), exe, *(a.args.split() if a.args else ARGS), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)


damage = flip_middle_byte


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--np", type=int, default=2)
    ap.add_argument("--args", help="the program's arguments instead of ring's")
    ap.add_argument("--expect-moved", action="store_true",
                    help="the program's heap has long ranges: every recovery must move pages")
    a = ap.parse_args()
    env = clean_env(CKPT_KEEP_ON_EXIT=1)  # recovered from the checkpoints of a whole run
    reference = launch(a, a.plain, env)
    if reference.returncode:
        sys.exit(f"FAIL: the reference run exited {reference.returncode}\n{reference.stderr}")
    work = tempfile.mkdtemp(prefix="aalc-agree-")
    if a.expect_moved and not pages_can_move(work):
        print(f"note: {work} is not on a local disk file system, or Linux is older than "
              f"5.13: pages are copied there, not moved")
        a.expect_moved = False

    def moved_as_expected(r):
        """With --expect-moved, every rank moved heap pages out of its image
        (in steps 1 and 2 after giving up the load made while MPI started)."""
        return not a.expect_moved or (len(r.moved) == a.np and all(r.moved.values()))

    try:
        pristine = os.path.join(work, "pristine")
        run = launch(a, a.exe, dict(env, CKPT_DIR=pristine, CKPT_EVERY="20", CKPT_KEEP="4"))
        names = committed(pristine)
        check(run.returncode == 0 and run.stdout == reference.stdout and len(names) == 4,
              f"uninterrupted run: exit {run.returncode}, committed {names}")
        if len(names) != 4:
            sys.exit(1)
        newest_first = names[::-1]

        def image(step_dir, which, rank):
            return os.path.join(step_dir, newest_first[which], f"rank-{rank:06d}.img")

        def recover(damaged, step):
            """Recover from a copy of the pristine directory with `damaged` images
            ((checkpoint index newest first, rank) pairs) spoilt."""
            step_dir = os.path.join(work, f"step{step}")
            shutil.copytree(pristine, step_dir)
            for which, rank in damaged:
                damage(image(step_dir, which, rank))
            before = {n: sorted(os.listdir(os.path.join(step_dir, n))) for n in names}
            stats = os.path.join(work, f"stats{step}.jsonl")
            r = launch(a, a.exe, dict(env, CKPT_DIR=step_dir, CKPT_VERBOSE="1", CKPT_STATS=stats),
                       ["--recover"])
            r.prefetched, r.moved = {}, {}
            if os.path.exists(stats):
                for line in open(stats):
                    e = json.loads(line)
                    if e["event"] == "restore":
                        r.prefetched[e["rank"]] = e["prefetched"]
                        r.moved[e["rank"]] = e["moved_bytes"]
            return r, step_dir, before

        # Step 0: nothing damaged: the newest, loaded while MPI started, is kept.
        r, _, _ = recover([], 0)
        loaded = re.findall(r"(?:resumed|recovering) from checkpoint (\d+)", r.stderr)
        want = int(newest_first[0].split("-")[1])
        ok = (r.returncode == 0 and r.stdout == reference.stdout and loaded and
              all(int(n) == want for n in loaded) and
              r.prefetched == {k: 1 for k in range(a.np)} and moved_as_expected(r))
        check(ok, f"step 0: nothing damaged: exit {r.returncode}, loaded {sorted(set(loaded))} "
                  f"(want {want}), kept the load made while MPI started {r.prefetched}, "
                  f"heap bytes moved {r.moved}, output "
                  f"{'identical' if r.stdout == reference.stdout else 'DIFFERS'}", r.stderr)

        # Steps 1 and 2: the newest checkpoint every rank can load.
        for step, damaged, expect in ((1, [(0, 1)], 1), (2, [(0, 1), (1, 0)], 2)):
            r, step_dir, _ = recover(damaged, step)
            loaded = re.findall(r"(?:resumed|recovering) from checkpoint (\d+)", r.stderr)
            want = int(newest_first[expect].split("-")[1])
            ok = (r.returncode == 0 and r.stdout == reference.stdout and
                  loaded and all(int(n) == want for n in loaded) and "damaged" in r.stderr and
                  r.prefetched == {k: 0 for k in range(a.np)} and moved_as_expected(r))
            check(ok, f"step {step}: {len(damaged)} damaged image(s): exit {r.returncode}, "
                      f"loaded {sorted(set(loaded))} (want {want}), loaded again after the "
                      f"agreement {r.prefetched}, heap bytes moved {r.moved}, output "
                      f"{'identical' if r.stdout == reference.stdout else 'DIFFERS'}", r.stderr)
        # Step 3: nothing loadable on every rank.
        r, step_dir, before = recover([(0, 1), (1, 0), (2, 1), (3, 0)], 3)
        after = {n: sorted(os.listdir(os.path.join(step_dir, n)))
                 for n in names if os.path.isdir(os.path.join(step_dir, n))}
        messages = set(re.findall(r"--recover: every checkpoint in .*", r.stderr))
        ok = r.returncode != 0 and len(messages) == 1 and "on some rank" in r.stderr and \
            after == before and r.stdout == ""
        check(ok, f"step 3: no checkpoint loadable on every rank: exit {r.returncode}, "
                  f"message {sorted(messages)}, files {'kept' if after == before else 'CHANGED'}",
              r.stderr)
        sys.exit(summary())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
