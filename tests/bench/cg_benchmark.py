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
each of the four 16-byte positions once, and every round runs each
placement: a cell is the thesis's statistic at each placement, averaged over
the placements (Mytkowicz et al., "Producing wrong data without doing
anything obviously wrong!", ASPLOS 2009: vary the layout rather than trust
one). Oversubscribed rank counts, whose runs take 30 times longer, run at the
first placement only. Restore and the references are timed at the first
placement. The +Collectives target is also judged on back-to-back pairs of
Original and +Collectives runs (--pairs per placement).

Writes docs/performance-cg.md, its section of docs/performance.md and
tests/bench/results/cg.json (--output, --json, --summary) through
cg_report.py. Not a CI test.

usage: cg_benchmark.py BUILD_DIR [--ranks 1,2] [--runs 5] [--grid 300] [--cflags FLAGS]
                       [--placements 4] [--pairs 20] [--profile] [--from-json]
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cg_report import MODES, SWEPT, thesis_mean, write_report  # noqa: E402

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
LINE = 64  # bytes: a pad moves the program's code to a 16-byte position within such a line


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


def directory_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    return total


def oversubscribed(ranks):
    """More ranks than cores: MPICH's busy-polling ranks take turns."""
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
            checkpoint_data_bytes = run.data_bytes
            zdir = ckdir + "-zstd"
            solve, _, out = run(exes["full", pad_bytes], ranks, opts.grid,
                                dict(env, CKPT_DIR=zdir, CKPT_COMPRESS="zstd"), work)
            check(out, "+Checkpoint, zstd")
            by_placement["+Checkpoint, zstd"][pad_bytes].append(solve)
            zimages = stats_lines(stats, "checkpoint")
            if pad_bytes == first:
                # The sizes, the references and the Restore (the Restart
                # below too): at the first placement.
                data_bytes, size, zsize = (checkpoint_data_bytes, directory_bytes(ckdir),
                                           directory_bytes(zdir))
                refs["runtime_copy_s"].append(max(i["copy_s"] for i in images))
                refs["write_s"].append(max(i["write_s"] for i in images))
                refs["plain_write_s"].append(max(i["seal_s"] + i["write_s"] for i in images))
                refs["zstd_write_s"].append(max(i["seal_s"] + i["write_s"] for i in zimages))
                copy = subprocess.run([exes["memcopy"], str(largest_image(ckdir))], check=True,
                                      capture_output=True, text=True).stdout.split()
                refs["copy_fresh_s"].append(float(copy[1]))
                refs["copy_warm_s"].append(float(copy[3]))
                _, wall, out = run(exes["full", first], ranks, opts.grid, {"CKPT_DIR": ckdir},
                                   work, recover=True)
                check(out, "Restore")
                by_placement["Restore"][first].append(wall)
            shutil.rmtree(zdir, ignore_errors=True)
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
    opts.restart_repeats = RESTART_REPEATS
    if opts.summary is None:
        same = os.path.abspath(opts.output) == default_output
        opts.summary = os.path.join(TOP, "docs", "performance.md") if same else ""
    if opts.from_json:
        saved = json.load(open(opts.json))
        for key in ("runs", "grid", "cflags"):
            setattr(opts, key, saved[key])
        opts.pairs = saved.get("pairs", 0)
        opts.restart_repeats = saved.get("restart_repeats", RESTART_REPEATS)
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
                "pairs": pairs, "oversubscribed": oversubscribed(ranks), **sizes})
        prof = profile(exes, opts, work) if opts.profile else None
        write_report(results, opts, opts.output, opts.json, prof,
                     hot_loops=hot_loop_offsets(exes, opts.placements))
        print(open(opts.output).read())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
