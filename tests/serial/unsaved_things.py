#!/usr/bin/env python3
"""What a checkpoint cannot save is reported when it is taken: runs
tests/serial/unsaved_things (a pipe, a shared mapping, a running thread)
with a checkpoint at every other potential point and checks that stderr
names each of them, once, and that the program still ends normally.

usage: unsaved_things.py EXE"""
import os
import re
import subprocess
import sys
import tempfile


def main():
    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, CKPT_EVERY="2", CKPT_DIR=os.path.join(work, "ckpt"))
        r = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=60)
    problems = []
    if r.returncode != 0:
        problems.append(f"exited {r.returncode}")
    m = re.match(r"mapped at (0x[0-9a-f]+), pipe (\d+) (\d+), private at (0x[0-9a-f]+)",
                 r.stdout)
    if not m:
        problems.append(f"unexpected output {r.stdout!r}")
    else:
        address, read_end, write_end, private = m.groups()
        # the private mapping comes from the checkpoint heap (0x100000000000 up)
        if int(private, 16) < 0x100000000000:
            problems.append(f"the private anonymous mapping is at {private}, not in the heap")
        if private in r.stderr:
            problems.append("the private anonymous mapping (saved) was reported")
        expected = [f"descriptor {read_end} is a pipe", f"descriptor {write_end} is a pipe",
                    f"shared memory the program mapped at {address} (1048576 bytes) is not saved",
                    "1 thread the program started is running at this checkpoint"]
        for text in expected:
            count = r.stderr.count(text)
            if count != 1:
                problems.append(f"{text!r} reported {count} times, not once")
    for p in problems:
        print("FAIL", p)
    if problems:
        print(r.stderr)
        return 1
    print("ok: the pipe's two ends, the mapping and the thread are each reported once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
