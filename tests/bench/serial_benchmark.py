#!/usr/bin/env python3
"""Serial benchmark: instrumentation overhead and the cost of one checkpoint.

1. Run time of samples built with ckptcc (no checkpoint taken) against the
   same sources built with plain `cc -O2`, in the same run, alternating,
   median of N runs each; reported as a ratio.
2. The stall of one checkpoint against the state size, next to the time to
   copy the state once in memory and the disk's direct-I/O write bandwidth
   (dd oflag=direct) measured in the same run.

Writes docs/performance-serial.md and tests/bench/results/serial.json.
Not a CI test: timings need a quiet machine.

usage: serial_benchmark.py BUILD_DIR [--runs N] [--sizes 16,64,256,1024]
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (name, source(s), arguments): loop-heavy and call-heavy programs.
SAMPLES = [
    ("heat2d", ["samples/serial/heat2d.c"], ["768", "1500"]),
    ("quicksort", ["samples/serial/quicksort.c"], []),
]


def build(cc, sources, out, extra=()):
    subprocess.run([cc, "-O2", "-w", "-o", out, *extra, *[os.path.join(TOP, s) for s in sources]],
                   check=True)


def timed(cmd, env):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def overhead(build_dir, work, runs):
    rows = []
    env = dict(os.environ, CKPT_INTERVAL="0", CKPT_DIR=os.path.join(work, "unused.ckpt"))
    for name, sources, args in SAMPLES:
        if not all(os.path.exists(os.path.join(TOP, s)) for s in sources):
            print(f"skip {name}: source missing", file=sys.stderr)
            continue
        plain = os.path.join(work, name + ".plain")
        nopie = os.path.join(work, name + ".nopie")
        inst = os.path.join(work, name + ".ckpt")
        build("cc", sources, plain)
        # ckptcc links without PIE (fixed addresses); this baseline isolates the
        # cost of the inserted code from the gain of non-PIE code generation.
        build("cc", sources, nopie, ["-fno-pie", "-no-pie"])
        build(os.path.join(build_dir, "bin", "ckptcc"), sources, inst)
        tp, tn, ti = [], [], []
        for _ in range(runs):  # alternate so drift hits all alike
            tp.append(timed([plain, *args], env))
            tn.append(timed([nopie, *args], env))
            ti.append(timed([inst, *args], env))
        row = {"program": name, "plain_s": statistics.median(tp),
               "plain_nopie_s": statistics.median(tn), "instrumented_s": statistics.median(ti)}
        row["ratio"] = row["instrumented_s"] / row["plain_s"]
        row["ratio_nopie"] = row["instrumented_s"] / row["plain_nopie_s"]
        rows.append(row)
        print(f"{name}: plain {row['plain_s']:.3f} s, plain -no-pie {row['plain_nopie_s']:.3f} s, "
              f"instrumented {row['instrumented_s']:.3f} s, ratios {row['ratio']:.3f} / "
              f"{row['ratio_nopie']:.3f}")
    return rows


def disk_bandwidth(work, megabytes):
    """dd with O_DIRECT and a final fsync: the disk's sequential write bandwidth (MiB/s)."""
    path = os.path.join(work, "dd.out")
    out = subprocess.run(["dd", "if=/dev/zero", f"of={path}", "bs=4M",
                          f"count={max(1, megabytes // 4)}", "oflag=direct", "conv=fsync"],
                         capture_output=True, text=True)
    if os.path.exists(path):
        os.unlink(path)
    m = re.search(r"copied, ([0-9.]+) s", out.stderr)
    if not m:
        sys.exit(f"dd failed: {out.stderr.strip()}")
    return max(4, megabytes) / float(m.group(1))


def one_run(prog, mb, rounds, gap, work, tag, **env_extra):
    """state_size under ckptcc with CKPT_STATS: the stalls the program saw and,
    per image, the runtime's copy, checksum and write times."""
    ckdir = os.path.join(work, f"ck-{tag}")
    stats = os.path.join(work, f"stats-{tag}.jsonl")
    env = dict(os.environ, CKPT_EVERY="1", CKPT_DIR=ckdir, CKPT_STATS=stats, CKPT_KEEP="1")
    env.update(env_extra)
    out = subprocess.run([prog, str(mb), str(rounds), str(gap)], check=True,
                         capture_output=True, text=True, env=env).stdout
    m = re.search(r"fresh_memcpy_s ([0-9.]+) fresh_after_s ([0-9.]+) memcpy_s ([0-9. ]+) "
                  r"checkpoint_s ([0-9. ]+)", out)
    with open(stats) as f:
        images = [json.loads(line) for line in f if '"checkpoint"' in line]
    os.unlink(stats)
    shutil.rmtree(ckdir)
    # Per checkpoint, the memcpy timed right before it; the copies into fresh
    # memory before and after the first checkpoint; the stalls; the images.
    return ([float(x) for x in m.group(3).split()], (float(m.group(1)), float(m.group(2))),
            [float(x) for x in m.group(4).split()], images)


