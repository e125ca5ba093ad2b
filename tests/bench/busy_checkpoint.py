#!/usr/bin/env python3
"""What a checkpoint costs on a node whose cores all run a rank (issue 20).

Two programs, each at several state sizes, at as many ranks as the machine
has cores (2 here): the CG solver (samples/mpi/cg.c, grid sides --cg) and the
bucket sort (samples/mpi/bucket_sort.c, keys a rank --sort), whose ranks
exchange their whole key arrays every round. Each is run

  plain            mpicc's build
  no checkpoint    ckptcc's build, CKPT_INTERVAL=0
  and once per write mode (--modes), with a checkpoint every --every-th round
  of the sort and every 8 x --every-th CG iteration (CKPT_EVERY), so that
  every run takes the same checkpoints.

For every cell, --runs runs alternated with the others; the median counts.
Reported per cell:

  loss a checkpoint   what the program lost to each: the time its steps
                      (CG iterations, sort rounds; rank 0 times each, the
                      checkpoint at its top included) took beyond the run's
                      median step, less the same in the runs without
                      checkpoints, over the checkpoints taken. The whole
                      run's time drifts by more than a checkpoint costs on
                      this machine; (time with - time without) / checkpoints
                      is in the JSON file too (loss_by_total_s). Against
  copy                the mean time the program waited for the copy of its
                      state (CKPT_STATS copy_s), first and later separately
  peak memory         the largest rank's peak resident memory (wait4 of each
                      rank, through a small wrapper), against plain's
  image               the largest rank's image, against its peak memory

Then the failure-free cost of logged non-determinism: the Waitany farm
(samples/mpi/waitany_farm.c, 70,000 MPI_Waitany completions a rank by
default) plain, built with ckptcc without checkpoints, and with one every
--farm-interval seconds.

Every run's output is compared with plain's: a wrong answer stops the
benchmark. Writes tests/bench/results/busy_checkpoint.json and a section of
docs/performance.md. Not a CI test.

usage: busy_checkpoint.py BUILD_DIR [--runs 3] [--cg 600,1000] [--sort 1048576,3145728]
                          [--modes default,copy,through,sync] [--every 4]
                          [--farm-tasks 35000] [--farm-work 10000,75000] [--farm-interval 0.5]
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_sections import put_section  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# How each write mode is asked for.
MODES = {
    "default": {},
    "copy": {"CKPT_WRITE": "copy"},
    "through": {"CKPT_WRITE": "through"},
    "sync": {"CKPT_WRITE": "sync"},
    "copy-page-cache": {"CKPT_WRITE": "copy", "CKPT_DIRECT_IO": "0"},
    # Incremental images (a full one every 4th checkpoint): incremental_benchmark.py.
    "incremental": {"CKPT_INCREMENTAL": "4"},
    "through-incremental": {"CKPT_WRITE": "through", "CKPT_INCREMENTAL": "4"},
}

# Each rank's peak resident memory, written where RANK_RSS_DIR says.
RSS_WRAPPER = r"""
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], close_fds=False)  # MPICH passes PMI_FD
_, status, usage = os.wait4(child.pid, 0)
rank = os.environ.get("PMI_RANK") or os.environ.get("OMPI_COMM_WORLD_RANK") or "0"
with open(os.path.join(os.environ["RANK_RSS_DIR"], rank), "w") as f:
    f.write(str(usage.ru_maxrss * 1024))
sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else 0)
"""

PROGRAMS = {
    # name: (sample, timing variable, timing line)
    "cg": ("cg", "CG_TIMING", re.compile(r"cg: solve time ([0-9.]+) s")),
    "bucket_sort": ("bucket_sort", "BUCKET_TIMING", re.compile(r"bucket_sort: time ([0-9.]+) s")),
}
STEPS = re.compile(r": step times ms:([0-9. ]*)")


def excess_ms(steps):
    """The time the steps (iterations, rounds) took beyond the median step:
    what the checkpoints at their tops cost, and the run's other hiccups,
    which a run without checkpoints measures alike. Robust to the machine
    running the whole run faster or slower."""
    median = statistics.median(steps)
    return sum(max(0.0, t - median) for t in steps)


def caller_env():
    """The caller's environment without CKPT_* settings: "default" is the
    runtime's default, whatever the shell had set."""
    return {k: v for k, v in os.environ.items() if not k.startswith("CKPT_")}


