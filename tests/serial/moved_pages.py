#!/usr/bin/env python3
"""Recovery that moves the image's pages into the heap (CKPT_MAP_IMAGE).

tests/serial/moved_pages.c, built with ckptcc (EXE) and plain cc (PLAIN), is
run three times per mode, into one output file:

  1. with a checkpoint every 5 steps (CKPT_KEEP=1), SIGKILLed once
     checkpoint 3 is committed;
  2. `--recover`, SIGKILLed once three more checkpoints are committed: the
     image it recovered from is removed while its pages are the heap's, and
     the later images are written from that heap;
  3. `--recover` to the end.

The file must equal PLAIN's output byte for byte. CKPT_STATS must show that
both recoveries moved heap pages (a plain image on a local disk, a
zstd-compressed one, one whose state was copied into it by 3 threads) or
copied everything (CKPT_MAP_IMAGE=0), and that every checkpoint was copied
by one thread, or with 3 copy threads asked for, by one to three (a helper
the scheduler runs late finds nothing left; the state, 1.8 MiB, is under
the default threshold for copying with several). With checkpoints by time
(CKPT_INTERVAL), the interval timer faults in the image buffer before a
process's first checkpoint (CKPT_PREFAULT): CKPT_STATS must show it for
each of the three processes (the timer asks for the checkpoint only after
it), and for no checkpoint but a process's first.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

COMMITTED = re.compile(r"checkpoint (\d+) committed")
RECOVERING = re.compile(r"recovering from checkpoint (\d+)")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env  # noqa: E402
from trial_settings import pages_can_move  # noqa: E402


def run_until(cmd, env, out_path, stop_after):
    """Run cmd (stdout appended to out_path); with stop_after, SIGKILL it once
    that many checkpoints are committed after the one it recovered from.
    Returns (exit status, stderr lines)."""
    lines = []
    with open(out_path, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env, text=True)
        start = 0
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))
            m = RECOVERING.search(line)
            if m:
                start = int(m.group(1))
            m = COMMITTED.search(line)
            if m and stop_after is not None and int(m.group(1)) >= start + stop_after:
                proc.send_signal(signal.SIGKILL)
                break
        proc.stderr.close()
        return proc.wait(timeout=60), lines


def stats_lines(stats_path, event):
    if not os.path.exists(stats_path):
        return []
    with open(stats_path) as f:
        return [json.loads(line) for line in f if f'"event":"{event}"' in line]


def prefault_problems(stats_path):
    """Which checkpoints were prefaulted that should not have been; how many
    processes (a new one starts with the file, then after each restore line)
    had their first checkpoint prefaulted."""
    wrong, first_prefaulted, first = [], 0, True
    with open(stats_path) as f:
        for line in f:
            event = json.loads(line)
            if event["event"] == "restore":
                first = True
            elif event["event"] == "checkpoint":
                if first:
                    first_prefaulted += event["prefaulted_bytes"] > 0
                elif event["prefaulted_bytes"]:
                    wrong.append(event["checkpoint"])
                first = False
    return wrong, first_prefaulted


def trial(a, name, extra, reference, work):
    """One mode: kill, recover and kill, recover; returns a list of failures."""
    failures = []
    ckdir = os.path.join(work, name + ".ckpt")
    out_path = os.path.join(work, name + ".out")
    stats = os.path.join(work, name + ".stats")
    env = clean_env(CKPT_DIR=ckdir, CKPT_EVERY="5", CKPT_KEEP="1", CKPT_VERBOSE="1",
                    CKPT_STATS=stats)
    env.update(extra)
    rc1, _ = run_until([a.exe], env, out_path, 3)
    rc2, err2 = run_until([a.exe, "--recover"], env, out_path, 3)
    rc3, err3 = run_until([a.exe, "--recover"], env, out_path, None)
    if rc1 != -signal.SIGKILL or rc2 != -signal.SIGKILL or rc3 != 0:
        failures.append(f"exit statuses {rc1}, {rc2}, {rc3} (want -9, -9, 0); last stderr: "
                        + " | ".join(err3[-5:]))
    with open(out_path, "rb") as f:
        got = f.read()
    if got != reference:
        failures.append(f"output differs from the plain build's ({len(got)} bytes against "
                        f"{len(reference)})")
    recovered = [int(m.group(1)) for line in err2 + err3 for m in [RECOVERING.search(line)] if m]
    left = sorted(os.listdir(ckdir)) if os.path.isdir(ckdir) else []
    if len(recovered) != 2 or any(f"ckpt-{recovered[0]:06d}" == d for d in left):
        failures.append(f"recovered from {recovered}; the first of them should have been "
                        f"removed while the second run went on (left: {left})")
    threads = sorted({c["copy_threads"] for c in stats_lines(stats, "checkpoint")})
    most = a.most_threads.get(name, 1)
    if not threads or threads[0] < 1 or threads[-1] > most or (most == 1 and threads != [1]):
        failures.append(f"checkpoints copied by {threads} threads, want 1 to {most}")
    wrong, first_prefaulted = prefault_problems(stats)
    if wrong:
        failures.append(f"checkpoints {wrong} prefaulted, though not a process's first")
    if name == "time trigger" and first_prefaulted != 3:
        failures.append(f"{first_prefaulted} of the 3 processes' first checkpoints were "
                        f"prefaulted by the interval timer")
    moved = [r["moved_bytes"] for r in stats_lines(stats, "restore")]
    if len(moved) != 2:
        failures.append(f"{len(moved)} restore lines in CKPT_STATS, want 2")
    elif a.want_moved[name] and not all(m > 0 for m in moved):
        failures.append(f"heap bytes moved {moved}: expected pages moved by both recoveries")
    elif not a.want_moved[name] and any(moved):
        failures.append(f"heap bytes moved {moved} with CKPT_MAP_IMAGE=0")
    print(f"{'ok' if not failures else 'FAILED'}: {name}: recovered from {recovered}, "
          f"heap bytes moved {moved}, copied by {threads} threads, {first_prefaulted} first "
          f"checkpoints prefaulted, output {len(got)} bytes",
          flush=True)
    return failures


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--exe", required=True)
    p.add_argument("--plain", required=True)
    a = p.parse_args()
    reference = subprocess.run([a.plain], capture_output=True, check=True).stdout
    work = tempfile.mkdtemp(prefix="aalc-moved-")
    try:
        local = pages_can_move(work)
        if not local:
            print(f"note: {work} is not on a local disk file system, or Linux is older than "
                  f"5.13: the plain image's pages are copied there, not moved")
        a.want_moved = {"plain image": local, "zstd image": True, "CKPT_MAP_IMAGE=0": False,
                        "3 copy threads": local, "time trigger": local}
        a.most_threads = {"3 copy threads": 3}
        failures = []
        for name, extra in (("plain image", {}), ("zstd image", {"CKPT_COMPRESS": "zstd"}),
                            ("CKPT_MAP_IMAGE=0", {"CKPT_MAP_IMAGE": "0"}),
                            ("3 copy threads", {"CKPT_COPY_THREADS": "3",
                                                "CKPT_COPY_PARALLEL_MIN": "64K"}),
                            ("time trigger", {"CKPT_EVERY": "0", "CKPT_INTERVAL": "0.1"})):
            failures += [f"{name}: {f}" for f in trial(a, name, extra, reference, work)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
