#!/usr/bin/env python3
"""Checkpoint levels (issue 24, docs/levels.md): what a checkpoint costs the
program and how long it takes to commit, with and without the node-local
level, and a model of checkpoint time against rank count for each level.

1. The CG solver (samples/mpi/cg.c, --grid 900: 810,000 unknowns, about
   39 MB of data a rank; --maxit iterations, a checkpoint every --every-th,
   CKPT_EVERY) at 2 ranks, in four configurations, --repeats times each, the
   order rotated every repeat:

     plain     the plain mpicc build (cg.plain), for the run time ratio
     direct    CKPT_DIR only: every rank writes its image to CKPT_DIR
     local     CKPT_LOCAL_DIR, two simulated nodes a and b (Hydra's MPMD
               form, CKPT_DEBUG_NODE), CKPT_PARTNER=0, CKPT_FLUSH_EVERY=1:
               a checkpoint commits in the local level, a thread copies it to
               CKPT_DIR
     partner   the same with CKPT_PARTNER=1: a checkpoint commits once each
               rank's image is also stored on the other node

   From CKPT_STATS: the stall (copy_s, the time the program stood still for
   the copy) and the commit time (the rank's `settled` line's `at` minus its
   image's `began_at`, matched by checkpoint number and rank); from rank 0's
   step times (CG_TIMING=2): the time the program lost a checkpoint (the
   steps' excess over the run's median step, less plain's, over the
   checkpoints), which also counts what the stats do not (receiving the
   partner copy, and the writing threads' CPU); the wall time against plain's. While a run with the
   local level runs, a thread of this script watches CKPT_DIR for each
   checkpoint's COMMITTED marker (every 10 ms): when a flush committed. Every
   run's output is compared with plain's, and anything unusual on stderr
   (CKPT_VERBOSE=1: a checkpoint abandoned, a flush failed) is reported.
2. This machine's figures for the model: the write bandwidth of the disk
   under /tmp (a file of --disk-mib MiB written and fsynced, by one writer
   and by two at once), and MPI point-to-point bandwidth between two ranks
   (tests/bench/pingpong.c, plain mpicc, 4 MiB and 32 MiB).
3. The model (docs/performance.md, section "Checkpoint levels"), with
   assumed figures for a typical cluster and with this machine's.

CKPT_DIR and CKPT_LOCAL_DIR are temporary directories under /tmp (--tmp):
on this machine the same disk, so the local level is not faster hardware
here, only a different protocol.

Writes tests/bench/results/levels.json and its section of
docs/performance.md (report_sections.py; the other scripts keep it). Not a
CI test. Standard library only.

usage: levels_benchmark.py BUILD_DIR [--repeats 3] [--grid 900] [--maxit 300] [--every 40]
                           [--disk-mib 256] [--tmp /tmp] [--from-json]
"""
import argparse
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tests", "bench"))
sys.path.insert(0, os.path.join(TOP, "tests"))
from checks import clean_env  # noqa: E402
from report_sections import put_section  # noqa: E402

CONFIGS = ["plain", "direct", "local", "partner"]
LABELS = {"plain": "plain mpicc build",
          "direct": "CKPT_DIR only",
          "local": "local level, CKPT_PARTNER=0",
          "partner": "local level, CKPT_PARTNER=1"}
SOLVE = re.compile(r"cg: solve time ([0-9.]+) s")
STEPS = re.compile(r"cg: step times ms: ([0-9. ]+)")
DATA = re.compile(r"cg: rank \d+ data (\d+) bytes")
# stderr lines of a normal run (CKPT_VERBOSE=1); anything else is reported
USUAL = ("cg: ", " image written in ", " committed in ", " flushed to ",
         "the run ended normally", "not taken: the program ended first", "protocol counters")