def run(exe, args, ranks, env_extra, work, timing):
    """One run: (seconds the program reports, the steps' excess in ms, its
    output, the largest rank's peak resident memory in bytes, the CKPT_STATS
    lines)."""
    rss_dir = tempfile.mkdtemp(dir=work)
    stats = os.path.join(work, "stats.json")
    ckdir = os.path.join(work, "ckpt")
    shutil.rmtree(ckdir, ignore_errors=True)
    if os.path.exists(stats):
        os.unlink(stats)
    wrapper = os.path.join(work, "rank_rss.py")
    with open(wrapper, "w") as f:
        f.write(RSS_WRAPPER)
    env = dict(caller_env(), RANK_RSS_DIR=rss_dir, CKPT_DIR=ckdir, CKPT_STATS=stats,
               **{timing[0]: "2"}, **env_extra)
    cmd = ["mpiexec", "-n", str(ranks), sys.executable, wrapper, exe] + args
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    m = timing[1].search(p.stderr)
    steps = STEPS.search(p.stderr)
    if not m or not steps:
        sys.exit(f"{' '.join(cmd)}: no timing lines in:\n{p.stderr[-2000:]}")
    excess = excess_ms([float(t) for t in steps.group(1).split()])
    rss = max(int(open(os.path.join(rss_dir, r)).read()) for r in os.listdir(rss_dir))
    shutil.rmtree(rss_dir)
    lines = [json.loads(l) for l in open(stats)] if os.path.exists(stats) else []
    return float(m.group(1)), excess, p.stdout, rss, lines


def summarize_stats(lines):
    """Checkpoints taken, mean first and later copy seconds (slowest rank),
    largest image, mean image (the bytes a rank writes a checkpoint)."""
    per = {}
    for d in lines:
        if d["event"] == "checkpoint":
            per.setdefault(d["checkpoint"], []).append(d)
    if not per:
        return 0, None, None, 0, 0
    numbers = sorted(per)
    copy = {n: max(d["copy_s"] for d in per[n]) for n in numbers}
    later = [copy[n] for n in numbers[1:]]
    image = max(d["image_bytes"] for n in numbers for d in per[n])
    mean_image = statistics.mean(d["image_bytes"] for n in numbers for d in per[n])
    return (len(numbers), copy[numbers[0]], statistics.mean(later) if later else None, image,
            mean_image)


def measure(build, program, size, opts, work):
    sample, timing_var, timing_re = PROGRAMS[program]
    mpi = os.path.join(build, "samples", "mpi")
    args = [str(size), str(opts.rounds[program])]
    timing = (timing_var, timing_re)
    cells = {"plain": [], "no checkpoint": []}
    cells.update({m: [] for m in opts.modes})
    reference = None
    for _ in range(opts.runs):
        for cell in cells:
            if cell == "plain":
                exe, env = os.path.join(mpi, sample + ".plain"), {}
            elif cell == "no checkpoint":
                exe, env = os.path.join(mpi, sample), {"CKPT_INTERVAL": "0"}
            else:
                exe = os.path.join(mpi, sample)
                env = dict(MODES[cell], CKPT_INTERVAL="0", CKPT_EVERY=str(opts.every))
            seconds, excess, out, rss, lines = run(exe, args, opts.ranks, env, work, timing)
            if reference is None:
                reference = out
            elif out != reference:
                sys.exit(f"{program} {size} {cell}: output differs from plain's")
            cells[cell].append((seconds, excess, rss, summarize_stats(lines)))
            print(f"  {program} {size} {cell}: {seconds:.3f} s, excess {excess:.0f} ms, "
                  f"peak {rss / 2**20:.0f} MiB", flush=True)
    result = {}
    base = statistics.median(s for s, _, _, _ in cells["no checkpoint"])
    base_excess = statistics.median(e for _, e, _, _ in cells["no checkpoint"])
    plain_rss = statistics.median(r for _, _, r, _ in cells["plain"])
    for cell, runs in cells.items():
        seconds = statistics.median(s for s, _, _, _ in runs)
        excess = statistics.median(e for _, e, _, _ in runs)
        rss = statistics.median(r for _, _, r, _ in runs)
        entry = {"seconds": seconds, "excess_ms": excess, "peak_bytes": rss,
                 "peak_vs_plain": rss / plain_rss}
        stats = [st for _, _, _, st in runs]
        if stats[0][0]:
            n = statistics.median(st[0] for st in stats)
            later = [st[2] for st in stats if st[2] is not None]
            entry.update(checkpoints=n,
                         loss_s=(excess - base_excess) / 1000 / n,
                         loss_by_total_s=(seconds - base) / n,
                         first_copy_s=statistics.median(st[1] for st in stats),
                         later_copy_s=statistics.median(later) if later else 0.0,
                         image_bytes=max(st[3] for st in stats),
                         mean_image_bytes=statistics.median(st[4] for st in stats))
        result[cell] = entry
    return result


