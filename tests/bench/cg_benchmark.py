#!/usr/bin/env python3
"""The thesis's table 4.2, measured here: the CG solver (samples/mpi/cg.c,
90000 unknowns, 1e-11) in the thesis's six modes.

  Original         plain mpicc -O2
  (Original, no PIE  the same with -no-pie: ckptcc links position-dependent
                   executables, which alone makes code faster on x86-64, so
                   this row separates that from what checkpointing costs)
  +Data            ckptcc, MPI calls left alone (CKPT_MPI_LAYER=none)
  +Point to point  ckptcc, point-to-point wrapped, collectives not (CKPT_MPI_LAYER=p2p)
  +Collectives     ckptcc, the whole layer, no checkpoint taken (CKPT_INTERVAL=0)
  +Checkpoint      the same, one checkpoint taken half-way (CKPT_EVERY)
  +Checkpoint, zstd  the same with CKPT_COMPRESS=zstd
  Restore          `--recover` from that checkpoint, to the same final output

and the references the targets are judged against, in the same run:

  copy in memory   tests/bench/memcopy.c: one rank's image size copied into
                   fresh memory (what a first checkpoint's copy pays)
  Restart          `--recover` from a checkpoint at the last iteration: what
                   a restore costs with (almost) nothing left to compute
  MPI start-up     tests/bench/mpi_startup.c (MPI_Init, MPI_Finalize) under mpiexec
  image read       reading one rank's image and log files, the largest rank's,
                   into memory the reading process never touched
                   (tests/bench/image_read.c), as a restarted process must

The Restart is also timed without loading while MPI_Init runs
(CKPT_PREFETCH=0) and copying the whole heap instead of moving the image's
pages (CKPT_MAP_IMAGE=0), to show what each of the two saves.

Each mode runs at 1 and 2 ranks (and 4 when asked: oversubscribed on a
2-core machine, flagged as such), 5 runs per cell; the fastest and slowest are
dropped and the other three averaged, as the thesis did. Times are the solve
time rank 0 reports (MPI_Wtime around the iterations, after a barrier, as in
the thesis: CG_TIMING=1), except Restore, which is wall-clock from the start of
`mpiexec ... --recover` to its end (the thesis could not time it). Every run's
output is compared with the Original's: a wrong answer stops the benchmark.
The global checkpoint's size (all ranks' images and logs) is reported per
rank count.

Every mode is compiled with the same flags (--cflags, default -O2). Where the
solver's hot loops land within a 64-byte line moves a whole run by a few
percent with the same instructions executed, and the code ahead of the solver
differs in every mode (PIE or not, the instrumented source, the layer's
start-up and cold sections). So each mode is built at 4 placements
(--placements 4, the default): a pad linked first starts the code after it
0, 16, 32 or 48 bytes past a 64-byte line, so that every mode's loops take
each of the four 16-byte positions once, and every round runs each placement: a cell is the thesis's statistic at each placement, averaged
over the placements (Mytkowicz et al., "Producing wrong data without doing
anything obviously wrong!", ASPLOS 2009: vary the layout rather than trust
one). Oversubscribed rank counts, whose runs take 30 times longer, run at the
first placement only. Restore and the references are timed at the first
placement.

Writes docs/performance-cg.md and tests/bench/results/cg.json (--output, --json).
Not a CI test.

usage: cg_benchmark.py BUILD_DIR [--ranks 1,2] [--runs 5] [--grid 300] [--cflags FLAGS]
                       [--placements 4] [--profile]
"""
import argparse
import datetime
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_sections import put_section  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(TOP, "samples", "mpi", "cg.c")
SOLVE = re.compile(r"cg: solve time ([0-9.]+) s")
DATA = re.compile(r"cg: rank \d+ data (\d+) bytes")
ITERATIONS = re.compile(r"converged after (\d+) iterations")
RESTART_REPEATS = 5  # MPI start-up and each recovery, per round
# What those repeats measure; each round keeps the median of each.
RESTART_KEYS = ("mpi_startup_s", "restart_wall_s", "runtime_read_s", "runtime_load_s",
                "resumed_after_s", "moved_bytes", "restart_serial_load_wall_s",
                "resumed_after_serial_load_s", "restart_copied_wall_s", "resumed_after_copied_s")
MODES = ["Original", "Original, no PIE", "+Data", "+Point to point", "+Collectives",
         "+Checkpoint", "+Checkpoint, zstd", "Restore"]
SWEPT = MODES[:-1]  # the modes timed at every placement
LINE = 64  # bytes: a pad moves the program's code to a 16-byte position within such a line
# The thesis's table 4.2 (seconds, ratio to Original), 1/4/9/16 processes.
THESIS = {
    "ranks": [1, 4, 9, 16],
    "Original": [13.42, 5.62, 4.01, 4.45],
    "+Data": [13.2, 5.33, 4.41, 4.76],
    "+Point to point": [12.31, 5.16, 4.51, 4.76],
    "+Collectives": [12.26, 5.54, 4.97, 10.25],
    "+Checkpoint": [12.99, 5.36, 6.55, 10.91],
    "Size": ["21M", "1x12.4M + 3x3.2M", "1x10.7M + 8x1.6M", "1x10M + 15x1.08M"],
}