GIB = 1 << 30
# The model's assumptions for a typical cluster (said so in the report).
TYPICAL = {"p": 64, "S": GIB, "B_local": 2e9, "B_net": 12.5e9, "B_fs": 100e9}
RANKS = [1000, 10000, 100000]
INTERVAL = 300.0  # s, CKPT_INTERVAL's default: the spacing the flush must keep up with


def mpiexec():
    return shutil.which("mpiexec.mpich") or "mpiexec"


def git_rev():
    try:
        return subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


# ---- 1. the runs ----

class FlushWatch(threading.Thread):
    """Notes when each CKPT_DIR/ckpt-N/COMMITTED first appears (monotonic
    seconds, the clock of CKPT_STATS), polling every 10 ms."""

    def __init__(self, ckdir):
        super().__init__(daemon=True)
        self.ckdir, self.seen, self.stop = ckdir, {}, threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                names = os.listdir(self.ckdir)
            except OSError:
                names = []
            now = time.monotonic()
            for name in names:
                m = re.fullmatch(r"ckpt-(\d+)", name)
                if m and int(m.group(1)) not in self.seen and \
                        os.path.exists(os.path.join(self.ckdir, name, "COMMITTED")):
                    self.seen[int(m.group(1))] = now
            self.stop.wait(0.01)


def run_config(config, exes, opts, work, reference):
    """One run of `config`: its record (times, stats lines, flushes seen,
    unusual stderr)."""
    args = [str(opts.grid), str(opts.maxit)]
    ckdir, local = os.path.join(work, "ckpt"), os.path.join(work, "local")
    stats = os.path.join(work, "stats.jsonl")
    shutil.rmtree(ckdir, ignore_errors=True)
    shutil.rmtree(local, ignore_errors=True)
    if os.path.exists(stats):
        os.unlink(stats)
    env = clean_env(CG_TIMING=2)
    if config == "plain":
        cmd = [mpiexec(), "-n", "2", exes["plain"], *args]
    else:
        env.update(CKPT_DIR=ckdir, CKPT_EVERY=str(opts.every), CKPT_STATS=stats,
                   CKPT_VERBOSE="1")
        if config == "direct":
            cmd = [mpiexec(), "-n", "2", exes["aalc"], *args]
        else:
            env.update(CKPT_LOCAL_DIR=local, CKPT_FLUSH_EVERY="1",
                       CKPT_PARTNER="1" if config == "partner" else "0")
            cmd = [mpiexec(), "-n", "1", "-env", "CKPT_DEBUG_NODE", "a", exes["aalc"], *args,
                   ":", "-n", "1", "-env", "CKPT_DEBUG_NODE", "b", exes["aalc"], *args]
    watch = FlushWatch(ckdir) if config in ("local", "partner") else None
    if watch:
        watch.start()
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=work, timeout=600)
    wall = time.monotonic() - start
    if watch:
        watch.stop.set()
        watch.join()
    if p.returncode:
        sys.exit(f"error: {config}: {' '.join(cmd)}: exit status {p.returncode}\n{p.stderr}")
    if reference is not None and p.stdout != reference:
        sys.exit(f"error: {config} printed another result than the plain build")
    solve, steps = SOLVE.search(p.stderr), STEPS.search(p.stderr)
    if not solve or not steps:
        sys.exit(f"error: {config}: no solve or step times on stderr:\n{p.stderr}")
    lines = []
    if os.path.exists(stats):
        with open(stats) as f:
            lines = [json.loads(line) for line in f if line.strip()]
    step_ms = [float(t) for t in steps.group(1).split()]
    median = statistics.median(step_ms)
    return {"config": config, "wall_s": wall, "solve_s": float(solve.group(1)),
            "step_excess_ms": sum(max(0.0, t - median) for t in step_ms),
            "median_step_ms": median,
            "data_bytes": max(int(b) for b in DATA.findall(p.stderr)),
            "images": [x for x in lines if x["event"] == "checkpoint"],
            "settled": [x for x in lines if x["event"] == "settled"],
            "flush_committed_at": watch.seen if watch else {},
            "flushed_said": len(re.findall(r" flushed to ", p.stderr)),
            "unusual_stderr": [line for line in p.stderr.splitlines()
                               if line.strip() and not any(u in line for u in USUAL)],
            "stdout": p.stdout}