def bracket(fresh):
    """The reference for a first stall: the mean of the copies into fresh
    memory just before and just after the first checkpoint, whose image took
    the memory between them (the later memory is colder on this VM)."""
    return (fresh[0] + fresh[1]) / 2


def checkpoint_cost(build_dir, work, sizes, runs):
    """Per state size, alternating: dd, a run writing in the background (three
    checkpoints, far enough apart for each write to finish), a run writing
    synchronously. The first checkpoint of a process also pays the faults of
    the fresh in-memory image; the later ones show the steady state."""
    prog = os.path.join(work, "state_size")
    build(os.path.join(build_dir, "bin", "ckptcc"), ["tests/bench/state_size.c"], prog)
    rows = []
    for mb in sizes:
        dd, warm, fresh, first, steady, sync_steady, copy, write_bw = [], [], [], [], [], [], [], []
        fresh_before, fresh_after, first_over_before = [], [], []
        one_thread, one_thread_ratio, threads = [], [], set()
        by_time, by_time_ratio, by_time_copy_ratio, prefaulted = [], [], [], []
        # Paired, each run against its own references (this VM's runs drift):
        # each steady stall / the memcpy timed right before it and the first
        # stall / memcpy to fresh memory, in the same process; the write
        # bandwidth / the mean of dd just before and just after it.
        stall_ratio, first_ratio, write_ratio, write_alone_bw = [], [], [], []
        image_bytes = 0
        for i in range(runs):
            gap = 0.2 + 3 * mb / 700.0  # a slow disk still finishes between checkpoints
            copies, f, stalls, images = one_run(prog, mb, 3, gap, work, f"{mb}-{i}-a")
            warm.append(statistics.median(copies[1:]))
            fresh.append(bracket(f))
            fresh_before.append(f[0])
            fresh_after.append(f[1])
            first_over_before.append(stalls[0] / f[0])
            first.append(stalls[0])
            steady.append(statistics.median(stalls[1:]))
            copy.append(statistics.median(im["copy_s"] for im in images[1:]))
            threads |= {im["copy_threads"] for im in images}
            run_bw = [im["bytes"] / 2**20 / im["write_s"] for im in images]
            write_bw += run_bw
            stall_ratio.append(statistics.median(s / c for s, c in zip(stalls[1:], copies[1:])))
            first_ratio.append(first[-1] / bracket(f))
            image_bytes = images[0]["bytes"]
            # Checkpoints by time instead of by count: the interval timer
            # faults in the first image's buffer half an interval before.
            copies_t, f_t, stalls_t, images_t = one_run(
                prog, mb, 2, gap, work, f"{mb}-{i}-t", CKPT_EVERY="0",
                CKPT_INTERVAL=f"{0.6 * gap:.3f}")
            by_time.append(stalls_t[0])
            by_time_ratio.append(stalls_t[0] / bracket(f_t))
            by_time_copy_ratio.append(stalls_t[0] / copies_t[0])
            prefaulted.append(images_t[0]["prefaulted_bytes"] / 2**20)
            # The same copied by the program's thread alone (CKPT_COPY_THREADS=1).
            copies1, _, stalls1, _ = one_run(prog, mb, 3, gap, work, f"{mb}-{i}-1",
                                             CKPT_COPY_THREADS="1")
            one_thread.append(statistics.median(stalls1[1:]))
            one_thread_ratio.append(statistics.median(s / c for s, c in
                                                      zip(stalls1[1:], copies1[1:])))
            dd_before = disk_bandwidth(work, mb)
            _, _, sync_stalls, sync_images = one_run(prog, mb, 3, gap, work, f"{mb}-{i}-s",
                                                     CKPT_ASYNC_WRITE="0")
            dd.append((dd_before + disk_bandwidth(work, mb)) / 2)
            sync_steady.append(statistics.median(sync_stalls[1:]))
            # Written while the program waits: the write alone, as dd runs.
            alone_bw = [im["bytes"] / 2**20 / im["write_s"] for im in sync_images]
            write_alone_bw += alone_bw
            write_ratio.append(statistics.median(alone_bw) / dd[-1])
        row = {"state_mb": mb, "image_mb": image_bytes / 2**20,
               "dd_direct_mb_per_s": statistics.median(dd),
               "write_mb_per_s": statistics.median(write_bw),
               "write_alone_mb_per_s": statistics.median(write_alone_bw),
               "memcpy_s": statistics.median(warm), "fresh_memcpy_s": statistics.median(fresh),
               "fresh_memcpy_before_s": statistics.median(fresh_before),
               "fresh_memcpy_after_s": statistics.median(fresh_after),
               "paired_first_stall_over_fresh_before": statistics.median(first_over_before),
               "copy_s": statistics.median(copy),
               "first_stall_s": statistics.median(first), "stall_s": statistics.median(steady),
               "sync_stall_s": statistics.median(sync_steady),
               "copy_threads": sorted(threads),
               "one_thread_stall_s": statistics.median(one_thread),
               "paired_one_thread_stall_over_memcpy": statistics.median(one_thread_ratio),
               "paired_stall_over_memcpy": statistics.median(stall_ratio),
               "paired_first_stall_over_fresh_memcpy": statistics.median(first_ratio),
               "first_stall_by_time_s": statistics.median(by_time),
               "prefaulted_mb": statistics.median(prefaulted),
               "paired_first_stall_by_time_over_fresh_memcpy": statistics.median(by_time_ratio),
               "paired_first_stall_by_time_over_memcpy": statistics.median(by_time_copy_ratio),
               "paired_write_over_dd": statistics.median(write_ratio)}
        row["write_fraction_of_dd"] = row["write_alone_mb_per_s"] / row["dd_direct_mb_per_s"]
        rows.append(row)
        print(f"{mb} MiB: stall {row['stall_s']:.4f} s with {row['copy_threads']} threads "
              f"({row['one_thread_stall_s']:.4f} with one; "
              f"first {row['first_stall_s']:.3f}, by time {row['first_stall_by_time_s']:.4f} "
              f"after {row['prefaulted_mb']:.0f} MiB prefaulted, "
              f"synchronous {row['sync_stall_s']:.3f}), memcpy {row['memcpy_s']:.4f} s "
              f"(fresh {row['fresh_memcpy_s']:.3f}); write {row['write_alone_mb_per_s']:.0f} "
              f"MiB/s (while the program runs {row['write_mb_per_s']:.0f}), "
              f"dd {row['dd_direct_mb_per_s']:.0f} MiB/s "
              f"({100 * row['write_fraction_of_dd']:.0f}%)")
    return rows