def placement_pad(work, pad_bytes):
    """An object that, linked first, starts the code after it `pad_bytes`
    past a 64-byte line: its section sorts before every other text section
    (.text.unlikely comes first in the linker's default script) and is
    aligned to the line; what follows is aligned to 16 bytes at most, so it
    moves by exactly `pad_bytes` (a multiple of 16)."""
    source = os.path.join(work, f"pad{pad_bytes}.c")
    with open(source, "w") as f:
        f.write('__asm__(".section .text.unlikely.aalc_bench_placement,\\"ax\\",@progbits\\n"\n'
                f'        ".balign {LINE}\\n"' +
                (f' ".skip {pad_bytes}, 0xcc\\n"' if pad_bytes else "") + ' ".text\\n");\n')
    obj = source[:-2] + ".o"
    subprocess.run(["cc", "-c", "-o", obj, source], check=True)
    return obj


def build(work, build_dir, cflags, placements):
    """At each placement, the five executables: plain (PIE and not), and ckptcc
    with no, p2p and full layer, all compiled with the same `cflags`; keyed by
    (name, pad bytes). With one placement there is no pad: the linker's own
    layout. And the reference programs, keyed by name."""
    exes = {}
    for pad_bytes in placements:
        pad = [placement_pad(work, pad_bytes)] if len(placements) > 1 else []
        for name, extra in (("plain", []), ("nopie", ["-fno-pie", "-no-pie"])):
            exes[name, pad_bytes] = os.path.join(work, f"cg.{name}.{pad_bytes}")
            subprocess.run(["mpicc", *cflags, *extra, "-o", exes[name, pad_bytes], *pad,
                            SOURCE, "-lm"], check=True)
        for layer in ("none", "p2p", "full"):
            exes[layer, pad_bytes] = os.path.join(work, f"cg.{layer}.{pad_bytes}")
            env = dict(os.environ, CKPT_MPI_LAYER=layer, CKPT_CC="mpicc")
            subprocess.run([os.path.join(build_dir, "bin", "ckptcc"), *cflags, "-o",
                            exes[layer, pad_bytes], *pad, SOURCE, "-lm"], check=True, env=env,
                           cwd=work)
    exes["memcopy"] = os.path.join(work, "memcopy")
    subprocess.run(["cc", "-O2", "-o", exes["memcopy"],
                    os.path.join(TOP, "tests", "bench", "memcopy.c")], check=True)
    exes["image_read"] = os.path.join(work, "image_read")
    subprocess.run(["cc", "-O2", "-o", exes["image_read"],
                    os.path.join(TOP, "tests", "bench", "image_read.c")], check=True)
    exes["startup"] = os.path.join(work, "mpi_startup")
    subprocess.run(["mpicc", "-O2", "-o", exes["startup"],
                    os.path.join(TOP, "tests", "bench", "mpi_startup.c")], check=True)
    return exes


def hot_loop_offsets(exes, placements):
    """Where spmv_rows starts within its 64-byte line, per executable
    ("name.pad bytes"): what the placements move."""
    found = {}
    for pad_bytes in placements:
        for name in ("plain", "nopie", "none", "p2p", "full"):
            out = subprocess.run(["nm", exes[name, pad_bytes]], capture_output=True,
                                 text=True).stdout
            m = re.search(r"^([0-9a-f]+) [tT] spmv_rows$", out, re.M)
            if m:
                found[f"{name}.{pad_bytes}"] = int(m.group(1), 16) % LINE
    return found


def run(exe, ranks, grid, env_extra, work, recover=False):
    """One run: (solve time or None, wall-clock seconds, stdout)."""
    env = dict(os.environ, CG_TIMING="1", CKPT_VERBOSE="0")
    env.update(env_extra)
    cmd = ["mpiexec", "-n", str(ranks), exe, str(grid)] + (["--recover"] if recover else [])
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=work)
    wall = time.monotonic() - start
    if proc.returncode:
        sys.exit(f"error: {' '.join(cmd)}: exit status {proc.returncode}\n{proc.stderr}")
    m = SOLVE.search(proc.stderr)
    run.data_bytes = sum(int(b) for b in DATA.findall(proc.stderr))
    return (float(m.group(1)) if m else None), wall, proc.stdout


def stats_lines(path, event):
    """The runtime's CKPT_STATS lines of one kind, then remove the file."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        lines = [json.loads(line) for line in f if f'"event":"{event}"' in line]
    os.unlink(path)
    return lines


def read_seconds(ckdir, reader):
    """Time to read the files of the largest rank's part of the checkpoint:
    (into fresh memory, by `reader` in a process of its own, as a restart
    must; into a buffer this process used before)."""
    per_rank = {}
    for root, _, files in os.walk(ckdir):
        for name in files:
            m = re.match(r"rank-(\d+)\.", name)
            if m:
                per_rank.setdefault(m.group(1), []).append(os.path.join(root, name))
    fresh = warm = 0.0
    for paths in per_rank.values():
        out = subprocess.run([reader, *paths], check=True, capture_output=True, text=True)
        fresh = max(fresh, float(out.stdout))
        start = time.monotonic()
        for path in paths:
            with open(path, "rb", buffering=0) as f:
                while f.read(8 << 20):
                    pass
        warm = max(warm, time.monotonic() - start)
    return fresh, warm


def largest_image(ckdir):
    sizes = [os.path.getsize(os.path.join(root, f)) for root, _, files in os.walk(ckdir)
             for f in files if f.endswith(".img")]
    return max(sizes) if sizes else 0


def thesis_mean(times):
    """The thesis's statistic: drop the fastest and the slowest, average the rest."""
    t = sorted(times)
    return statistics.mean(t[1:-1]) if len(t) >= 3 else statistics.mean(t)