def measure_runs(exes, opts, work):
    runs = []
    reference = None
    for rep in range(opts.repeats):
        order = CONFIGS[rep % len(CONFIGS):] + CONFIGS[:rep % len(CONFIGS)]
        if reference is None:  # plain first, once, for the output to compare with
            order = ["plain"] + [c for c in order if c != "plain"]
        for config in order:
            r = run_config(config, exes, opts, work, reference)
            if config == "plain" and reference is None:
                reference = r["stdout"]
            del r["stdout"]
            r["repeat"] = rep
            runs.append(r)
            print(f"levels_benchmark: repeat {rep + 1}/{opts.repeats}: {config}: wall "
                  f"{r['wall_s']:.2f} s, solve {r['solve_s']:.2f} s, "
                  f"{len(r['images'])} images, "
                  f"{sum(1 for s in r['settled'] if s['committed'])} settled committed, "
                  f"{len(r['flush_committed_at'])} flushes seen" +
                  (f", unusual stderr: {r['unusual_stderr']}" if r["unusual_stderr"] else ""),
                  flush=True)
    return runs


# ---- 2. this machine's figures ----

def disk_bandwidth(where, mib, writers):
    """Bytes per second of `writers` threads at once writing mib MiB in all
    (8 MiB writes) to files under `where`, each fsynced: (to the page cache,
    whole with the fsync)."""
    chunk = os.urandom(8 << 20)
    per = max(1, mib // 8 // writers)
    paths = [os.path.join(where, f"disk-{i}") for i in range(writers)]
    written = [0.0] * writers

    def write(i):
        fd = os.open(paths[i], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        t0 = time.monotonic()
        for _ in range(per):
            os.write(fd, chunk)
        written[i] = time.monotonic() - t0
        os.fsync(fd)
        os.close(fd)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    whole = time.monotonic() - start
    for path in paths:
        os.unlink(path)
    total = per * writers * len(chunk)
    return total / max(written), total / whole


def mpi_bandwidth(work):
    """One-way MPI bandwidth (bytes/s) between two ranks of this machine,
    plain mpicc: {size: bytes/s}, the median of three runs."""
    exe = os.path.join(work, "pingpong")
    subprocess.run(["mpicc", "-O2", "-o", exe, os.path.join(TOP, "tests", "bench", "pingpong.c")],
                   check=True)
    found = {}
    for _ in range(3):
        out = subprocess.run([mpiexec(), "-n", "2", exe, "--sizes", "4M,32M", "--blocks", "5",
                              "--scale", "0.25"], check=True, capture_output=True, text=True,
                             env=clean_env(), cwd=work).stdout
        for m in re.finditer(r"size=(\d+) .* bw_mbs=([0-9.]+)", out):
            found.setdefault(int(m.group(1)), []).append(float(m.group(2)) * 1e6)
    return {size: statistics.median(v) for size, v in found.items()}


def measure_machine(work, opts):
    where = tempfile.mkdtemp(prefix="disk-", dir=opts.tmp)
    one, two = [], []
    try:
        for _ in range(3):  # alternated
            one.append(disk_bandwidth(where, opts.disk_mib, 1))
            two.append(disk_bandwidth(where, opts.disk_mib, 2))
    finally:
        shutil.rmtree(where, ignore_errors=True)
    net = mpi_bandwidth(work)
    return {"disk_mib": opts.disk_mib,
            "disk_one_writer_Bps": statistics.median(w for _, w in one),
            "disk_one_writer_cache_Bps": statistics.median(c for c, _ in one),
            "disk_two_writers_Bps": statistics.median(w for _, w in two),
            "disk_runs": {"one": one, "two": two},
            "mpi_Bps": {str(k): v for k, v in net.items()}}


# ---- analysis ----

def analyse(runs):
    plain = [r for r in runs if r["config"] == "plain"]
    plain_wall = statistics.median(r["wall_s"] for r in plain)
    plain_solve = statistics.median(r["solve_s"] for r in plain)
    plain_excess = statistics.median(r["step_excess_ms"] for r in plain)
    out = {}
    for config in CONFIGS[1:]:
        mine = [r for r in runs if r["config"] == config]
        stalls, commits, uncommitted, counts, losses, spacing = [], [], 0, [], [], []
        flush_after, flush_counts, writes = [], [], []
        for r in mine:
            settled = {(s["checkpoint"], s["rank"]): s for s in r["settled"]}
            committed = set()
            for im in r["images"]:
                stalls.append(im["copy_s"])
                writes.append(im["bytes"] / (im["copy_s"] + im["seal_s"] + im["write_s"]))
                s = settled.get((im["checkpoint"], im["rank"]))
                if s and s["committed"]:
                    commits.append(s["at"] - im["began_at"])
                    committed.add(im["checkpoint"])
                else:
                    uncommitted += 1
            counts.append(len(committed))
            if committed:
                losses.append((r["step_excess_ms"] - plain_excess) / len(committed) / 1000)
            began = sorted({min(im["began_at"] for im in r["images"] if im["checkpoint"] == n)
                            for n in committed})
            spacing += [b - a for a, b in zip(began, began[1:])]
            if config != "direct":
                seen = {int(n): t for n, t in r["flush_committed_at"].items()}
                for n, t in seen.items():
                    at = [s["at"] for s in r["settled"] if s["checkpoint"] == n and s["committed"]]
                    if at:
                        flush_after.append(t - max(at))
                flush_counts.append((len(seen), len(committed)))
        out[config] = {
            "runs": len(mine),
            "checkpoints_a_run": statistics.median(counts),
            "checkpoint_spacing_s": statistics.median(spacing) if spacing else None,
            "images": len(stalls), "uncommitted_images": uncommitted,
            "stall_s": statistics.median(stalls), "stall_max_s": max(stalls),
            "commit_s": statistics.median(commits) if commits else None,
            "commit_max_s": max(commits) if commits else None,
            "image_write_Bps": statistics.median(writes),
            "image_bytes": statistics.median(im["bytes"] for r in mine for im in r["images"]),
            "loss_a_checkpoint_s": statistics.median(losses) if losses else None,
            "wall_ratio": statistics.median(r["wall_s"] for r in mine) / plain_wall,
            "solve_ratio": statistics.median(r["solve_s"] for r in mine) / plain_solve,
            "flush_after_commit_s": statistics.median(flush_after) if flush_after else None,
            "flush_after_commit_max_s": max(flush_after) if flush_after else None,
            "flushes_seen": sum(f for f, _ in flush_counts),
            "commits": sum(c for _, c in flush_counts),
            "flushed_said": sum(r["flushed_said"] for r in mine),
            "unusual_stderr": sorted({line for r in mine for line in r["unusual_stderr"]}),
        }
    out["plain"] = {"wall_s": plain_wall, "solve_s": plain_solve,
                    "median_step_ms": statistics.median(r["median_step_ms"] for r in plain)}
    return out


# ---- 3. the model ----

def model(N, p, S, B_local, B_net, B_fs):
    """Seconds per checkpoint of S bytes a rank, N ranks, p a node."""
    local = p * S / B_local
    partner = local + p * S / B_net + p * S / B_local
    fs = max(N * S / B_fs, p * S / B_net)  # the file system, or the node's link if slower
    return {"local": local, "partner": partner, "direct": fs, "flush": fs,
            "flush_every": max(1, math.ceil(fs / INTERVAL))}


def seconds(t):
    if t >= 3600:
        return f"{t / 3600:.1f} h"
    if t >= 60:
        return f"{t / 60:.1f} min"
    return f"{t:.1f} s" if t >= 1 else f"{t * 1000:.0f} ms"


def model_table(fig):
    lines = ["| ranks N | nodes | local level | with partner copy | CKPT_DIR directly | "
             f"flush (background) | smallest CKPT_FLUSH_EVERY at a {INTERVAL:.0f} s interval |",
             "|---|---|---|---|---|---|---|"]
    for N in RANKS:
        m = model(N, **fig)
        lines.append(f"| {N:,} | {math.ceil(N / fig['p']):,} | {seconds(m['local'])} | "
                     f"{seconds(m['partner'])} | {seconds(m['direct'])} | {seconds(m['flush'])} | "
                     f"{m['flush_every']} |")
    return lines


def pingpong_table_bandwidth():
    """The plain build's 4 MiB bandwidth in tests/bench/results/pingpong.json
    (bytes/s), the ping-pong table of docs/performance.md; None without it."""
    try:
        rows = json.load(open(os.path.join(TOP, "tests", "bench", "results", "pingpong.json")))
        return next(r["plain_bw_mbs"] * 1e6 for r in rows["pingpong"] if r["size"] == 4 << 20)
    except (OSError, ValueError, KeyError, StopIteration):
        return None


def gbs(b):
    return f"{b / 1e9:.2f} GB/s"


def report(saved):
    a, mach, meta = saved["analysis"], saved["machine"], saved["meta"]
    S_run = a["direct"]["image_bytes"]
    B_disk = mach["disk_two_writers_Bps"]
    B_net = mach["mpi_Bps"][str(32 << 20)]
    here = {"p": TYPICAL["p"], "S": TYPICAL["S"], "B_local": B_disk, "B_net": B_net,
            "B_fs": B_disk}
    lines = [
        "## Checkpoint levels: stall, commit and a model at scale (issue 24)", "",
        "With `CKPT_LOCAL_DIR` every rank writes its image to node-local storage and a "
        "checkpoint commits there (after a copy on another node with `CKPT_PARTNER=1`); a "
        "thread copies committed checkpoints to `CKPT_DIR` (docs/levels.md). This section "
        "measures what that costs on this machine and models what it saves at scale.", "",
        f"- Machine: {meta['machine']}; load average (1 min) before the runs: "
        f"{meta['load_before']:.2f}, after: {meta['load_after']:.2f} (shared with other jobs). "
        f"Source `{meta['rev']}`, {meta['date']}.",
        f"- Method: `samples/mpi/cg` {meta['grid']} {meta['maxit']} (the CG solver, "
        f"{meta['grid'] ** 2:,} unknowns, {meta['maxit']} iterations) at 2 ranks, "
        f"{a['direct']['image_bytes'] / 1e6:.0f} MB image a rank, `CKPT_EVERY={meta['every']}`; "
        f"{meta['repeats']} runs of each configuration, the order rotated every repeat; "
        "medians over all images of all runs. `CKPT_DIR` and `CKPT_LOCAL_DIR` are temporary "
        "directories under /tmp: **on this machine both are the same disk** (ext4 on a "
        "virtual disk), and the two simulated nodes (`CKPT_DEBUG_NODE` a and b, Hydra's MPMD "
        "form) share it and memory, so the partner copy travels through shared memory.",
        "- Stall: `copy_s` of `CKPT_STATS`, the time the program stood still for the copy "
        "(written through, the default: the write into the page cache). Commit: the rank's "
        "`settled` time minus its image's `began_at`. Lost a checkpoint: rank 0's iteration "
        "times (`CG_TIMING=2`) beyond the run's median iteration, less the plain runs' "
        "excess, over the checkpoints: it counts what the stall does not, such as receiving "
        "the partner copy and the CPU the writing threads take from the ranks. Flushed: when `CKPT_DIR/ckpt-N/COMMITTED` "
        "appeared (polled every 10 ms) minus the local commit.",
        f"- Regenerate: `python3 tests/bench/levels_benchmark.py build --repeats "
        f"{meta['repeats']}` (about {meta['minutes']:.1f} minutes here; writes this section "
        "and `tests/bench/results/levels.json`).", "",
        "| configuration | checkpoints a run | stall (copy) | commit | lost a checkpoint | "
        "flushed after commit | run time / plain | solve time / plain |",
        "|---|---|---|---|---|---|---|---|"]
    for config in CONFIGS[1:]:
        c = a[config]
        flushed = ("-" if config == "direct" else
                   f"{seconds(c['flush_after_commit_s'])} ({c['flushes_seen']} of "
                   f"{c['commits']} flushed)" if c["flush_after_commit_s"] is not None
                   else f"none seen (of {c['commits']})")
        lines.append(
            f"| {LABELS[config]} | {c['checkpoints_a_run']:g} | {seconds(c['stall_s'])} | "
            f"{seconds(c['commit_s']) if c['commit_s'] is not None else 'never'} | "
            f"{seconds(c['loss_a_checkpoint_s']) if c['loss_a_checkpoint_s'] is not None else '-'}"
            f" | {flushed} | {c['wall_ratio']:.2f} | {c['solve_ratio']:.2f} |")
    d, lo, pa = a["direct"], a["local"], a["partner"]
    problems = [f"{LABELS[c]}: {a[c]['uncommitted_images']} images never committed"
                for c in CONFIGS[1:] if a[c]["uncommitted_images"]]
    problems += [f"{LABELS[c]}: stderr `{line}`" for c in CONFIGS[1:]
                 for line in a[c]["unusual_stderr"][:3]]
    problems += [f"{LABELS[c]}: {a[c]['flushed_said']} flushes said committed on stderr, "
                 f"{a[c]['flushes_seen']} seen in CKPT_DIR" for c in ("local", "partner")
                 if a[c]["flushed_said"] != a[c]["flushes_seen"]]
    lines += [
        "",
        f"Plain runs: {a['plain']['wall_s']:.2f} s wall, an iteration "
        f"{a['plain']['median_step_ms']:.1f} ms (median). Checkpoints came every "
        f"{d['checkpoint_spacing_s']:.2f} s (CKPT_DIR only), {lo['checkpoint_spacing_s']:.2f} s "
        f"(local) and {pa['checkpoint_spacing_s']:.2f} s (partner): `CKPT_EVERY` asks for one "
        "every so many iterations but not while one is in progress, so a slower commit means "
        "fewer checkpoints in the same run. That is a checkpoint every second or so, far "
        "more often than a real interval: the run time ratios are for that rate (and on 2 "
        "cores that both run a rank, the writeback and the flush thread take their CPU from "
        "the ranks); the figures a checkpoint are what carries over. "
        + ("Every image committed, and no flush or checkpoint failed on stderr."
           if not problems else "Problems seen: " + "; ".join(problems) + "."),
        "",
        "On this machine the local level is the same disk as `CKPT_DIR`, so it can save "
        "nothing here; what the table shows is its protocol's cost: the stall is the copy "
        "into memory (or the page cache) at every level, and the commit waits for the write "
        "and fsync of the image at every level, plus, with the partner copy, the send and the "
        "partner's write: the receiving rank takes the copy in at its next poll, straight "
        "into the mapped file, and a thread of the layer's makes it durable. The flush runs in a thread of its own, on the same disk here.", "",
        "### A model of checkpoint time against rank count", "",
        "Per checkpoint of S bytes a rank, N ranks, p ranks a node (N/p nodes), B_local the "
        "write bandwidth of a node's local storage, B_net a node's network injection "
        "bandwidth, B_fs the aggregate bandwidth of the shared file system (shared by all "
        "nodes):", "",
        "- local level: T_local = p S / B_local (every node writes its own ranks' images at "
        "once; it does not depend on N);",
        "- with partner copies: T_partner = T_local + p S / B_net + p S / B_local (the "
        "images are sent to the next node once written, and the partner writes them; its "
        "disk then holds 2 p S);",
        "- straight to CKPT_DIR: T_direct = N S / B_fs, or p S / B_net when a node's link is "
        "the slower (small N): it grows with N;",
        "- the flush, in the background: T_flush = N S / B_fs every CKPT_FLUSH_EVERY-th "
        "checkpoint. It must take less than CKPT_FLUSH_EVERY x the interval between "
        "checkpoints: flushes run one at a time, and a commit while one runs is not flushed "
        "(the next commit after it ends is). So CKPT_FLUSH_EVERY >= T_flush / interval, "
        "or the checkpoints that reach CKPT_DIR are further apart than asked.", "",
        "The local level commits faster than CKPT_DIR once N S / B_fs > p S / B_local, i.e. "
        "with more than B_fs / B_local nodes. The model is of the commit, not of the "
        "program's time: the program stands still for the copy at every level (written "
        "through, the write goes on behind it), and with partner copies also while it "
        "receives its partner's copy (straight into the mapped file; a thread makes it "
        f"durable) (docs/levels.md; here {seconds(pa['loss_a_checkpoint_s'])} lost a checkpoint "
        f"against {seconds(lo['loss_a_checkpoint_s'])} without). What the levels "
        "buy at any scale: a commit that does not wait for the shared file system, and a "
        "node lost with its disk costs nothing with partner copies, the checkpoints since "
        "the last flush without.", "",
        f"Assumed, for a typical cluster (assumptions, not measurements): p = {TYPICAL['p']} "
        f"ranks a node, S = 1 GiB a rank, B_local = {gbs(TYPICAL['B_local'])} (an NVMe "
        f"drive a node), B_net = {gbs(TYPICAL['B_net'])} (100 Gb/s a node), B_fs = "
        f"{gbs(TYPICAL['B_fs'])} aggregate; the interval is {INTERVAL:.0f} s "
        "(`CKPT_INTERVAL`'s default). The local level beats CKPT_DIR from "
        f"{TYPICAL['B_fs'] / TYPICAL['B_local']:.0f} nodes "
        f"({TYPICAL['B_fs'] / TYPICAL['B_local'] * TYPICAL['p']:,.0f} ranks) up.", ""]
    lines += model_table(TYPICAL)
    table = pingpong_table_bandwidth()
    lines += [
        "",
        "With this machine's figures plugged in (same p and S; only the bandwidths change): "
        f"B_local = {gbs(B_disk)}, the disk under /tmp written by two writers at once "
        f"({meta['disk_mib']} MiB, write and fsync; one writer: "
        f"{gbs(mach['disk_one_writer_Bps'])}); B_net = {gbs(B_net)}, MPI ping-pong between "
        f"two ranks at 32 MiB, measured with the runs (shared memory: no network here; 4 MiB: "
        f"{gbs(mach['mpi_Bps'][str(4 << 20)])}" +
        (f"; the ping-pong table above, on a quieter machine, has {gbs(table)} at 4 MiB"
         if table else "") + f"); B_fs = "
        f"{gbs(B_disk)}, the same disk (CKPT_DIR is on it too). Here the images written "
        f"during the runs went at {gbs(d['image_write_Bps'])} a rank (CKPT_DIR only, two at "
        f"once; bytes over copy, seal and fsync). With B_fs no faster than one node's disk "
        "(B_fs / B_local = 1), the local level is the faster from the second node on:", ""]
    lines += model_table(here)
    # The model against this benchmark: 2 ranks, one a simulated node, one shared disk.
    two = 2 * S_run / B_disk
    lines += [
        "",
        f"The model against the runs above (N = 2, S = {S_run / 1e6:.0f} MB, both simulated "
        f"nodes on the one disk, so a local level writes 2 S to it like CKPT_DIR): "
        f"T_direct = T_local = 2 S / B = {seconds(two)}, T_partner = 2 S / B + S / B_net + "
        f"2 S / B = {seconds(2 * two + S_run / B_net)}; measured commits "
        f"{seconds(d['commit_s'])}, {seconds(lo['commit_s'])} and {seconds(pa['commit_s'])}; "
        f"T_flush = 2 S / B = {seconds(two)}, measured {seconds(lo['flush_after_commit_s'])} "
        f"and {seconds(pa['flush_after_commit_s'])} from the local commit to the flush's "
        "(each rank reports its copy whole at its next poll). "
        "The rest of a measured commit is the protocol's: the ranks' polls (at MPI calls and "
        f"potential points, an iteration of {a['plain']['median_step_ms']:.0f} ms apart here) "
        "and the coordinator's messages, and with partner copies the sender's wait for the "
        "receiver's poll and its thread's fsync before `STORED`.", "",
        "Picking levels: where T_direct is small against the interval (small jobs, fast "
        "file systems), `CKPT_DIR` alone is simplest; where it is not, `CKPT_LOCAL_DIR` "
        "commits in T_local (T_partner with partner copies, the default on more than one "
        "node) whatever N, and `CKPT_FLUSH_EVERY` at least the table's last column keeps "
        "the flushes from being skipped."]
    return "\n".join(lines) + "\n"


def build(build_dir):
    samples = os.path.join(build_dir, "samples", "mpi")
    exes = {"aalc": os.path.join(samples, "cg"), "plain": os.path.join(samples, "cg.plain")}
    for exe in exes.values():
        if not os.access(exe, os.X_OK):
            sys.exit(f"error: {exe} is missing: build the samples first (cmake --build)")
    return exes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build_dir")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--grid", type=int, default=900,
                    help="cg's grid side: 900 is 810,000 unknowns, about 39 MB a rank at 2 ranks")
    ap.add_argument("--maxit", type=int, default=300, help="cg's iterations")
    ap.add_argument("--every", type=int, default=40, help="CKPT_EVERY: iterations a checkpoint")
    ap.add_argument("--disk-mib", type=int, default=256,
                    help="MiB written (and fsynced) to measure the disk")
    ap.add_argument("--tmp", default="/tmp",
                    help="where CKPT_DIR, CKPT_LOCAL_DIR and the disk test go")
    ap.add_argument("--output", default=os.path.join(TOP, "docs", "performance.md"),
                    help="the file whose section this writes ('' for none)")
    ap.add_argument("--json", default=os.path.join(TOP, "tests", "bench", "results",
                                                    "levels.json"))
    ap.add_argument("--from-json", action="store_true",
                    help="only write the section again from the --json file of an earlier run")
    opts = ap.parse_args()
    if opts.from_json:
        saved = json.load(open(opts.json))
    else:
        exes = build(os.path.abspath(opts.build_dir))
        work = tempfile.mkdtemp(prefix="aalc-levels-bench-", dir=opts.tmp)
        started = time.monotonic()
        load_before = os.getloadavg()[0]
        try:
            runs = measure_runs(exes, opts, work)
            machine = measure_machine(work, opts)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        meta = {"machine": f"{platform.node() or 'vm'}, {os.cpu_count()} cores, Linux "
                           f"{platform.release()}",
                "load_before": load_before, "load_after": os.getloadavg()[0],
                "rev": git_rev(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                "grid": opts.grid, "maxit": opts.maxit, "every": opts.every,
                "repeats": opts.repeats, "disk_mib": opts.disk_mib,
                "minutes": (time.monotonic() - started) / 60}
        saved = {"meta": meta, "typical": TYPICAL, "interval_s": INTERVAL,
                 "machine": machine, "analysis": analyse(runs), "runs": runs}
        os.makedirs(os.path.dirname(opts.json), exist_ok=True)
        with open(opts.json, "w") as f:
            json.dump(saved, f, indent=1)
            f.write("\n")
    body = report(saved)
    if opts.output:
        put_section(opts.output, "levels_benchmark", body)
    print(body)


if __name__ == "__main__":
    main()