def farm_overhead(build, opts, task_work, work):
    """The Waitany farm's failure-free cost at `task_work` steps a task:
    plain against ckptcc's build without checkpoints and with one every
    --farm-interval seconds, --runs alternated runs of each, medians
    (seconds, and the checkpoint count)."""
    mpi = os.path.join(build, "samples", "mpi")
    args = [str(opts.farm_tasks), str(task_work)]
    timing = re.compile(r"waitany_farm: time ([0-9.]+) s")
    cells = {"plain": [], "no checkpoint": [], "checkpoints": []}
    reference = None
    for _ in range(opts.runs):
        for cell in cells:
            exe = os.path.join(mpi, "waitany_farm" + (".plain" if cell == "plain" else ""))
            interval = opts.farm_interval if cell == "checkpoints" else "0"
            env = dict(caller_env(), FARM_TIMING="1", CKPT_INTERVAL=interval,
                       CKPT_DIR=os.path.join(work, "farm"), CKPT_STATS=os.path.join(work, "f.json"))
            shutil.rmtree(env["CKPT_DIR"], ignore_errors=True)
            if os.path.exists(env["CKPT_STATS"]):
                os.unlink(env["CKPT_STATS"])
            p = subprocess.run(["mpiexec", "-n", str(opts.ranks), exe] + args, env=env,
                               capture_output=True, text=True, timeout=600)
            m = timing.search(p.stderr)
            if p.returncode != 0 or not m:
                sys.exit(f"waitany_farm ({cell}) failed:\n{p.stderr[-2000:]}")
            if reference is None:
                reference = p.stdout
            elif p.stdout != reference:
                sys.exit(f"waitany_farm ({cell}): output differs from plain's")
            count = 0
            if os.path.exists(env["CKPT_STATS"]):
                count = len({json.loads(l)["checkpoint"] for l in open(env["CKPT_STATS"])
                             if '"event":"checkpoint"' in l})
            cells[cell].append((float(m.group(1)), count))
            print(f"  waitany_farm {task_work} {cell}: {cells[cell][-1][0]:.3f} s, "
                  f"{count} checkpoints", flush=True)
    plain = statistics.median(t for t, _ in cells["plain"])
    return {cell: {"seconds": statistics.median(t for t, _ in runs),
                   "vs_plain": statistics.median(t for t, _ in runs) / plain,
                   "checkpoints": statistics.median(c for _, c in runs)}
            for cell, runs in cells.items()}