def directory_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    return total


def oversubscribed(ranks):
    return ranks > os.cpu_count()


def placements_at(ranks, opts):
    """The placements a rank count runs at: all of them, or the first only
    when oversubscribed (a run takes 30 times longer there)."""
    return opts.placements[:1] if oversubscribed(ranks) else opts.placements


def measure(exes, ranks, opts, work):
    """Every mode at `ranks`: ({mode: [round's mean over the placements]},
    {mode: {pad bytes: [times]}}, references, checkpoint sizes, iterations)."""
    placements = placements_at(ranks, opts)
    first = placements[0]
    _, _, reference = run(exes["plain", first], ranks, opts.grid, {}, work)
    m = ITERATIONS.search(reference)
    if not m:
        sys.exit(f"error: the reference run did not converge:\n{reference}")
    iterations = int(m.group(1))
    every = iterations // 2 + 1  # exactly one checkpoint, half-way
    times = {mode: [] for mode in MODES}
    by_placement = {mode: {pad: [] for pad in (placements if mode in SWEPT else [first])}
                    for mode in MODES}
    refs = {k: [] for k in ("copy_fresh_s", "copy_warm_s", "runtime_copy_s", "write_s",
                            "image_read_s", "image_read_warm_s", "zstd_write_s",
                            "plain_write_s") + RESTART_KEYS}
    size = 0
    stats = os.path.join(work, "stats.jsonl")

    def check(out, what):
        if out != reference:
            sys.exit(f"error: {what} at {ranks} ranks printed another result than Original")

    for k in range(opts.runs):
        ckdir = os.path.join(work, f"ckpt-{ranks}-{k}")
        env = {"CKPT_DIR": ckdir, "CKPT_EVERY": str(every), "CKPT_KEEP": "2",
               "CKPT_STATS": stats}
        for pad_bytes in placements:
            for mode, exe, extra in (("Original", exes["plain", pad_bytes], {}),
                                     ("Original, no PIE", exes["nopie", pad_bytes], {}),
                                     ("+Data", exes["none", pad_bytes], {"CKPT_INTERVAL": "0"}),
                                     ("+Point to point", exes["p2p", pad_bytes],
                                      {"CKPT_INTERVAL": "0"}),
                                     ("+Collectives", exes["full", pad_bytes],
                                      {"CKPT_INTERVAL": "0"})):
                solve, _, out = run(exe, ranks, opts.grid, extra, work)
                check(out, mode)
                by_placement[mode][pad_bytes].append(solve)
            shutil.rmtree(ckdir, ignore_errors=True)
            solve, _, out = run(exes["full", pad_bytes], ranks, opts.grid, env, work)
            check(out, "+Checkpoint")
            by_placement["+Checkpoint"][pad_bytes].append(solve)
            images = stats_lines(stats, "checkpoint")
            if pad_bytes == first:
                data_bytes = run.data_bytes  # the +Checkpoint run's, as its size
            zdir = ckdir + "-zstd"
            solve, _, out = run(exes["full", pad_bytes], ranks, opts.grid,
                                dict(env, CKPT_DIR=zdir, CKPT_COMPRESS="zstd"), work)
            check(out, "+Checkpoint, zstd")
            by_placement["+Checkpoint, zstd"][pad_bytes].append(solve)
            zimages = stats_lines(stats, "checkpoint")
            if pad_bytes == first:
                zsize = directory_bytes(zdir)
            shutil.rmtree(zdir, ignore_errors=True)
            if pad_bytes != first:
                shutil.rmtree(ckdir, ignore_errors=True)
                continue
            # The references, the Restore and the Restart: at the first placement.
            refs["runtime_copy_s"].append(max(i["copy_s"] for i in images))
            refs["write_s"].append(max(i["write_s"] for i in images))
            refs["plain_write_s"].append(max(i["seal_s"] + i["write_s"] for i in images))
            refs["zstd_write_s"].append(max(i["seal_s"] + i["write_s"] for i in zimages))
            size = directory_bytes(ckdir)
            copy = subprocess.run([exes["memcopy"], str(largest_image(ckdir))], check=True,
                                  capture_output=True, text=True).stdout.split()
            refs["copy_fresh_s"].append(float(copy[1]))
            refs["copy_warm_s"].append(float(copy[3]))
            _, wall, out = run(exes["full", first], ranks, opts.grid, {"CKPT_DIR": ckdir}, work,
                               recover=True)
            check(out, "Restore")
            by_placement["Restore"][first].append(wall)
            shutil.rmtree(ckdir, ignore_errors=True)
        for mode in MODES:
            times[mode].append(statistics.mean(v[-1] for v in by_placement[mode].values()))
        # Restart: the checkpoint at the last iteration, then the recovery alone.
        env.update(CKPT_EVERY=str(iterations - 1))  # the last potential point
        run(exes["full", first], ranks, opts.grid, env, work)
        stats_lines(stats, "checkpoint")
        fresh, warm = read_seconds(ckdir, exes["image_read"])
        refs["image_read_s"].append(fresh)
        refs["image_read_warm_s"].append(warm)
        # MPI start-up and the recoveries are a few tens of milliseconds, as
        # noisy as that on this VM: each is timed RESTART_REPEATS times,
        # interleaved, and the round keeps the medians.
        samples = {k: [] for k in RESTART_KEYS}
        for _ in range(RESTART_REPEATS):
            start = time.monotonic()
            subprocess.run(["mpiexec", "-n", str(ranks), exes["startup"]], check=True)
            samples["mpi_startup_s"].append(time.monotonic() - start)
            for what, extra, wall_key, resumed_key in (
                    ("Restart", {}, "restart_wall_s", "resumed_after_s"),
                    # without loading the image while MPI_Init runs
                    ("Restart, CKPT_PREFETCH=0", {"CKPT_PREFETCH": "0"},
                     "restart_serial_load_wall_s", "resumed_after_serial_load_s"),
                    # copying the whole heap instead of moving the image's pages
                    ("Restart, CKPT_MAP_IMAGE=0", {"CKPT_MAP_IMAGE": "0"},
                     "restart_copied_wall_s", "resumed_after_copied_s")):
                _, wall, out = run(exes["full", first], ranks, opts.grid,
                                   dict(extra, CKPT_DIR=ckdir, CKPT_STATS=stats), work,
                                   recover=True)
                check(out, what)
                restored = stats_lines(stats, "restore")
                samples[wall_key].append(wall)
                samples[resumed_key].append(max(r["resumed_after_s"] for r in restored))
                if not extra:
                    samples["runtime_read_s"].append(max(r["read_s"] for r in restored))
                    samples["runtime_load_s"].append(max(r["load_s"] for r in restored))
                    samples["moved_bytes"].append(sum(r["moved_bytes"] for r in restored))
        for key, values in samples.items():
            refs[key].append(statistics.median(values))
        shutil.rmtree(ckdir, ignore_errors=True)
        print(f"cg_benchmark: {ranks} ranks, run {k + 1}/{opts.runs}: " +
              ", ".join(f"{mode} {times[mode][-1]:.3f}" for mode in MODES) + "; " +
              ", ".join(f"{k} {v[-1]:.4f}" for k, v in refs.items()), flush=True)
    return times, by_placement, refs, {"checkpoint_bytes": size, "zstd_checkpoint_bytes": zsize,
                                       "data_bytes": data_bytes}, iterations