def write_report(over, cost, path_md, path_json):
    os.makedirs(os.path.dirname(path_json), exist_ok=True)
    with open(path_json, "w") as f:
        json.dump({"overhead": over, "checkpoint": cost}, f, indent=2)
    lines = ["# Serial performance (generated by tests/bench/serial_benchmark.py)", "",
             "Machine: " + os.uname().nodename + f", {os.cpu_count()} cores. "
             "Same compiler (`cc -O2`) for both builds; no checkpoint taken "
             "(`CKPT_INTERVAL=0`); median of the runs, alternated.", "",
             "## Instrumentation overhead", "",
             "| program | cc -O2 (s) | cc -O2 -no-pie (s) | ckptcc -O2 (s) | ratio to cc -O2 | "
             "ratio to -no-pie |", "|---|---|---|---|---|---|"]
    for r in over:
        lines.append(f"| {r['program']} | {r['plain_s']:.3f} | {r['plain_nopie_s']:.3f} | "
                     f"{r['instrumented_s']:.3f} | {r['ratio']:.3f} | {r['ratio_nopie']:.3f} |")
    lines += ["", "## One checkpoint against the state size", "",
              "`tests/bench/state_size.c` holds the state on the heap and takes three "
              "checkpoints (`CKPT_EVERY=1`), far enough apart for each image to be on disk "
              "before the next; the stall is what the program sees around its potential "
              "point. *Stall* is the median of the second and third checkpoints; the first "
              "one of a process also faults in the pages of its in-memory image, like a "
              "copy into fresh memory, which the program times right before it, after the "
              "same computation, and again into memory of its own once the first image is "
              "written: on this VM, memory faulted in later in a process costs more "
              "(its host hands out memory that was free longer), and the image takes the "
              "memory between the two copies, which is why they bracket it as `dd` before "
              "and after brackets the write. *First, by time* is the first stall when checkpoints are "
              "taken by time instead (`CKPT_INTERVAL` = 0.6 x the computation between "
              "checkpoints, in runs of their own): the interval timer faults in the "
              "image's buffer half an interval before (`CKPT_PREFAULT`; *prefaulted*, from "
              "`CKPT_STATS`). *memcpy* is timed by the program right before each "
              "checkpoint (the median of three copies into memory mapped apart), after the "
              "same touch of every page of the state, so that both see the caches alike. "
              "The state is copied by as many threads as "
              "`CKPT_COPY_THREADS` gives by default (the *threads* column); *one thread* is "
              "the same with `CKPT_COPY_THREADS=1`, in runs of its own. *memcpy* is one "
              "thread's copy, as the target says. *Synchronous* is the same with "
              "`CKPT_ASYNC_WRITE=0`. "
              "The write bandwidth is the runtime's (`CKPT_STATS`: bytes over write and "
              "fsync time) in the synchronous runs, where it writes alone as `dd` does, next "
              "to `dd oflag=direct conv=fsync` of the same size (the mean of a run just "
              "before and one just after); and in the "
              "background runs, while the program computes on the other core. Medians over "
              "the runs.", "",
              "| state (MiB) | image (MiB) | threads | stall (s) | stall, one thread (s) | "
              "memcpy (s) | first stall (s) | first, by time (s) | prefaulted (MiB) | "
              "memcpy to fresh memory, before / after (s) | synchronous stall (s) | write alone (MiB/s) | "
              "write in the background (MiB/s) | dd direct (MiB/s) |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in cost:
        threads = ", ".join(str(t) for t in r["copy_threads"])
        lines.append(f"| {r['state_mb']} | {r['image_mb']:.1f} | {threads} | "
                     f"{r['stall_s']:.4f} | {r['one_thread_stall_s']:.4f} | "
                     f"{r['memcpy_s']:.4f} | {r['first_stall_s']:.3f} | "
                     f"{r['first_stall_by_time_s']:.4f} | {r['prefaulted_mb']:.0f} | "
                     f"{r['fresh_memcpy_before_s']:.3f} / {r['fresh_memcpy_after_s']:.3f} | "
                     f"{r['sync_stall_s']:.3f} | "
                     f"{r['write_alone_mb_per_s']:.0f} | {r['write_mb_per_s']:.0f} | "
                     f"{r['dd_direct_mb_per_s']:.0f} |")
    lines += ["", "Targets (issue 5), judged run by run: the median over the runs of the stall "
              "divided by the memcpy the same process timed right before it (the first stall "
              "against the mean of its copies into fresh memory before and after it; against "
              "the one before it alone in brackets), and of the runtime's write bandwidth alone "
              "divided by the `dd` runs around it. On this VM a copy into fresh memory costs several times more in "
              "one run than in another (the page faults), hence the pairing.", "",
              "| state (MiB) | stall / memcpy | stall <= memcpy | one thread's stall / memcpy | "
              "first stall / memcpy to "
              "fresh memory | first stall <= that copy | first by time / that copy | "
              "first by time <= that copy | first by time / memcpy right before it | "
              "write alone / dd | write >= 80% of dd |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]

    def verdict(ok):
        return "met" if ok else "NOT met"

    for r in cost:
        stall, first = r["paired_stall_over_memcpy"], r["paired_first_stall_over_fresh_memcpy"]
        write = r["paired_write_over_dd"]
        one = r["paired_one_thread_stall_over_memcpy"]
        timed = r["paired_first_stall_by_time_over_fresh_memcpy"]
        lines.append(f"| {r['state_mb']} | {stall:.2f} | {verdict(stall <= 1)} | {one:.2f} | "
                     f"{first:.2f} ({r['paired_first_stall_over_fresh_before']:.2f}) | "
                     f"{verdict(first <= 1)} | {timed:.2f} | "
                     f"{verdict(timed <= 1)} | "
                     f"{r['paired_first_stall_by_time_over_memcpy']:.2f} | "
                     f"{100 * write:.0f}% | {verdict(write >= 0.8)} |")
    lines.append("")
    with open(path_md, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", default="16,64,256,1024")
    ap.add_argument("--checkpoint-runs", type=int, default=3)
    ap.add_argument("--work", default=None,
                    help="directory for images (default: a new one under the current directory; "
                         "/tmp may be a RAM disk)")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-bench-", dir=a.work or os.getcwd())
    try:
        over = overhead(os.path.abspath(a.build_dir), work, a.runs)
        cost = checkpoint_cost(os.path.abspath(a.build_dir), work,
                               [int(s) for s in a.sizes.split(",")], a.checkpoint_runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    write_report(over, cost, os.path.join(TOP, "docs", "performance-serial.md"),
                 os.path.join(TOP, "tests", "bench", "results", "serial.json"))


if __name__ == "__main__":
    main()