def report(results, opts):
    lines = [
        "## A checkpoint on a busy node (issue 20)",
        "",
        f"`tests/bench/busy_checkpoint.py`: {opts.ranks} ranks on {os.cpu_count()} cores, "
        f"CKPT_EVERY={opts.every} for the sort (a checkpoint every {opts.every} rounds) and "
        f"{8 * opts.every} for the CG solver, median of {opts.runs} alternated runs. "
        "Loss a checkpoint: the time the program's steps (iterations, rounds) took beyond the "
        "run's median step, less the same without checkpoints, over the checkpoints; copy: what "
        "the program waited for at the checkpoint itself (`copy_s`: the copy, or written through "
        "the write into the page cache; first checkpoint, then the mean of the later ones); "
        "peak: the largest rank's peak resident memory against plain's.",
        "",
        "| program | size | mode | time | checkpoints | loss a checkpoint | copy first / later "
        "| peak vs plain | image |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for key, cells in results.items():
        if ":" not in key:
            continue
        program, size = key.split(":")
        for cell, e in cells.items():
            if "checkpoints" in e:
                lines.append(
                    f"| {program} | {size} | {cell} | {e['seconds']:.3f} s | {e['checkpoints']:g} "
                    f"| {e['loss_s'] * 1000:.1f} ms | {e['first_copy_s'] * 1000:.1f} / "
                    f"{e['later_copy_s'] * 1000:.1f} ms | {e['peak_vs_plain']:.2f}x "
                    f"| {e['image_bytes'] / 2**20:.1f} MiB |")
            else:
                lines.append(f"| {program} | {size} | {cell} | {e['seconds']:.3f} s | | | "
                             f"| {e['peak_vs_plain']:.2f}x | |")
    farms = {k: v for k, v in results.items() if k.startswith("waitany_farm")}
    if farms:
        lines += [
            "",
            f"The Waitany farm (`samples/mpi/waitany_farm.c`, {opts.farm_tasks} tasks a rank: "
            f"{2 * opts.farm_tasks} `MPI_Waitany` completions a rank), failure-free, median of "
            f"{opts.runs} alternated runs; checkpoints: `CKPT_INTERVAL={opts.farm_interval}`:",
            "",
            "| work a task | build | time | against plain | checkpoints |",
            "|---|---|---|---|---|",
        ]
        for key, farm in farms.items():
            for cell, e in farm.items():
                lines.append(f"| {key.split(' ')[1]} | {cell} | {e['seconds']:.3f} s "
                             f"| {e['vs_plain']:.2f}x | {e['checkpoints']:g} |")
    return "\n".join(lines) + "\n"


def add_program_arguments(ap, sorts):
    """The arguments of measure_programs (incremental_benchmark.py's too)."""
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ranks", type=int, default=os.cpu_count())
    ap.add_argument("--cg", default="600,1000", help="grid sides")
    ap.add_argument("--cg-iterations", type=int, default=300)
    ap.add_argument("--sort", default=sorts, help="keys a rank")
    ap.add_argument("--sort-rounds", type=int, default=40)


def measure_programs(opts, work):
    """measure() of every program and size opts names, the CG solver with a
    checkpoint 8 times less often: results by "program:size"."""
    opts.rounds = {"cg": opts.cg_iterations, "bucket_sort": opts.sort_rounds}
    results = {}
    for program, sizes in (("cg", opts.cg), ("bucket_sort", opts.sort)):
        for size in [int(s) for s in sizes.split(",") if s]:
            o = argparse.Namespace(**vars(opts))
            o.every = opts.every * (8 if program == "cg" else 1)
            results[f"{program}:{size}"] = measure(opts.build_dir, program, size, o, work)
    return results


def main():
    ap = argparse.ArgumentParser()
    add_program_arguments(ap, "1048576,3145728")
    ap.add_argument("--modes", default="default,copy,through,sync")
    ap.add_argument("--every", type=int, default=4,
                    help="CKPT_EVERY for the bucket sort; the CG solver's is 8 times this")
    ap.add_argument("--farm-tasks", type=int, default=35000, help="0: no Waitany farm")
    ap.add_argument("--farm-work", default="10000,75000",
                    help="steps a task: 10000 is about 18 us here, 75000 about 135 us")
    ap.add_argument("--farm-interval", default="0.5", help="CKPT_INTERVAL of its checkpointed runs")
    ap.add_argument("--json", default=os.path.join(TOP, "tests", "bench", "results",
                                                   "busy_checkpoint.json"))
    ap.add_argument("--output", default=os.path.join(TOP, "docs", "performance.md"))
    opts = ap.parse_args()
    opts.modes = opts.modes.split(",")
    for m in opts.modes:
        if m not in MODES:
            sys.exit(f"unknown mode {m}: one of {', '.join(MODES)}")
    work = tempfile.mkdtemp(prefix="aalc-busy-")
    try:
        results = measure_programs(opts, work)
        for task_work in [int(w) for w in opts.farm_work.split(",") if w] if opts.farm_tasks else []:
            results[f"waitany_farm {task_work}"] = farm_overhead(opts.build_dir, opts, task_work,
                                                                 work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.dirname(opts.json), exist_ok=True)
    with open(opts.json, "w") as f:
        json.dump({"ranks": opts.ranks, "cores": os.cpu_count(), "every": opts.every,
                   "runs": opts.runs, "results": results}, f, indent=1)
    text = report(results, opts)
    put_section(opts.output, "busy_checkpoint", text)
    print(text)


if __name__ == "__main__":
    main()