def overhead_pairs(exes, ranks, opts, work):
    """+Collectives against Original in back-to-back pairs, --pairs at each
    placement, the order of the two alternating: a run on this VM lands in a
    fast or a slow stretch by 10% either way, more than the 2% the target
    allows, and two runs next to each other share their stretch."""
    placements = placements_at(ranks, opts)
    _, _, reference = run(exes["plain", placements[0]], ranks, opts.grid, {}, work)
    pairs = []
    for i in range(opts.pairs):
        for pad_bytes in placements:
            order = [("original", exes["plain", pad_bytes], {}),
                     ("collectives", exes["full", pad_bytes], {"CKPT_INTERVAL": "0"})]
            pair = {"placement": pad_bytes}
            for what, exe, extra in (order[::-1] if i % 2 else order):
                solve, _, out = run(exe, ranks, opts.grid, extra, work)
                if out != reference:
                    sys.exit(f"error: {what} at {ranks} ranks printed another result than "
                             "Original")
                pair[what] = solve
            pairs.append(pair)
    return pairs


def pair_ratios(pairs):
    """{pad bytes: [+Collectives / Original of each pair]}."""
    ratios = {}
    for p in pairs:
        ratios.setdefault(str(p["placement"]), []).append(p["collectives"] / p["original"])
    return ratios


def overhead_estimate(ratios, resamples=2000, seed=5):
    """The mean over the placements of each placement's median ratio, and a
    95% bootstrap interval that resamples within each placement. Not the
    median of all pairs together: at one pad the two modes' loops sit at
    different positions (hot_loop_offsets), so each placement's ratios
    cluster around what position costs; only over all four placements does
    each mode take every position once."""
    def estimate(groups):
        return statistics.mean(statistics.median(g) for g in groups)
    groups = list(ratios.values())
    rng = random.Random(seed)
    boot = sorted(estimate([rng.choices(g, k=len(g)) for g in groups])
                  for _ in range(resamples))
    return estimate(groups), boot[int(0.025 * resamples)], boot[int(0.975 * resamples) - 1]


def pairs_section(results):
    """The +Collectives target judged on the back-to-back pairs."""
    with_pairs = [r for r in results if r.get("pairs")]
    if not with_pairs:
        return []
    lines = ["", "+Collectives against Original in back-to-back pairs (both programs built "
             "with the same pad, run one right after the other, the order alternating; "
             "`--pairs` per placement): a run here lands in a fast or a slow stretch of the "
             "VM by up to 10% either way, which the round-by-round ratio above still "
             "carries, while the two runs of a pair share their stretch. With the same pad "
             "the two programs' loops still sit at different positions (Code placement), "
             "so each placement's ratios measure position as much as overhead; the "
             "estimate is the mean over the placements of each placement's median ratio, "
             "where each program takes every position once, with a 95% bootstrap interval "
             "(resampling within each placement):",
             "", "| ranks | pairs | +Collectives / Original | 95% interval | <= 1.02 | "
             "median at each pad |", "|---|---|---|---|---|---|"]
    for r in with_pairs:
        ratios = pair_ratios(r["pairs"])
        value, low, high = overhead_estimate(ratios)
        lines.append(f"| {r['ranks']} | {len(r['pairs'])} | {value:.3f} | {low:.3f} - "
                     f"{high:.3f} | {'met' if value <= 1.02 else 'NOT met'}"
                     f"{' (whole interval)' if high <= 1.02 else ''} | " +
                     ", ".join(f"pad {o} B {statistics.median(v):.3f}" for o, v in ratios.items()) +
                     " |")
    return lines


