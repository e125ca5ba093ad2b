#!/usr/bin/env python3
"""Incremental images (CKPT_INCREMENTAL): smaller, kept as chains, recovered
byte for byte, and refused when a link of the chain is damaged.

tests/serial/incremental_heap.c, built with ckptcc (EXE) and plain cc
(PLAIN), keeps a 24 MiB table it writes once and a 512 KiB array it
rewrites every step. Run with a checkpoint every 10 steps, a full image
every 4th checkpoint (CKPT_INCREMENTAL=4) and CKPT_KEEP=1, and SIGKILLed
once a checkpoint numbered 3 modulo 4 (the third of a chain) is committed:

  - every checkpoint from the chain's full image to the newest is kept, the
    incremental ones marked INCREMENTAL, each under a quarter of the full one;
  - `--recover` continues from the newest, and the two runs' output together
    equal PLAIN's byte for byte;
  - with the image before the newest damaged, the newest cannot be loaded
    either: recovery says so, goes back to the one before those two, and the
    output is still PLAIN's; `ckpt verify` (CKPT_TOOL) calls the newest's
    chain broken, and the intact directory sound;
  - with the chain's full image replaced by another run's (intact, same
    checkpoint, another image id), `ckpt verify` and recovery both refuse
    the chain after it, naming the link, and recovery goes on from it;
  - an incremental checkpoint without its INCREMENTAL marker: `ckpt verify`
    reports it (pruning would not keep what it needs);
  - with that image missing instead, recovery goes back alike and does not
    set the newest aside as damaged (its parent may come back);
  - CKPT_INCREMENTAL above 64 is refused with a message;
  - CKPT_INCREMENTAL unset: every image is a full one.

Standard library only. Exit status 0 when every check passed.
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
from checks import (check, clean_env, committed, diff_excerpt, flip_middle_byte,  # noqa: E402
                    remove_unless_failed, summary)

COMMITTED = re.compile(r"checkpoint (\d+) committed")
FULL_EVERY = 4


def run_until_committed(exe, env, out, want_n):
    """Runs exe, output to out, SIGKILLed after a committed checkpoint whose
    number satisfies want_n; that number, or None if the run ended first."""
    with open(out, "wb") as f:
        proc = subprocess.Popen([exe], stdout=f, stderr=subprocess.PIPE, env=env, text=True)
        hit = None
        for line in proc.stderr:
            m = COMMITTED.search(line)
            if m and want_n(int(m.group(1))):
                proc.send_signal(signal.SIGKILL)
                hit = int(m.group(1))
                break
        proc.stderr.close()
        proc.wait(timeout=120)
    return hit


def recover(exe, env, out):
    """--recover appending to out; (exit status, stderr)."""
    with open(out, "ab") as f:
        p = subprocess.run([exe, "--recover"], stdout=f, stderr=subprocess.PIPE, env=env,
                           text=True, timeout=120)
    return p.returncode, p.stderr


def image(ckdir, n):
    return os.path.join(ckdir, f"ckpt-{n:06d}", "rank-000000.img")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--ckpt-tool", required=True)
    a = ap.parse_args()
    want = subprocess.run([a.plain], capture_output=True, check=True).stdout
    work = tempfile.mkdtemp(prefix="aalc-incremental-")
    ckdir, out, saved = (os.path.join(work, x) for x in ("ck", "out", "saved"))
    env = clean_env(CKPT_DIR=ckdir, CKPT_EVERY="10", CKPT_KEEP="1", CKPT_VERBOSE="1",
                    CKPT_INCREMENTAL=str(FULL_EVERY))

    newest = run_until_committed(a.exe, env, out, lambda n: n % FULL_EVERY == 3 and n > 4)
    check(newest is not None, "the run committed a third incremental checkpoint before it ended")
    if newest is None:
        return summary()
    names = committed(ckdir)
    base = newest - newest % FULL_EVERY
    chain = list(range(base, newest + 1))
    have = [int(n.split("-")[1]) for n in names]
    check(all(n in have for n in chain),
          f"CKPT_KEEP=1 kept the chain {chain[0]}..{chain[-1]} of the newest",
          f"committed: {have}")
    check(all(os.path.exists(os.path.join(ckdir, f"ckpt-{n:06d}", "INCREMENTAL"))
              for n in chain[1:]) and
          not os.path.exists(os.path.join(ckdir, f"ckpt-{base:06d}", "INCREMENTAL")),
          "the incremental checkpoints are marked INCREMENTAL, the full one is not")
    sizes = {n: os.path.getsize(image(ckdir, n)) for n in chain if os.path.exists(image(ckdir, n))}
    print(f"  image sizes: {sizes}")
    check(len(sizes) == len(chain) and all(sizes[n] < sizes[base] // 4 for n in chain[1:]),
          "each incremental image is under a quarter of the full one")
    shutil.copytree(ckdir, saved)
    shutil.copyfile(out, out + ".killed")

    rc, err = recover(a.exe, env, out)
    with open(out, "rb") as f:
        got = f.read()
    check(rc == 0 and f"recovering from checkpoint {newest} " in err,
          f"--recover went on from the chain's newest, checkpoint {newest}", err[-2000:])
    check(got == want, "the recovered run's output equals the plain build's",
          diff_excerpt(want, got))

    # The image before the newest damaged: neither it nor the newest loads.
    shutil.rmtree(ckdir, ignore_errors=True)  # a run that ends removes its checkpoints
    shutil.copytree(saved, ckdir)
    shutil.copyfile(out + ".killed", out)
    flip_middle_byte(image(ckdir, newest - 1))
    v = subprocess.run([a.ckpt_tool, "verify", saved], capture_output=True, text=True)
    check(v.returncode == 0, "ckpt verify: the intact chain is sound", v.stdout[-2000:])
    v = subprocess.run([a.ckpt_tool, "verify", ckdir], capture_output=True, text=True)
    check(v.returncode == 1 and
          f"BROKEN CHAIN {image(ckdir, newest)}: incremental, and checkpoint {newest - 1}'s "
          "image it needs cannot be used" in v.stdout and
          f"checkpoint {newest}: DAMAGED" in v.stdout,
          "ckpt verify: the newest's chain is broken by the damaged link", v.stdout[-2000:])
    rc, err = recover(a.exe, env, out)
    with open(out, "rb") as f:
        got = f.read()
    check(rc == 0 and f"recovering from checkpoint {newest - 2} " in err,
          f"--recover with a damaged link went on from checkpoint {newest - 2}", err[-2000:])
    check(f"checkpoint {newest - 1}'s image it needs cannot be used" in err,
          "recovery says the newest checkpoint's parent cannot be used", err[-2000:])
    check(got == want, "recovered from an older checkpoint, the output equals the plain build's",
          diff_excerpt(want, got))


    # The chain's full image replaced by an intact one of another run, of the
    # same checkpoint: not the one the next was written against, so only the
    # full one is usable; `ckpt verify` says which link is wrong, as recovery.
    # (Its output went to the same file, which recovery rewinds only if it is
    # the one the image's run wrote to.)
    other = os.path.join(work, "other")
    hit = run_until_committed(a.exe, dict(env, CKPT_DIR=other), out, lambda n: n == base)
    shutil.rmtree(ckdir, ignore_errors=True)
    shutil.copytree(saved, ckdir)
    shutil.copyfile(out + ".killed", out)
    hit = hit if os.path.exists(image(other, base)) else None  # pruned before the kill
    if hit == base:
        shutil.copyfile(image(other, base), image(ckdir, base))
    v = subprocess.run([a.ckpt_tool, "verify", ckdir], capture_output=True, text=True)
    check(hit == base and v.returncode == 1 and f"checkpoint {base}: sound" in v.stdout and
          f"BROKEN CHAIN {image(ckdir, base + 1)}: it is incremental, and checkpoint {base}'s "
          "image is not the one it was written against" in v.stdout and
          f"checkpoint {newest}: DAMAGED" in v.stdout,
          "ckpt verify: a foreign full image breaks the chain after it", v.stdout[-3000:])
    rc, err = recover(a.exe, env, out)
    with open(out, "rb") as f:
        got = f.read()
    check(rc == 0 and f"recovering from checkpoint {base} " in err and
          "not the one it was written against" in err and got == want,
          f"--recover with a foreign full image went on from it (checkpoint {base}), output "
          "as plain", err[-2000:] + diff_excerpt(want, got))

    # An incremental checkpoint without its INCREMENTAL marker: pruning would
    # not keep what it needs, so `ckpt verify` calls its chain broken.
    shutil.rmtree(ckdir, ignore_errors=True)
    shutil.copytree(saved, ckdir)
    os.unlink(os.path.join(ckdir, f"ckpt-{newest:06d}", "INCREMENTAL"))
    v = subprocess.run([a.ckpt_tool, "verify", ckdir], capture_output=True, text=True)
    check(v.returncode == 1 and "no INCREMENTAL marker" in v.stdout and
          f"checkpoint {newest - 1}: sound" in v.stdout,
          "ckpt verify: an incremental checkpoint without its marker is reported",
          v.stdout[-2000:])

    # The image before the newest missing: not damaged, so nothing set aside.
    shutil.rmtree(ckdir, ignore_errors=True)
    shutil.copytree(saved, ckdir)
    shutil.copyfile(out + ".killed", out)
    os.unlink(image(ckdir, newest - 1))
    rc, err = recover(a.exe, env, out)
    with open(out, "rb") as f:
        got = f.read()
    check(rc == 0 and f"recovering from checkpoint {newest - 2} " in err and got == want,
          f"--recover with a missing link went on from checkpoint {newest - 2}, output as plain",
          err[-2000:] + diff_excerpt(want, got))
    left = os.listdir(ckdir) if os.path.isdir(ckdir) else []  # the run's end removes its own
    check(not any(n.startswith(f"ckpt-{newest:06d}.damaged") for n in left),
          "the newest, whose parent is missing, was not set aside as damaged", str(left))

    p = subprocess.run([a.exe], capture_output=True, text=True,
                       env=dict(env, CKPT_INCREMENTAL="65"))
    check(p.returncode != 0 and "CKPT_INCREMENTAL=65" in p.stderr,
          "CKPT_INCREMENTAL=65 is refused with a message", p.stderr[-1000:])

    # Off by default: no INCREMENTAL marker, images of full size.
    shutil.rmtree(ckdir, ignore_errors=True)
    env_off = dict(env)
    del env_off["CKPT_INCREMENTAL"]
    off = run_until_committed(a.exe, env_off, out, lambda n: n >= 3)
    marks = [n for n in committed(ckdir)
             if os.path.exists(os.path.join(ckdir, n, "INCREMENTAL"))]
    check(off is not None and not marks and
          os.path.getsize(image(ckdir, off)) >= 24 << 20,
          "without CKPT_INCREMENTAL every image is full")
    remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
