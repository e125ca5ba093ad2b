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


def disk_bandwidth(work, megabytes=512):
    path = os.path.join(work, "dd.out")
    out = subprocess.run(["dd", "if=/dev/zero", f"of={path}", "bs=4M", f"count={megabytes // 4}",
                          "oflag=direct", "conv=fsync"], capture_output=True, text=True)
    os.unlink(path)
    m = re.search(r"copied, ([0-9.]+) s", out.stderr)
    return megabytes / float(m.group(1)) if m else None


def checkpoint_cost(build_dir, work, sizes, runs):
    prog = os.path.join(work, "state_size")
    build(os.path.join(build_dir, "bin", "ckptcc"), ["tests/bench/state_size.c"], prog)
    rows = []
    for mb in sizes:
        samples = []
        for i in range(runs):
            ckdir = os.path.join(work, f"ck{mb}_{i}")
            env = dict(os.environ, CKPT_EVERY="1", CKPT_DIR=ckdir)
            out = subprocess.run([prog, str(mb)], check=True, capture_output=True, text=True,
                                 env=env).stdout
            m = re.search(r"checkpoint_s ([0-9.]+) memcpy_s ([0-9.]+)", out)
            image = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(ckdir)
                        for f in fs)
            samples.append((float(m.group(1)), float(m.group(2)), image))
            shutil.rmtree(ckdir)
        ck = statistics.median(s[0] for s in samples)
        cp = statistics.median(s[1] for s in samples)
        row = {"state_mb": mb, "checkpoint_s": ck, "memcpy_s": cp,
               "image_mb": samples[0][2] / 2**20, "write_mb_per_s": samples[0][2] / 2**20 / ck}
        rows.append(row)
        print(f"{mb} MiB: checkpoint {ck:.3f} s ({row['write_mb_per_s']:.0f} MiB/s), "
              f"memcpy {cp:.4f} s")
    return rows


def write_report(over, cost, disk, path_md, path_json):
    os.makedirs(os.path.dirname(path_json), exist_ok=True)
    with open(path_json, "w") as f:
        json.dump({"overhead": over, "checkpoint": cost, "disk_direct_mb_per_s": disk}, f,
                  indent=2)
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
              f"Disk sequential write bandwidth, `dd oflag=direct` in the same run: "
              f"{disk:.0f} MiB/s." if disk else "Disk bandwidth: not measured.", "",
              "| heap state (MiB) | image (MiB) | checkpoint stall (s) | effective MiB/s | "
              "memcpy of the state (s) |", "|---|---|---|---|---|"]
    for r in cost:
        lines.append(f"| {r['state_mb']} | {r['image_mb']:.1f} | {r['checkpoint_s']:.3f} | "
                     f"{r['write_mb_per_s']:.0f} | {r['memcpy_s']:.4f} |")
    lines.append("")
    with open(path_md, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", default="16,64,256,1024")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-bench-")
    try:
        over = overhead(os.path.abspath(a.build_dir), work, a.runs)
        disk = disk_bandwidth(work)
        cost = checkpoint_cost(os.path.abspath(a.build_dir), work,
                               [int(s) for s in a.sizes.split(",")], 3)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    write_report(over, cost, disk, os.path.join(TOP, "docs", "performance-serial.md"),
                 os.path.join(TOP, "tests", "bench", "results", "serial.json"))


if __name__ == "__main__":
    main()