def verdict(value, bound):
    return f"{'met' if value <= bound else 'NOT met'} ({value:.3f} vs {bound:.3f})"


def paired(values, bounds):
    """Median over the rounds of value / bound, each run against the references of its
    own round: drift between rounds (other jobs, where the VM places the vCPUs) cancels."""
    return statistics.median(v / b for v, b in zip(values, bounds))


def paired_targets(r):
    """The three targets judged round by round: {target: median ratio to its bound}."""
    t, ref = r["times"], r["references"]
    return {
        "+Collectives <= 1.02 x Original": paired(
            t["+Collectives"], [1.02 * o for o in t["Original"]]),
        "+Checkpoint <= Original + copy + 10%": paired(
            t["+Checkpoint"], [1.10 * o + c for o, c in zip(t["Original"], ref["copy_fresh_s"])]),
        "Restart <= (MPI start-up + image read) + 10%": paired(
            ref["restart_wall_s"], [1.10 * (m + i) for m, i in
                                    zip(ref["mpi_startup_s"], ref["image_read_s"])]),
    }


def targets_section(results):
    """Issue 5's targets, each against references measured in the same run."""
    lines = ["## Targets", "",
             "+Checkpoint against Original + the time to copy one rank's image into fresh "
             "memory + 10% of Original; Restart (recovery from a checkpoint at the last "
             "iteration) against MPI start-up + reading the largest rank's image + 10% of "
             f"that. MPI start-up and the recoveries are timed {RESTART_REPEATS} times per "
             "round, interleaved; each round keeps their medians. The image is read into "
             "memory the reading process never touched (tests/bench/image_read.c), as a restarted process must; in brackets, the same "
             "files read into a buffer used before, which a restore cannot do. The runtime's "
             "own figures come from `CKPT_STATS`: the copy the program "
             "waited for (the write and fsync then run in the background), and on recovery "
             "the time to read and check the image, to put it into place (copy, or move the "
             "heap's pages), and from the program's start to its resumption.", "",
             "| ranks | +Checkpoint | Original | copy, fresh / warm | +Checkpoint target | "
             "runtime copy | background write | Restart | MPI start-up | image read | "
             "Restart target | runtime read / load / resumed after |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        m, ref = r["mean"], r["reference_mean"]
        bound_ck = m["Original"] * 1.10 + ref["copy_fresh_s"]
        bound_rs = (ref["mpi_startup_s"] + ref["image_read_s"]) * 1.10
        lines.append(
            f"| {r['ranks']} | {m['+Checkpoint']:.3f} | {m['Original']:.3f} | "
            f"{ref['copy_fresh_s']:.4f} / {ref['copy_warm_s']:.4f} | "
            f"{verdict(m['+Checkpoint'], bound_ck)} | {ref['runtime_copy_s']:.4f} | "
            f"{ref['write_s']:.4f} | {ref['restart_wall_s']:.3f} | "
            f"{ref['mpi_startup_s']:.3f} | {ref['image_read_s']:.4f} "
            f"({ref['image_read_warm_s']:.4f}) | "
            f"{verdict(ref['restart_wall_s'], bound_rs)} | {ref['runtime_read_s']:.4f} / "
            f"{ref['runtime_load_s']:.4f} / {ref['resumed_after_s']:.3f} |")
    lines += ["", "The same targets judged round by round (each round runs every mode once "
              "at each of its placements, in the same order, and a round's time for a mode is "
              "its mean over them): the median over the rounds of the measured time divided by "
              "its bound from the same round; at most 1.00 is met. This cancels the drift "
              "between rounds that the middle-three means keep; +Collectives is included "
              "here (bound: 1.02 x Original).", "",
              "| ranks | " + " | ".join(paired_targets(results[0])) + " |",
              "|---|" + "---|" * len(paired_targets(results[0]))]
    for r in results:
        lines.append(f"| {r['ranks']} | " + " | ".join(
            f"{'met' if v <= 1 else 'NOT met'} ({v:.3f})" for v in paired_targets(r).values())
            + " |")
    lines += pairs_section(results)
    lines += ["", "Recovery loads this rank's newest image while `MPI_Init` runs, and moves the "
              "pages of the heap's long ranges out of the image instead of copying them "
              "(design.md). The same recovery with `CKPT_PREFETCH=0` loads it after the ranks "
              "have agreed; with `CKPT_MAP_IMAGE=0` it copies the whole heap. Wall-clock of the "
              "Restart, the time from the program's start to its resumption (`CKPT_STATS`, "
              "largest rank), and the heap bytes moved (all ranks):", "",
              "| ranks | Restart | CKPT_PREFETCH=0 | CKPT_MAP_IMAGE=0 | resumed after | "
              "CKPT_PREFETCH=0 | CKPT_MAP_IMAGE=0 | heap bytes moved |",
              "|---|---|---|---|---|---|---|---|"]
    for r in results:
        ref = r["reference_mean"]
        lines.append(f"| {r['ranks']} | {ref['restart_wall_s']:.4f} | "
                     f"{ref['restart_serial_load_wall_s']:.4f} | "
                     f"{ref['restart_copied_wall_s']:.4f} | {ref['resumed_after_s']:.4f} | "
                     f"{ref['resumed_after_serial_load_s']:.4f} | "
                     f"{ref['resumed_after_copied_s']:.4f} | {ref['moved_bytes']:.0f} |")
    lines += ["", "Compression (`CKPT_COMPRESS=zstd`, level 1, in the writing thread): size of "
              "the global checkpoint and the background time of the largest rank (checksum, "
              "compression, write, fsync).", "",
              "| ranks | checkpoint | with zstd | background time | with zstd |",
              "|---|---|---|---|---|"]
    for r in results:
        ref = r["reference_mean"]
        lines.append(f"| {r['ranks']} | {r['checkpoint_bytes'] / 1e6:.1f} MB | "
                     f"{r['zstd_checkpoint_bytes'] / 1e6:.1f} MB | {ref['plain_write_s']:.4f} s | "
                     f"{ref['zstd_write_s']:.4f} s |")
    return lines


ANNOTATE_LINE = re.compile(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+(.*?):(\S+) \[(.*)\]$")


def callgrind_profile(exe, grid, work, env_extra):
    """Instructions executed per function (self cost) under callgrind, 1 rank."""
    out = os.path.join(work, "callgrind.out")
    env = dict(os.environ, **env_extra)
    subprocess.run(["mpiexec", "-n", "1", "valgrind", "--tool=callgrind", "--callgrind-out-file=" +
                    out, exe, str(grid)], check=True, env=env, cwd=work,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    text = subprocess.run(["callgrind_annotate", "--threshold=100", out], check=True,
                          capture_output=True, text=True).stdout
    os.unlink(out)
    total, functions = 0, []
    for line in text.splitlines():
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
        m = ANNOTATE_LINE.match(line)
        if m:
            functions.append((int(m.group(1).replace(",", "")), m.group(3), m.group(4)))
    return total, functions


def category(function, obj, exe):
    if os.path.basename(obj) != os.path.basename(exe):
        return "MPICH" if "mpich" in obj else "other libraries"
    if function.startswith(("cl_", "MPI_", "PMPI_")):
        return "coordination layer"
    if function.startswith(("ckpt_", "__wrap_")):
        return "runtime"
    return "the program"


def profile(exes, opts, work):
    """Where the instructions go: Original (no PIE) against +Collectives."""
    first = opts.placements[0]
    nopie, aalc = exes["nopie", first], exes["full", first]
    base_total, base = callgrind_profile(nopie, opts.grid, work, {})
    full_total, full = callgrind_profile(aalc, opts.grid, work, {"CKPT_INTERVAL": "0"})
    by_cat = {}
    for which, functions, exe in (("original", base, nopie), ("aalc", full, aalc)):
        for count, function, obj in functions:
            c = by_cat.setdefault(category(function, obj, exe), {"original": 0, "aalc": 0})
            c[which] += count
    layer = sorted(((count, function) for count, function, obj in full
                    if category(function, obj, aalc) in ("coordination layer", "runtime")),
                   reverse=True)[:8]
    return {"original_instructions": base_total, "aalc_instructions": full_total,
            "by_category": by_cat, "top_aalc_functions": layer}


def profile_section(prof):
    if not prof:
        return []
    extra = prof["aalc_instructions"] - prof["original_instructions"]
    lines = ["## Where the remaining overhead goes", "",
             f"callgrind, 1 rank (a single rank never waits, so the counts do not depend on "
             f"timing): Original (no PIE) executes {prof['original_instructions']:,} "
             f"instructions, +Collectives {prof['aalc_instructions']:,}: {extra:+,} "
             f"({100 * extra / prof['original_instructions']:+.3f}%).", "",
             "| where (self cost) | Original, no PIE | +Collectives |", "|---|---|---|"]
    for name, c in sorted(prof["by_category"].items(), key=lambda kv: -kv[1]["aalc"]):
        lines.append(f"| {name} | {c['original']:,} | {c['aalc']:,} |")
    lines += ["", "The layer's and runtime's heaviest functions: " + ", ".join(
        f"`{f}` {n:,}" for n, f in prof["top_aalc_functions"]) + ".", ""]
    return lines


def mode_table(results):
    """The thesis's table, measured: seconds (ratio to Original) per mode and rank count."""
    ranks = [r["ranks"] for r in results]
    lines = [
        "| mode | " + " | ".join(
            f"{r} rank{'s' if r > 1 else ''}" +
            (" (oversubscribed, 1 placement)" if oversubscribed(r) else "")
            for r in ranks) + " |",
        "|---|" + "---|" * len(ranks),
    ]
    for mode in MODES:
        cells = []
        for r in results:
            t = r["mean"][mode]
            base = r["mean"]["Original"]
            cells.append(f"{t:.3f} ({t / base:.2f})" if mode != "Restore" else f"{t:.3f} wall")
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    lines.append("| global checkpoint | " + " | ".join(
        f"{r['checkpoint_bytes'] / 1e6:.1f} MB" for r in results) + " |")
    lines.append("| global checkpoint, zstd | " + " | ".join(
        f"{r['zstd_checkpoint_bytes'] / 1e6:.1f} MB" for r in results) + " |")
    lines.append("| the program's data | " + " | ".join(
        f"{r['data_bytes'] / 1e6:.1f} MB" for r in results) + " |")
    return lines


def header(opts, when, path_json):
    sweep = len(opts.placements) > 1
    return (f"Generated by `tests/bench/cg_benchmark.py` on {when} "
            f"(`--runs {opts.runs} --grid {opts.grid} --cflags='{opts.cflags}' "
            f"--placements {len(opts.placements)} --pairs {opts.pairs}`: every mode compiled with `{opts.cflags}`); "
            f"machine-readable figures in `{os.path.relpath(path_json, TOP)}`. Seconds: the mean "
            f"of the middle three of {opts.runs} runs (fastest and slowest dropped, as the thesis "
            "did)" + (f", at each of {len(opts.placements)} code placements, averaged over the "
                      "placements (Code placement, below; an oversubscribed column runs the "
                      "first placement only)" if sweep else "") +
            "; ratio to Original in brackets. Solve time as rank 0 measures it (MPI_Wtime around "
            "the iterations, after a barrier), except Restore: wall-clock of the whole "
            "`mpiexec ... --recover`, MPI start-up included.")


def thesis_table():
    lines = ["The thesis (table 4.2: Fortran 90, LAM/MPI, 1000 MHz Opterons, checkpoints on "
             "NFS), seconds (ratio):", "",
             "| mode | " + " | ".join(f"{r} proc" for r in THESIS["ranks"]) + " |",
             "|---|" + "---|" * len(THESIS["ranks"])]
    for mode in [m for m in MODES[:-1] if m in THESIS]:
        lines.append(f"| {mode} | " + " | ".join(
            f"{t} ({t / o:.2f})" for t, o in zip(THESIS[mode], THESIS["Original"])) + " |")
    lines.append("| Size | " + " | ".join(THESIS["Size"]) + " |")
    return lines


def write_summary(results, opts, when, path_md, path_json, path_summary, prof, hot_loops):
    """The table, the thesis's beside it, the targets and where the overhead
    goes, in their section of docs/performance.md."""
    lines = ["## The thesis's CG solver in its six modes (issue 5)", "",
             header(opts, when, path_json) + f" The whole report, with the thesis's own table "
             f"and where the remaining overhead goes: [{os.path.basename(path_md)}]"
             f"({os.path.relpath(path_md, os.path.dirname(path_summary))}).", ""]
    lines += mode_table(results) + [""] + thesis_table() + [""]
    lines += ["#" + line if line.startswith("## ") else line
              for line in placement_section(results, opts, hot_loops) + targets_section(results) +
              profile_section(prof)]
    put_section(path_summary, "cg_benchmark", "\n".join(lines))


def placement_section(results, opts, hot_loops):
    """Each mode at each placement: how much of a gap between modes the code's
    place alone makes."""
    swept = [r for r in results if len(r.get("placement_mean", {}).get("Original", {})) > 1]
    if not swept:
        return ["Each mode is its own executable, and where the linker places the solver's hot "
                "loops moves a mode by a few percent either way with the same instructions "
                "executed: a gap of that size between modes is placement, not overhead "
                "(`--placements 4` measures each mode at four placements).", ""]
    pads = list(swept[0]["placement_mean"]["Original"])
    lines = ["## Code placement", "",
             "Each mode is its own executable, and the code ahead of the solver differs in "
             "every mode (PIE or not, the instrumented source, the layer's start-up and cold "
             "sections), so the solver's hot loops sit at another position within their "
             "64-byte line in every mode; where they sit moves a run by a few percent with "
             "the same instructions executed (the callgrind count below). Each mode is "
             "therefore built with a pad linked first that starts the code after it 0, 16, "
             "32 or 48 bytes past a 64-byte line, so that each mode's loops take each of the "
             "four 16-byte positions once; every round runs every placement, and the table "
             "above averages the placements. Oversubscribed rank counts run at the first "
             "placement only, so their column still carries a position effect of this size. "
             "The thesis's statistic at each placement (seconds):", "",
             "| ranks | mode | " + " | ".join(f"pad {o} B" for o in pads) +
             " | spread | mean |", "|---|---|" + "---|" * (len(pads) + 2)]
    for r in swept:
        for mode in SWEPT:
            cells = [r["placement_mean"][mode][o] for o in r["placement_mean"][mode]]
            lines.append(f"| {r['ranks']} | {mode} | " +
                         " | ".join(f"{c:.3f}" for c in cells) +
                         f" | {100 * (max(cells) / min(cells) - 1):.1f}% | "
                         f"{statistics.mean(cells):.3f} |")
    if hot_loops:
        names = {"plain": "Original", "nopie": "Original, no PIE", "none": "+Data",
                 "p2p": "+Point to point", "full": "+Collectives and +Checkpoint"}
        lines += ["", "Where `spmv_rows` (the matrix-vector product) starts within its 64-byte "
                  "line, per executable: " + "; ".join(
                      f"{label} " + "/".join(str(hot_loops.get(f"{name}.{o}", "?"))
                                            for o in pads)
                      for name, label in names.items()) + "."]
    return lines + [""]


def write_report(results, opts, path_md, path_json, prof=None, when=None, write_json=True,
                 hot_loops=None):
    when = when or datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = ["# The thesis's CG table, measured here", "", header(opts, when, path_json), ""]
    lines += mode_table(results)
    lines += ["", f"CG converged in {results[0]['iterations']} iterations; the checkpoint of "
              "+Checkpoint is taken at the potential point half-way.", "",
              "Reading it: ckptcc links position-dependent code (`-no-pie`), which alone "
              "makes this solver faster than the default PIE build: compare the instrumented "
              "modes with \"Original, no PIE\". Differences of 10-20% between runs of the "
              "same mode are this VM's (whole runs land in a fast or a slow mode); the "
              "middle-three mean softens but does not remove them.", ""]
    lines += placement_section(results, opts, hot_loops)
    lines += targets_section(results)
    lines += profile_section(prof)
    lines += [""] + thesis_table() + [""]
    with open(path_md, "w") as f:
        f.write("\n".join(lines))
    if opts.summary:
        write_summary(results, opts, when, path_md, path_json, opts.summary, prof, hot_loops)
    if not write_json:
        return
    os.makedirs(os.path.dirname(path_json), exist_ok=True)
    with open(path_json, "w") as f:
        json.dump({"when": when, "runs": opts.runs, "grid": opts.grid, "cflags": opts.cflags,
                   "placements": opts.placements, "pairs": opts.pairs, "hot_loops": hot_loops,
                   "results": results,
                   "profile": prof, "thesis": THESIS}, f, indent=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir")
    ap.add_argument("--ranks", default="1,2", help="comma-separated rank counts (4: oversubscribed)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--grid", type=int, default=300, help="grid side (300: 90000 unknowns)")
    ap.add_argument("--cflags", default="-O2",
                    help="compiler flags for every mode (e.g. add -falign-functions=64 "
                         "-falign-loops=64 to take code placement out of the comparison)")
    ap.add_argument("--placements", type=int, default=4, choices=(1, 4),
                    help="code placements per mode: 4 starts the program's code 0, 16, 32 and "
                         "48 bytes past a 64-byte line, the four positions a 16-byte-aligned "
                         "loop can take; 1 is the linker's own layout, no pad")
    ap.add_argument("--pairs", type=int, default=20,
                    help="back-to-back Original/+Collectives pairs per placement, for the "
                         "+Collectives target (an even number: each order as often; 0: "
                         "none; not when oversubscribed)")
    ap.add_argument("--profile", action="store_true",
                    help="also count instructions with callgrind (valgrind) at 1 rank")
    default_output = os.path.join(TOP, "docs", "performance-cg.md")
    ap.add_argument("--output", default=default_output)
    ap.add_argument("--json", default=os.path.join(TOP, "tests", "bench", "results", "cg.json"))
    ap.add_argument("--summary", default=None,
                    help="also put the table and the targets into their section of this file "
                         "(default: docs/performance.md when --output is the default; '' for "
                         "none)")
    ap.add_argument("--from-json", action="store_true",
                    help="only write the reports again from the --json file of an earlier run")
    opts = ap.parse_args()
    if opts.pairs % 2:
        ap.error("--pairs must be even: the two orders of a pair alternate")
    opts.placements = [i * LINE // opts.placements for i in range(opts.placements)]
    if opts.summary is None:
        same = os.path.abspath(opts.output) == default_output
        opts.summary = os.path.join(TOP, "docs", "performance.md") if same else ""
    if opts.from_json:
        saved = json.load(open(opts.json))
        for key in ("runs", "grid", "cflags"):
            setattr(opts, key, saved[key])
        opts.pairs = saved.get("pairs", 0)
        opts.placements = saved.get("placements", [0])
        write_report(saved["results"], opts, opts.output, opts.json, saved["profile"],
                     when=saved["when"], write_json=False, hot_loops=saved.get("hot_loops"))
        return
    work = tempfile.mkdtemp(prefix="aalc-cgbench-")
    try:
        exes = build(work, os.path.abspath(opts.build_dir), opts.cflags.split(),
                     opts.placements)
        results = []
        for ranks in [int(r) for r in opts.ranks.split(",")]:
            times, by_placement, refs, sizes, iterations = measure(exes, ranks, opts, work)
            pairs = (overhead_pairs(exes, ranks, opts, work)
                     if opts.pairs and not oversubscribed(ranks) else [])
            results.append({
                "ranks": ranks, "iterations": iterations, "times": times,
                "times_by_placement": by_placement,
                "placement_mean": {m: {o: thesis_mean(t) for o, t in per.items()}
                                   for m, per in by_placement.items()},
                "mean": {m: statistics.mean(thesis_mean(t) for t in per.values())
                         for m, per in by_placement.items()},
                "references": refs,
                "reference_mean": {k: thesis_mean(v) for k, v in refs.items()},
                "pairs": pairs, **sizes})
        prof = profile(exes, opts, work) if opts.profile else None
        write_report(results, opts, opts.output, opts.json, prof,
                     hot_loops=hot_loop_offsets(exes, opts.placements))
        print(open(opts.output).read())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
