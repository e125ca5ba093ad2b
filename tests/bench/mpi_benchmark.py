#!/usr/bin/env python3
"""MPI benchmark: what the coordination layer adds to point-to-point messages and collectives.

1. tests/bench/pingpong.c built with plain `mpicc -O2` and with `ckptcc -O2`,
   run alternately with `mpiexec -n 2` (no checkpoint taken:
   CKPT_INTERVAL=0), N repeats; the median per size of each build is compared
   against the targets: at most 10% added latency at 8 B, at most 2% lost
   bandwidth from 64 KiB up.
2. Ways of piggybacking the 8-byte header, mimicked with PMPI calls in the
   plain build (pingpong --mode ...): (a) what the layer did before the split
   design (copy up to 4096 bytes, hindexed datatype above), (b) and (b') a
   separate header message, (c) always a hindexed datatype, (d) always a copy,
   (e) the data alone, the receiver saving the 72 bytes a message with a
   header could overwrite; same repeats, medians. The layer now copies up to
   CL_COMBINE_LIMIT (d), sends longer data alone (e) while its epoch is
   committed, and uses (b') otherwise.
3. tests/bench/collbench.c (MPI_Allreduce at 8 B .. 1 MiB, MPI_Bcast at 8 B and
   1 MiB, MPI_Barrier), built both ways like pingpong and run in the same
   repeats, alternately; targets: an 8-byte Allreduce at most 5% slower than
   plain MPI, a 1 MiB one at most 2%.

Writes docs/performance.md and tests/bench/results/pingpong.json (the
collectives under the keys "collectives" (the table) and "raw_coll_us" (every
run); --from-json on a file without them leaves the Collectives section out).
Not a CI test: timings need a quiet machine (2 ranks on 2 cores here).

--mpi openmpi measures the same against Open MPI: both builds with
mpicc.openmpi (ckptcc through CKPT_CC=mpicc.openmpi, so it links
libckptmpi-openmpi.a), run with mpiexec.openmpi (as root with
OMPI_ALLOW_RUN_AS_ROOT*, --bind-to none unless --bind-to says otherwise), same
targets. It skips part 2 (the piggyback variants study the combine limit
against MPICH; --mechanisms runs them anyway) and writes only its own marked
section of docs/performance.md (report_sections.py) and
tests/bench/results/pingpong-openmpi.json, which carries "mpi": "openmpi";
the MPICH run keeps that section when it rewrites the file.

usage: mpi_benchmark.py BUILD_DIR [--mpi {mpich,openmpi}] [--repeats N] [--blocks B]
                        [--scale X] [--wait-quiet SECONDS] [--bind-to WHAT]
                        [--mechanisms] [--from-json FILE]
"""
import argparse
import datetime
import hashlib
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
from report_sections import put_section, section, sections  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(TOP, "tests", "bench", "pingpong.c")
COLL_SOURCE = os.path.join(TOP, "tests", "bench", "collbench.c")
MAIN_SIZES = [8 << i for i in range(20)]  # 8 B .. 4 MiB
MECH_SIZES = [8, 64, 128, 1024, 2048, 4096, 8192, 12288, 16384, 32768, 65536, 1 << 20, 4 << 20]
LIMIT = 64  # CL_COMBINE_LIMIT in coordlayer/src/coord.h: copy up to it, alone or split above
# (key, label, pingpong arguments)
VARIANTS = [
    ("none", "no header (plain MPI_Send/MPI_Recv)", ["--mode", "mpi"]),
    ("a", "(a) the layer before the split design: copy <= 4096 B, hindexed above", ["--mode", "piggyback", "--limit", "4096"]),
    ("b", "(b) separate header message, both receives posted at once", ["--mode", "separate"]),
    ("b2", "(b') separate header message, header received first (as a wildcard receive "
     "must)", ["--mode", "separate-seq"]),
    ("c", "(c) always hindexed {header, data}", ["--mode", "piggyback", "--limit", "0"]),
    ("d", "(d) always copy (bounce buffer)", ["--mode", "piggyback", "--limit", "1G"]),
    ("e", "(e) data alone, no header; the receiver saves the first 72 bytes of its buffer "
     "and reads the length from the status (the layer while the sender's epoch is "
     "committed)", ["--mode", "alone"]),
]
LINE = re.compile(r"^pingpong mode=(\S+) limit=(-?\d+) size=(\d+) iters=(\d+) blocks=(\d+) "
                  r"lat_us=([0-9.]+) bw_mbs=([0-9.]+)(?: direct_lat_us=([0-9.]+))?$")
# collbench: (operation, size in bytes); the barrier has size 0
COLL_ALLREDUCE = [8, 1024, 65536, 1 << 20]
COLL_BCAST = [8, 1 << 20]
COLL_CASES = ([("allreduce", s) for s in COLL_ALLREDUCE] + [("bcast", s) for s in COLL_BCAST]
              + [("barrier", 0)])
COLL_ARGS = ["--allreduce", ",".join(map(str, COLL_ALLREDUCE)),
             "--bcast", ",".join(map(str, COLL_BCAST))]
# (operation, size): the limit on AALC / plain - 1, in percent
COLL_TARGETS = {("allreduce", 8): 5.0, ("allreduce", 1 << 20): 2.0}
COLL_LINE = re.compile(r"^collbench op=(\w+) size=(\d+) iters=(\d+) blocks=(\d+) us=([0-9.]+)"
                       r"(?: direct_us=([0-9.]+))?$")
COLL_LABELS = {"allreduce": "Allreduce", "bcast": "Bcast", "barrier": "Barrier"}
# The MPIs the layer builds for: compiler wrapper, launcher, environment, the
# layer's library (ckptcc picks it from the wrapper's MPI), results file.
MPIS = {
    "mpich": {"cc": "mpicc", "mpiexec": ["mpiexec"], "env": {},
              "lib": "libckptmpi.a", "json": "pingpong.json"},
    "openmpi": {"cc": "mpicc.openmpi", "mpiexec": ["mpiexec.openmpi"],
                "env": {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"},
                "lib": "libckptmpi-openmpi.a", "json": "pingpong-openmpi.json"},
}
# The marked section of docs/performance.md that --mpi openmpi writes (report_sections
# names the markers after the script that writes them; the MPICH run writes the rest).
OMPI_SECTION = "mpi_benchmark"


def human(n):
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift} {unit}"
    return f"{n} B"


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def running_others():
    """Runnable tasks right now, this reader excluded."""
    with open("/proc/stat") as f:
        for line in f:
            if line.startswith("procs_running"):
                return int(line.split()[1]) - 1
    return 0


def wait_quiet(limit_s):
    """Wait (at most limit_s) until nothing else has been runnable for ~1 s."""
    deadline = time.time() + limit_s
    calm = 0
    while time.time() < deadline and calm < 5:
        calm = calm + 1 if running_others() == 0 else 0
        time.sleep(0.2)


def build(work, build_dir, source, mpi):
    """The benchmark `source` built twice: the MPI's plain mpicc (the baseline) and
    ckptcc over that mpicc."""
    name = os.path.splitext(os.path.basename(source))[0]
    plain = os.path.join(work, name + ".plain")
    aalc = os.path.join(work, name + ".aalc")
    cc = MPIS[mpi]["cc"]
    subprocess.run([cc, "-O2", "-o", plain, source], check=True)
    env = dict(os.environ, CKPT_CC=cc) if mpi != "mpich" else None
    subprocess.run([os.path.join(build_dir, "bin", "ckptcc"), "-O2", "-o", aalc, source],
                   check=True, cwd=work, env=env)
    return plain, aalc


def launcher(opts):
    """The MPI's mpiexec and its options for 2 ranks."""
    cmd = [*MPIS[opts.mpi]["mpiexec"], "-n", "2"]
    if opts.mpi == "openmpi" and opts.bind_to:
        cmd += ["--bind-to", opts.bind_to]
    return cmd


def mpirun(exe, args, work, opts):
    """One run at 2 ranks, no checkpoint allowed; its output and the load before it."""
    if opts.wait_quiet:
        wait_quiet(opts.wait_quiet)
    env = dict(os.environ, CKPT_INTERVAL="0", CKPT_DIR=os.path.join(work, "unused.ckpt"),
               **MPIS[opts.mpi]["env"])
    env.pop("CKPT_EVERY", None)
    before = loadavg()
    cmd = [*launcher(opts), exe, "--blocks", str(opts.blocks), "--scale", str(opts.scale),
           *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"error: {' '.join(cmd)}: exit status {proc.returncode}\n{proc.stderr}")
    ckdir = env["CKPT_DIR"]
    if os.path.isdir(ckdir) and any(n.startswith("ckpt-") for n in os.listdir(ckdir)):
        sys.exit("error: a checkpoint was taken during the benchmark")
    return proc.stdout, before


def run(exe, args, work, opts):
    """pingpong: one-way latency (us) per size; in mode mpi, the same through
    PMPI_* in the same process under "direct:" + size."""
    out, before = mpirun(exe, args, work, opts)
    result = {}
    for line in out.splitlines():
        m = LINE.match(line.strip())
        if m:
            result[int(m.group(3))] = float(m.group(6))
            if m.group(8):
                result[f"direct:{m.group(3)}"] = float(m.group(8))
    missing = [s for s in sizes_of(args) if s not in result]
    if missing:
        sys.exit(f"error: {exe} {' '.join(args)}: no result for sizes {missing}:\n{out}")
    return result, before


def coll_key(op, size):
    """(operation, size) as a JSON-friendly key: "allreduce/8"."""
    return f"{op}/{size}"


def run_coll(exe, work, opts):
    """collbench: microseconds per call, keyed by coll_key; the same operations
    through PMPI_* in the same process go under "direct:" + key."""
    out, before = mpirun(exe, COLL_ARGS, work, opts)
    result = {}
    for line in out.splitlines():
        m = COLL_LINE.match(line.strip())
        if m:
            result[coll_key(m.group(1), int(m.group(2)))] = float(m.group(5))
            if m.group(6):
                result["direct:" + coll_key(m.group(1), int(m.group(2)))] = float(m.group(6))
    missing = [coll_key(*c) for c in COLL_CASES if coll_key(*c) not in result]
    if missing:
        sys.exit(f"error: {exe}: no result for {missing}:\n{out}")
    return result, before


def sizes_of(args):
    return [int(s) for s in args[args.index("--sizes") + 1].split(",")]


def sizes_arg(sizes):
    return ["--sizes", ",".join(str(s) for s in sizes)]


def median_table(samples, sizes):
    return {s: statistics.median(r[s] for r in samples) for s in sizes}


def spread(samples, size):
    """Interquartile range over the runs, relative to the median."""
    v = [r[size] for r in samples]
    if len(v) < 2:
        return 0.0
    q = statistics.quantiles(v, n=4)
    return (q[2] - q[0]) / statistics.median(v)


def compare(build_dir, work, opts):
    plain, aalc = build(work, build_dir, SOURCE, opts.mpi)
    coll_plain, coll_aalc = build(work, build_dir, COLL_SOURCE, opts.mpi)
    raw = {"plain": [], "aalc": []}
    coll = {"plain": [], "aalc": []}
    mech = {k: [] for k, _, _ in VARIANTS} if opts.mechanisms else {}
    loads = []
    for r in range(opts.repeats):
        order = [("plain", plain, coll_plain), ("aalc", aalc, coll_aalc)]
        if r % 2:
            order.reverse()  # neither build always runs first
        for name, exe, _ in order:
            res, load = run(exe, sizes_arg(MAIN_SIZES), work, opts)
            raw[name].append(res)
            loads.append(load)
            print(f"repeat {r + 1}/{opts.repeats} {name}: 8 B {res[8]:.2f} us, "
                  f"4 MiB {res[4 << 20]:.0f} us (load {load:.2f})", flush=True)
        # In the ping-pong's order: the two builds back to back, first one alternating,
        # as the paired ratios need.
        for name, _, exe in order:
            res, load = run_coll(exe, work, opts)
            coll[name].append(res)
            loads.append(load)
            print(f"repeat {r + 1}/{opts.repeats} {name} collectives: Allreduce 8 B "
                  f"{res[coll_key('allreduce', 8)]:.2f} us, 1 MiB "
                  f"{res[coll_key('allreduce', 1 << 20)]:.0f} us (load {load:.2f})", flush=True)
        if not mech:
            continue
        variants = VARIANTS if r % 2 == 0 else VARIANTS[::-1]
        for key, _, args in variants:
            res, load = run(plain, [*args, *sizes_arg(MECH_SIZES)], work, opts)
            mech[key].append(res)
            loads.append(load)
        print(f"repeat {r + 1}/{opts.repeats} mechanisms done", flush=True)
    return raw, mech, coll, loads


def paired(runs, base, size):
    """Median over the repeats of run/base, each run against the baseline run next to it:
    drift between repeats (other jobs, vCPU placement) cancels out."""
    return statistics.median(r[size] / b[size] for r, b in zip(runs, base))


def analyse(raw, mech):
    p = median_table(raw["plain"], MAIN_SIZES)
    a = median_table(raw["aalc"], MAIN_SIZES)
    rows = []
    for s in MAIN_SIZES:
        ratio = paired(raw["aalc"], raw["plain"], s)
        row = {"size": s, "plain_lat_us": p[s], "aalc_lat_us": a[s],
               "plain_bw_mbs": s / p[s], "aalc_bw_mbs": s / a[s],
               "added_latency_pct": 100 * (a[s] / p[s] - 1),
               "lost_bandwidth_pct": 100 * (1 - p[s] / a[s]),
               "paired_added_latency_pct": 100 * (ratio - 1),
               "paired_lost_bandwidth_pct": 100 * (1 - 1 / ratio),
               "plain_spread_pct": 100 * spread(raw["plain"], s),
               "aalc_spread_pct": 100 * spread(raw["aalc"], s)}
        # In the same process: MPI_* (through the layer in the ckptcc build) against
        # PMPI_* (MPI itself), block by block; the plain build shows the noise floor.
        d = f"direct:{s}"
        if all(d in x for x in raw["aalc"] + raw["plain"]):
            ratio_in = statistics.median(x[s] / x[d] for x in raw["aalc"])
            row["inproc_added_latency_pct"] = 100 * (ratio_in - 1)
            row["inproc_lost_bandwidth_pct"] = 100 * (1 - 1 / ratio_in)
            row["inproc_plain_pct"] = 100 * (
                statistics.median(x[s] / x[d] for x in raw["plain"]) - 1)
            row["inproc_added_ns"] = 1000 * statistics.median(x[s] - x[d] for x in raw["aalc"])
        if s == 8:
            row["target"] = "added latency <= 10%"
            row["met"] = row["added_latency_pct"] <= 10
            row["met_paired"] = row["paired_added_latency_pct"] <= 10
            if "inproc_added_latency_pct" in row:
                row["met_inproc"] = row["inproc_added_latency_pct"] <= 10
        elif s >= 65536:
            row["target"] = "lost bandwidth <= 2%"
            row["met"] = row["lost_bandwidth_pct"] <= 2
            row["met_paired"] = row["paired_lost_bandwidth_pct"] <= 2
            if "inproc_lost_bandwidth_pct" in row:
                row["met_inproc"] = row["inproc_lost_bandwidth_pct"] <= 2
        rows.append(row)
    mrows = []
    for s in MECH_SIZES if mech else []:  # none: the variants were not run
        row = {"size": s}
        for key, _, _ in VARIANTS:
            row[key + "_lat_us"] = statistics.median(r[s] for r in mech[key])
            row[key + "_paired_pct"] = 100 * (paired(mech[key], mech["none"], s) - 1)
        if s in a:  # the real layer, from the ping-pong above (powers of 2 only)
            row["layer_lat_us"] = a[s]
            row["layer_paired_pct"] = 100 * (paired(raw["aalc"], raw["plain"], s) - 1)
        mrows.append(row)
    return rows, mrows


def analyse_coll(coll):
    """One row per collective and size: medians, ratios, and the issue's targets."""
    keys = [coll_key(*c) for c in COLL_CASES]
    p = median_table(coll["plain"], keys)
    a = median_table(coll["aalc"], keys)
    rows = []
    for op, size in COLL_CASES:
        k = coll_key(op, size)
        row = {"op": op, "size": size, "plain_us": p[k], "aalc_us": a[k],
               "added_pct": 100 * (a[k] / p[k] - 1),
               "paired_added_pct": 100 * (paired(coll["aalc"], coll["plain"], k) - 1),
               "paired_added_ns": 1000 * statistics.median(
                   x[k] - y[k] for x, y in zip(coll["aalc"], coll["plain"])),
               "plain_spread_pct": 100 * spread(coll["plain"], k),
               "aalc_spread_pct": 100 * spread(coll["aalc"], k)}
        # In the same process: MPI_* (through the layer in the ckptcc build) against
        # PMPI_* (MPI itself), block by block; the plain build shows the noise floor.
        d = "direct:" + k
        if all(d in x for x in coll["aalc"] + coll["plain"]):
            row["inproc_pct"] = 100 * (statistics.median(x[k] / x[d] for x in coll["aalc"]) - 1)
            row["inproc_plain_pct"] = 100 * (
                statistics.median(x[k] / x[d] for x in coll["plain"]) - 1)
        limit = COLL_TARGETS.get((op, size))
        if limit is not None:
            row["target"] = f"slower by <= {limit:g}%"
            row["met"] = row["added_pct"] <= limit
            row["met_paired"] = row["paired_added_pct"] <= limit
            if "inproc_pct" in row:
                row["met_inproc"] = row["inproc_pct"] <= limit
        rows.append(row)
    return rows


def layer_identity(build_dir, mpi="mpich"):
    """Which coordination layer was measured: the build changes while others work."""
    ident = {}
    lib = os.path.join(build_dir, "lib", MPIS[mpi]["lib"])
    if os.path.exists(lib):
        with open(lib, "rb") as f:
            ident["libckptmpi_sha256"] = hashlib.sha256(f.read()).hexdigest()[:16]
        ident["libckptmpi_mtime"] = datetime.datetime.fromtimestamp(
            os.path.getmtime(lib)).astimezone().strftime("%Y-%m-%d %H:%M %Z")
    git = subprocess.run(["git", "-C", TOP, "describe", "--always", "--dirty"],
                         capture_output=True, text=True)
    ident["git"] = git.stdout.strip() or "unknown"
    try:
        with open(os.path.join(TOP, "coordlayer", "src", "coord.h")) as f:
            m = re.search(r"#define CL_COMBINE_LIMIT (\d+)\b", f.read())
        ident["combine_limit"] = int(m.group(1)) if m else None
    except OSError:
        ident["combine_limit"] = None
    return ident


def machine(mpi="mpich"):
    info = {"host": os.uname().nodename, "cores": os.cpu_count(), "kernel": os.uname().release}
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            info["cpu"] = m.group(1).strip() if m else "unknown"
    except OSError:
        info["cpu"] = "unknown"
    if mpi == "openmpi":
        info["mpi"] = openmpi_version()
        return info
    try:
        out = subprocess.run(["mpichversion"], capture_output=True, text=True).stdout
        v = re.search(r"MPICH Version:\s*(\S+)", out)
        d = re.search(r"MPICH Device:\s*(\S+)", out)
        info["mpi"] = f"MPICH {v.group(1)}, device {d.group(1)}" if v and d else None
    except OSError:
        info["mpi"] = None
    if not info["mpi"]:
        out = subprocess.run(["mpiexec", "--version"], capture_output=True, text=True).stdout
        info["mpi"] = out.splitlines()[0] if out else "unknown"
    return info


def openmpi_version():
    """"Open MPI 4.1.4", from ompi_info or else mpiexec.openmpi --version."""
    try:
        out = subprocess.run(["ompi_info", "--parsable"], capture_output=True, text=True).stdout
        m = re.search(r"^ompi:version:full:(\S+)", out, re.M)
        if m:
            return f"Open MPI {m.group(1)}"
    except OSError:
        pass
    try:
        out = subprocess.run(["mpiexec.openmpi", "--version"], capture_output=True,
                             text=True).stdout
    except OSError:
        out = ""
    m = re.search(r"\b(\d+\.\d+\.\d+)\b", out)
    return f"Open MPI {m.group(1)}" if m else "Open MPI (version unknown)"


def pct(x):
    return f"{x:+.1f}%"


def conclusions(rows, mrows):
    """Sentences that follow from the numbers of this run."""
    by = {r["size"]: r for r in mrows}
    out = []
    crossing = [r["size"] for r in mrows if 8 < r["size"] <= 65536 and
                r["c_lat_us"] < r["d_lat_us"]]
    copy_wins = [r["size"] for r in mrows if r["d_lat_us"] <= r["c_lat_us"]]
    if crossing:
        out.append(f"The hindexed datatype (c) is faster than a copy (d) from "
                   f"{human(min(crossing))} in this run; a copy is faster at "
                   f"{', '.join(human(s) for s in copy_wins) or 'no size'}.")
    else:
        out.append("A copy (d) is at least as fast as the hindexed datatype (c) at every "
                   f"measured size up to 64 KiB.")
    around = [s for s in (2048, 4096, 8192, 12288, 16384, 32768) if s in by]
    best = []
    for s in around:
        r = by[s]
        lat = {k: r[k + "_lat_us"] for k in ("b", "c", "d")}
        k = min(lat, key=lat.get)
        best.append(f"{human(s)}: {dict(b='separate', c='hindexed', d='copy')[k]}")
    if best:
        out.append("Fastest way to carry the header around the threshold: " + "; ".join(best)
                   + ".")
    for s in (65536, 1 << 20, 4 << 20):
        if s not in by:
            continue
        r = by[s]
        rel = {k: pct(r[k + "_paired_pct"]) for k in ("a", "b", "b2", "c", "d", "e")}
        out.append(f"At {human(s)}, relative to no header (paired): (a) {rel['a']}, "
                   f"(b) {rel['b']}, (b') {rel['b2']}, (c) {rel['c']}, (d) {rel['d']}, "
                   f"(e) {rel['e']}.")
    faster = [human(r["size"]) for r in mrows if r["c_paired_pct"] < -5]
    if faster:
        out.append("The derived datatype is even faster than the message without header at "
                   + ", ".join(faster) + " (paired, by more than 5%): this MPI does not move "
                   "contiguous and non-contiguous messages of these sizes the same way.")
    large = [r for r in mrows if r["size"] >= 65536]
    within = [k for k in ("a", "b", "b2", "c", "d", "e")
              if all(r[k + "_paired_pct"] <= 2 for r in large)]
    names = dict(a="(a)", b="(b)", b2="(b')", c="(c)", d="(d)", e="(e)")
    out.append("Within 2% of no header at every measured size from 64 KiB up: " +
               (", ".join(names[k] for k in within) if within else "none of the variants") + ".")
    return out


def verdict(mrows):
    """What the numbers say about CL_COMBINE_LIMIT (copy up to it, separate header above)."""
    out = []
    ordered = sorted(mrows, key=lambda r: r["size"])
    copy_upto = 0
    for r in ordered:
        if r["d_lat_us"] > r["b2_lat_us"]:
            break
        copy_upto = r["size"]
    out.append(f"The layer copies up to `CL_COMBINE_LIMIT` = {LIMIT} bytes of data next to "
               f"the header (d). Longer data goes alone (e) while the sender's epoch is "
               f"committed, which is all the time but the stretch from its checkpoint to the "
               f"commit; in that stretch it is split into a header message and the data (b'). "
               f"(In this run a copy (d) is at least as fast as a separate header (b') up to "
               f"{human(copy_upto)}: the combine limit is not set by that, but by the 72 "
               f"bytes a receive that may get data alone saves first.)")
    mid = [r for r in ordered if LIMIT < r["size"] < 65536]
    if mid:
        out.append("Between the combine limit and 64 KiB, against no header (paired): data "
                   "alone (e) " + ", ".join(f"{pct(r['e_paired_pct'])} at {human(r['size'])}"
                                            for r in mid) + ".")
    large = [r for r in ordered if r["size"] >= 65536]
    if large:
        rng = {k: (min(r[k + "_paired_pct"] for r in large),
                   max(r[k + "_paired_pct"] for r in large)) for k in ("b2", "c", "d", "e")}
        out.append(f"From 64 KiB up, against no header (paired): data alone (e) costs "
                   f"{pct(rng['e'][0])} to {pct(rng['e'][1])}, a separate header (b') "
                   f"{pct(rng['b2'][0])} to {pct(rng['b2'][1])}, the derived datatype "
                   f"{pct(rng['c'][0])} to {pct(rng['c'][1])}, a copy {pct(rng['d'][0])} to "
                   f"{pct(rng['d'][1])}.")
    return out


def target_cell(r):
    """The verdict column of a table row: "" for a row without target."""
    if "target" not in r:
        return ""
    if "met_inproc" in r:  # the in-process comparison decides
        return (f"{r['target']}: **{'met' if r['met_inproc'] else 'not met'}** (in-process; "
                f"across builds: {'met' if r['met'] else 'not met'})")
    cell = f"{r['target']}: **{'met' if r['met'] else 'not met'}**"
    if r["met_paired"] != r["met"]:
        cell += f" (paired: {'met' if r['met_paired'] else 'not met'})"
    return cell


def coll_section(crows, opts):
    """The Collectives section of docs/performance.md."""
    lines = [
        "## Collectives: plain MPI against AALC", "",
        "`tests/bench/collbench.c` on `MPI_COMM_WORLD`, 2 ranks: `MPI_Allreduce` "
        "(`MPI_DOUBLE`, `MPI_SUM`, separate send and receive buffers), `MPI_Bcast` "
        "(`MPI_DOUBLE`, root 0) and `MPI_Barrier`. The layer wraps every blocking "
        "collective: in normal operation it counts the call on its communicator and tests "
        "whether the result must be logged (only in the window after a checkpoint) or "
        "served from the log (only on recovery); no extra communication. Per operation, "
        f"size and run: warm-up calls, then {opts.blocks} timed blocks of {opts.scale:g} x "
        f"2^27 bytes, at least 16 and at most {int(opts.scale * 20000)} calls per block; a "
        "block's time is the slowest rank's, the median block counts. Before the first, each "
        "process makes one `PMPI_Bcast`, `PMPI_Allreduce` and `PMPI_Barrier`: the layer "
        "makes collectives of its own in `MPI_Init`, and under Open MPI a small Allreduce's "
        "time depends on which collectives the process made before (see the Open MPI "
        "section; MPICH's did not, checked by hand). Built and run like the "
        "ping-pong, in the same repeats, right after it and in the same order.", "",
        "Targets: an **8-byte Allreduce at most 5% slower** than plain MPI, a **1 MiB one at "
        "most 2%**. Columns as in the ping-pong table; \"added\" is per call, \"paired\" "
        "the median over the repeats of AALC/plain (and of AALC - plain in ns).", "",
        "Whole runs on this VM land in a fast or a slow mode (2-3x apart, for both builds "
        "alike), which swamps a few percent between two builds. So collbench also times, in "
        "the same process and block by block in alternating order, the same calls through "
        "`PMPI_*`, i.e. MPI itself past any wrapper: \"in-process\" is the median over the "
        "ckptcc runs of MPI_* / PMPI_* - 1, the layer's own cost under the same CPU "
        "placement; \"floor\" is the same ratio in the plain build, where both are MPI "
        "(the noise of that comparison). The verdict uses the in-process figure.", ""]
    return lines + coll_table(crows)


def coll_table(crows):
    """The collectives' table and the verdicts on their targets."""
    lines = [
        "| operation | size | plain (us/call) | AALC (us/call) | added | paired | paired (ns) | "
        "spread | in-process | floor | target |",
        "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in crows:
        size = "-" if r["op"] == "barrier" else human(r["size"])
        inproc = pct(r["inproc_pct"]) if "inproc_pct" in r else "-"
        floor = pct(r["inproc_plain_pct"]) if "inproc_plain_pct" in r else "-"
        lines.append(
            f"| {COLL_LABELS[r['op']]} | {size} | {r['plain_us']:.2f} | {r['aalc_us']:.2f} | "
            f"{pct(r['added_pct'])} | {pct(r['paired_added_pct'])} | "
            f"{r['paired_added_ns']:+.0f} | {r['plain_spread_pct']:.0f}% / "
            f"{r['aalc_spread_pct']:.0f}% | {inproc} | {floor} | {target_cell(r)} |")
    lines.append("")
    for r in crows:
        if "target" not in r:
            continue
        line = (f"- Allreduce {human(r['size'])} target ({r['target']}): "
                f"across builds {'met' if r['met'] else 'not met'} ({pct(r['added_pct'])}, "
                f"paired {pct(r['paired_added_pct'])}, {r['paired_added_ns']:+.0f} ns per call).")
        if "met_inproc" in r:
            line += (f" In the same process: **{'met' if r['met_inproc'] else 'not met'}** "
                     f"({pct(r['inproc_pct'])}; the plain build's floor "
                     f"{pct(r['inproc_plain_pct'])}).")
        # A verdict finer than the run-to-run spread says little: say so.
        limit = COLL_TARGETS[(r["op"], r["size"])]
        if max(r["plain_spread_pct"], r["aalc_spread_pct"]) > limit:
            line += (f" Not conclusive: the runs spread by {r['plain_spread_pct']:.0f}% / "
                     f"{r['aalc_spread_pct']:.0f}%, more than the {limit:g}% target.")
        lines.append(line)
    lines.append("")
    return lines


def write_report(rows, mrows, crows, raw, mech, coll, loads, info, opts, when, path_md,
                 path_json):
    os.makedirs(os.path.dirname(path_json), exist_ok=True)
    saved = {"date": when, "machine": info, "repeats": opts.repeats,
             "blocks": opts.blocks, "scale": opts.scale, "wait_quiet": opts.wait_quiet,
             "load_average_before_runs": loads, "pingpong": rows, "mechanisms": mrows,
             "variants": {k: {"label": l, "args": a} for k, l, a in VARIANTS},
             "raw_lat_us": {"plain": raw["plain"], "aalc": raw["aalc"], **mech}}
    if opts.mpi != "mpich":  # the MPICH file keeps its keys as they were
        saved = {"mpi": opts.mpi, "bind_to": opts.bind_to, **saved}
        if not mech:
            del saved["variants"]
    if crows:
        saved["collectives"] = crows
        saved["raw_coll_us"] = coll
    with open(path_json, "w") as f:
        json.dump(saved, f, indent=1)
    if opts.mpi == "openmpi":
        put_section(path_md, OMPI_SECTION,
                    "\n".join(openmpi_section(rows, mrows, crows, raw, mech, loads, info,
                                               opts, when)))
        return
    intro = ("What the coordination layer adds to point-to-point messages and to "
             "collectives: a ping-pong between two ranks and blocking collectives on two "
             "ranks, each built with `mpicc -O2` and with `ckptcc -O2`." if crows else
             "What the coordination layer adds to a point-to-point message: a ping-pong "
             "between two ranks, built with `mpicc -O2` and with `ckptcc -O2`.")
    lines = [
        "# MPI performance (generated by tests/bench/mpi_benchmark.py)", "",
        intro + " For the serial "
        "side (instrumentation overhead, cost of one checkpoint) see "
        "[performance-serial.md](performance-serial.md); for a whole application, the "
        "thesis's CG solver in its six modes, [performance-cg.md](performance-cg.md), "
        "whose table and targets `tests/bench/cg_benchmark.py` also puts at the end of "
        "this file.", "",
        f"- Machine: {info['host']}, {info['cores']} cores ({info['cpu']}), Linux "
        f"{info['kernel']}; {info['mpi']}; 2 ranks on the same node.",
        f"- Layer measured: source `{info['layer']['git']}`, `libckptmpi.a` sha256 "
        f"{info['layer'].get('libckptmpi_sha256', '?')} built "
        f"{info['layer'].get('libckptmpi_mtime', '?')}, `CL_COMBINE_LIMIT` "
        f"{info['layer'].get('combine_limit')}.",
        f"- Date: {when}. Load average (1 min) sampled before each run: "
        f"{min(loads):.2f} to {max(loads):.2f} (median {statistics.median(loads):.2f}); "
        "the machine was shared with other jobs, hence the medians.",
        f"- Method: `tests/bench/pingpong.c`, rank 0 sends, rank 1 sends back; one-way "
        f"latency is half the round trip, bandwidth is size / latency (MB = 10^6 bytes). Per "
        f"size and run: warm-up round trips, then {opts.blocks} timed blocks of "
        f"{opts.scale:g} x 2^27 bytes each way, at least 16 and at most {int(opts.scale * 20000)} "
        f"round trips per block; the "
        f"median block counts. {opts.repeats} runs of each build, alternated (which build "
        f"goes first alternates too); the tables give the median over the runs. "
        f"`CKPT_INTERVAL=0`: the potential checkpoint in the loop over sizes is never taken."
        + (" The collectives (`tests/bench/collbench.c`) are timed the same way, see their "
           "section." if crows else ""),
        "- Regenerate: `cmake -S . -B build && cmake --build build -j2 && "
        f"python3 tests/bench/mpi_benchmark.py build --repeats {opts.repeats} "
        f"--blocks {opts.blocks} --scale {opts.scale:g}"
        f"{f' --wait-quiet {opts.wait_quiet:g}' if opts.wait_quiet else ''}` "
        "(writes this file and `tests/bench/results/pingpong.json`, which holds every run). "
        "Takes a few minutes; run it on a quiet machine.", "",
        "## Ping-pong: plain MPI against AALC", "",
        "Targets: at most **10% added latency at 8 B**, at most **2% lost bandwidth from "
        "64 KiB up**. \"added latency\" and \"bandwidth lost\" compare the two medians; "
        "\"paired\" is the median over the repeats of AALC/plain, each AALC run against the "
        "plain run next to it, which cancels drift between repeats. \"spread\" is the "
        "interquartile range of the runs over their median, plain / AALC: differences "
        "smaller than the spread are noise. Single runs can be far off (this is a VM: other "
        "jobs, and where the host places the two vCPUs, make whole runs up to 3x slower or "
        "faster, for both builds alike).", "",
        "So the ping-pong also times, in the same process and block by block in alternating "
        "order, the same round trips through `PMPI_Send`/`PMPI_Recv` on a communicator the "
        "program duplicated with `PMPI_Comm_dup`, i.e. MPI itself past any wrapper: "
        "\"in-process\" is the median over the ckptcc runs of MPI_* / PMPI_* - 1 "
        "(latency added, and in ns), the layer's own cost under the same CPU placement; "
        "\"floor\" is the same ratio in the plain build, where both are MPI (the noise of "
        "that comparison). The verdict uses the in-process figure.", ""]
    lines += pingpong_table(rows, raw, mech)
    if crows:
        lines += coll_section(crows, opts)
    lines += mech_section(rows, mrows)
    # the other scripts' parts of this file (cg_benchmark.py's, output_benchmark.py's, ...),
    # and the Open MPI run's: every marked section
    kept = "".join(section(path_md, name) for name in sections(path_md))
    with open(path_md, "w") as f:
        f.write("\n".join(lines) + ("\n" + kept if kept else ""))


def openmpi_section(rows, mrows, crows, raw, mech, loads, info, opts, when):
    """The Open MPI run's section of docs/performance.md: the same tables as the
    MPICH run's, after a short head of its own."""
    layer = info["layer"]
    bind = (f" --bind-to {opts.bind_to}" if opts.bind_to else "")
    regen = (f"python3 tests/bench/mpi_benchmark.py build --mpi openmpi --repeats "
             f"{opts.repeats} --blocks {opts.blocks} --scale {opts.scale:g}"
             f"{f' --wait-quiet {opts.wait_quiet:g}' if opts.wait_quiet else ''}"
             f"{f' --bind-to {opts.bind_to or chr(39) * 2}' if opts.bind_to != 'none' else ''}"
             f"{' --mechanisms' if mrows else ''}")
    lines = [
        "## Open MPI: plain Open MPI against AALC", "",
        "The ping-pong and the collectives of the MPICH sections at the top of this file, "
        "against Open MPI instead: built "
        "with `mpicc.openmpi -O2` and with `CKPT_CC=mpicc.openmpi ckptcc -O2` (which links "
        "the layer built for Open MPI, `libckptmpi-openmpi.a`), run with "
        f"`mpiexec.openmpi -n 2{bind}` (as root with `OMPI_ALLOW_RUN_AS_ROOT=1 "
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1`). Method, columns and targets as in the MPICH "
        "sections: at most **10% added latency at 8 B**, at most **2% lost bandwidth from "
        "64 KiB up**, an **8-byte Allreduce at most 5% slower** and a 1 MiB one at most 2%; "
        "the verdict uses the in-process figure (MPI_* against PMPI_* in the same process)."
        + ("" if mrows else " The piggyback variants (`pingpong --mode ...`) are not run "
           "here: they study the combine limit, which was chosen against MPICH "
           "(`--mechanisms` runs them)."), "",
        f"- Machine: {info['host']}, {info['cores']} cores ({info['cpu']}), Linux "
        f"{info['kernel']}; {info['mpi']}; 2 ranks on the same node.",
        f"- Layer measured: source `{layer['git']}`, `{MPIS['openmpi']['lib']}` sha256 "
        f"{layer.get('libckptmpi_sha256', '?')} built {layer.get('libckptmpi_mtime', '?')}, "
        f"`CL_COMBINE_LIMIT` {layer.get('combine_limit')}.",
        f"- Date: {when}. Load average (1 min) sampled before each run: "
        f"{min(loads):.2f} to {max(loads):.2f} (median {statistics.median(loads):.2f}).",
        f"- Runs: {opts.repeats} of each build, alternated, {opts.blocks} timed blocks of "
        f"{opts.scale:g} x 2^27 bytes per size (or operation) and run; medians over the runs.",
        f"- Regenerate: `{regen}` (writes this section, and "
        f"`tests/bench/results/{MPIS['openmpi']['json']}`, which holds every run; the MPICH "
        "run keeps this section).", "",
        "### Ping-pong", ""]
    lines += pingpong_table(rows, raw, mech)
    if crows:
        lines += ["### Collectives", "", OPENMPI_COLL_STATE, ""] + coll_table(crows)
    lines += mech_section(rows, mrows, "### Piggyback mechanism")
    return lines


# Measured by hand (tests/bench/collbench.c, medians of 8 alternated runs, the
# PMPI_Allreduce figure), when the across-builds gap at 8 B was looked into.
OPENMPI_COLL_STATE = (
    "Across builds, Open MPI's 8-byte Allreduce measures Open MPI's state more than the "
    "layer. In plain `mpicc.openmpi` builds of collbench (by hand, 2026-11-30, medians of "
    "8 alternated runs, `PMPI_Allreduce` on `MPI_COMM_WORLD`): 0.55 us when the process "
    "had made no collective before, 0.71 us after one `PMPI_Bcast` of one int (on "
    "`MPI_COMM_WORLD` or on a duplicate alike), 0.69 us after the Bcast, Allreduce and "
    "Barrier collbench now makes first. The AALC build's `PMPI_Allreduce`, past the layer, "
    "took 0.63 to 0.75 us before that warm-up, as long as its `MPI_Allreduce`: the layer's "
    "own collectives in `MPI_Init` (a Bcast, two Allreduces, an Allgather) had put Open MPI "
    "in that state. That was the +22.6% across builds this table showed before the warm-up; "
    "with it, the plain build came out the slower in this run. Neither the number of "
    "communicators nor the layer's malloc, stack or address layout mattered (each tried "
    "alone in a plain build). The in-process figure is the verdict.")


def pingpong_table(rows, raw, mech):
    """The ping-pong's table and the verdicts on its targets."""
    lines = [
        "| size | plain latency (us) | AALC latency (us) | added latency | plain MB/s | "
        "AALC MB/s | bandwidth lost | paired: latency / bandwidth | spread | in-process | "
        "floor | target |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        target = target_cell(r)
        inproc = (f"{pct(r['inproc_added_latency_pct'])} ({r['inproc_added_ns']:+.0f} ns)"
                  if "inproc_added_latency_pct" in r else "-")
        floor = pct(r["inproc_plain_pct"]) if "inproc_plain_pct" in r else "-"
        lines.append(
            f"| {human(r['size'])} | {r['plain_lat_us']:.2f} | {r['aalc_lat_us']:.2f} | "
            f"{pct(r['added_latency_pct'])} | {r['plain_bw_mbs']:.0f} | {r['aalc_bw_mbs']:.0f} | "
            f"{pct(r['lost_bandwidth_pct'])} | {pct(r['paired_added_latency_pct'])} / "
            f"{pct(r['paired_lost_bandwidth_pct'])} | {r['plain_spread_pct']:.0f}% / "
            f"{r['aalc_spread_pct']:.0f}% | {inproc} | {floor} | {target} |")
    small = rows[0]
    big = [r for r in rows if r["size"] >= 65536]
    unmet = [human(r["size"]) for r in big if not r["met"]]
    inproc_lines = []
    if "met_inproc" in small:
        unmet_in = [human(r["size"]) for r in big if not r.get("met_inproc")]
        inproc_lines = [
            f"- In the same process (the verdict): 8 B latency **"
            f"{'met' if small['met_inproc'] else 'not met'}** "
            f"({pct(small['inproc_added_latency_pct'])}, {small['inproc_added_ns']:+.0f} ns; "
            f"the plain build's floor {pct(small['inproc_plain_pct'])}); bandwidth from 64 KiB "
            "up **" + ("met at every size" if not unmet_in else
                       f"not met at {', '.join(unmet_in)}") + "** (lost " +
            f"{min(r['inproc_lost_bandwidth_pct'] for r in big):+.1f}% to "
            f"{max(r['inproc_lost_bandwidth_pct'] for r in big):+.1f}%)."]
    extra_ns = 1000 * statistics.median(a[8] - p[8] for a, p in zip(raw["aalc"], raw["plain"]))
    fastest = min(r[8] for r in raw["plain"] + mech.get("none", []))
    lines += ["",
              f"- 8 B latency target across builds: {'met' if small['met'] else 'not met'} "
              f"({pct(small['added_latency_pct'])}, paired "
              f"{pct(small['paired_added_latency_pct'])}). In absolute terms the layer adds "
              f"{extra_ns:.0f} ns to a small message (paired median of AALC - plain at 8 B), "
              f"so the relative figure depends on how fast the MPI itself is: against the "
              f"fastest plain 8 B run of this set ({fastest:.2f} us) it would be "
              f"{pct(100 * extra_ns / 1000 / fastest)}.",
              "- Bandwidth target from 64 KiB up, across builds: " +
              ("met at every size." if not unmet else
               f"not met at {', '.join(unmet)} ({len(unmet)} of {len(big)} sizes; bandwidth "
               f"lost {min(r['lost_bandwidth_pct'] for r in big):.0f}% to "
               f"{max(r['lost_bandwidth_pct'] for r in big):.0f}%)."), *inproc_lines, ""]
    return lines


def mech_section(rows, mrows, heading="## Piggyback mechanism"):
    """The piggyback variants' section; nothing if they were not run."""
    if not mrows:
        return []
    lines = [
        heading, "",
        "Every application message carries a header (the sender's epoch and logging flag; "
        "this study mimics the 8-byte one the layer had before it took 2 bytes, see "
        "protocol.md). The ways to move it, mimicked with PMPI calls in the plain build "
        "(`pingpong --mode ...`, same timing as above) so that only the mechanism differs:", ""]
    for key, label, args in VARIANTS:
        lines.append(f"- {label}: `pingpong {' '.join(args)}`")
    lines += [
        "", "The copy variants copy on both sides and allocate the receive bounce buffer "
        "per message (the layer's blocking calls use a static buffer instead, its "
        "non-blocking ones allocate); the hindexed variants use a cache of committed types "
        "(one type per header/buffer/size, sent from `MPI_BOTTOM`). \"real layer\" is the "
        "AALC build of the ping-pong above (the whole layer: epochs, counts, control-channel "
        "polling). Above `CL_COMBINE_LIMIT` the layer sends the data alone (e) while the "
        "sender's epoch is committed and it is not logging (the receiver infers the header "
        "from the protocol's counts), and otherwise (b'): part 1 does the matching, "
        "wildcards included, and part 2 follows on a private communicator; a probe that "
        "finds a part 1 takes both out of MPI and holds them ([protocol.md](protocol.md)). "
        "The benchmark's runs take no checkpoint, so the real layer sends (e) there.", "",
        "One-way latency (us), median of the runs; in brackets, the paired median of "
        "variant / no header over the repeats (for the real layer: AALC / plain from the "
        "table above):", "",
        "| size | no header | (a) before | (b) separate | (b') separate, sequential | "
        "(c) hindexed | (d) copy | (e) data alone | real layer |",
        "|---|---|---|---|---|---|---|---|---|"]
    for r in mrows:
        cells = [f"{r['none_lat_us']:.2f}"]
        for k in ("a", "b", "b2", "c", "d", "e", "layer"):
            cells.append(f"{r[k + '_lat_us']:.2f} ({pct(r[k + '_paired_pct'])})"
                         if k + "_lat_us" in r else "-")
        lines.append(f"| {human(r['size'])} | " + " | ".join(cells) + " |")
    lines += ["", "In this run:", ""]
    lines += [f"- {s}" for s in conclusions(rows, mrows)]
    lines += ["", "### What this says about the thresholds", ""]
    lines += [f"- {s}" for s in verdict(mrows)]
    lines.append("")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir")
    ap.add_argument("--mpi", choices=sorted(MPIS),
                    help="the MPI to measure against (default mpich; with --from-json, the "
                    "file's)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--blocks", type=int, default=9, help="timed blocks per size and run")
    ap.add_argument("--scale", type=float, default=0.5, help="iterations per block, relative")
    ap.add_argument("--wait-quiet", type=float, default=0, metavar="SECONDS",
                    help="before each run, wait up to SECONDS for no other runnable task")
    ap.add_argument("--bind-to", default="none", metavar="WHAT",
                    help="Open MPI only: mpiexec.openmpi --bind-to WHAT (default none, as "
                    "MPICH's mpiexec does not bind; '' passes nothing)")
    ap.add_argument("--mechanisms", action="store_true",
                    help="Open MPI only: run the piggyback variants too (always run for MPICH)")
    ap.add_argument("--output", default=os.path.join(TOP, "docs", "performance.md"),
                    help="the report (for Open MPI, only its section is replaced)")
    ap.add_argument("--json", help="where the runs go (default tests/bench/results/"
                    "pingpong.json, pingpong-openmpi.json for Open MPI)")
    ap.add_argument("--from-json", metavar="FILE",
                    help="do not measure: rewrite the report from the runs saved in FILE")
    opts = ap.parse_args()
    saved = None
    if opts.from_json:
        with open(opts.from_json) as f:
            saved = json.load(f)
        mpi = saved.get("mpi", "mpich")  # files from before --mpi are MPICH's
        if opts.mpi and opts.mpi != mpi:
            sys.exit(f"error: {opts.from_json} holds runs against {mpi}, not {opts.mpi}")
        opts.mpi = mpi
        opts.bind_to = saved.get("bind_to", opts.bind_to)
    opts.mpi = opts.mpi or "mpich"
    opts.mechanisms = opts.mechanisms or opts.mpi == "mpich"
    if opts.json is None:
        opts.json = os.path.join(TOP, "tests", "bench", "results", MPIS[opts.mpi]["json"])
    build_dir = os.path.abspath(opts.build_dir)
    work = tempfile.mkdtemp(prefix="aalc-mpibench-")
    try:
        if saved:
            info, when, loads = saved["machine"], saved["date"], saved["load_average_before_runs"]
            for k in ("repeats", "blocks", "scale", "wait_quiet"):
                setattr(opts, k, saved.get(k, 0))
            runs = {k: [{(int(size) if size.isdigit() else size): v for size, v in r.items()}
                        for r in rs]
                    for k, rs in saved["raw_lat_us"].items()}
            raw = {"plain": runs.pop("plain"), "aalc": runs.pop("aalc")}
            mech = runs
            coll = saved.get("raw_coll_us")  # absent in files from before collbench
        else:
            info = machine(opts.mpi)
            info["layer"] = layer_identity(build_dir, opts.mpi)
            if info["layer"].get("combine_limit") not in (None, LIMIT):
                print(f"warning: CL_COMBINE_LIMIT is now {info['layer'].get('combine_limit')}, "
                      f"this script assumes {LIMIT}", file=sys.stderr)
            raw, mech, coll, loads = compare(build_dir, work, opts)
            when = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
        rows, mrows = analyse(raw, mech)
        crows = analyse_coll(coll) if coll else None
        write_report(rows, mrows, crows, raw, mech, coll, loads, info, opts, when, opts.output,
                     opts.json)
        for r in rows:
            print(f"{human(r['size']):>8}: plain {r['plain_lat_us']:9.2f} us  aalc "
                  f"{r['aalc_lat_us']:9.2f} us  {pct(r['added_latency_pct']):>7}  "
                  f"{r['plain_bw_mbs']:8.0f} / {r['aalc_bw_mbs']:8.0f} MB/s "
                  f"{'' if 'met' not in r else ('met' if r['met'] else 'NOT MET')}"
                  + (f"  in-process {pct(r['inproc_added_latency_pct'])} (floor "
                     f"{pct(r['inproc_plain_pct'])})"
                     + ('' if 'met_inproc' not in r else
                        (' met' if r['met_inproc'] else ' NOT MET'))
                     if 'inproc_added_latency_pct' in r else ''))
        for r in crows or []:
            print(f"{COLL_LABELS[r['op']]:>9} {human(r['size']) if r['size'] else '':>8}: "
                  f"plain {r['plain_us']:9.2f} us  aalc {r['aalc_us']:9.2f} us  "
                  f"{pct(r['added_pct']):>7} (paired {pct(r['paired_added_pct'])}) "
                  f"{'' if 'met' not in r else ('met' if r['met'] else 'NOT MET')}"
                  + (f"  in-process {pct(r['inproc_pct'])} (floor {pct(r['inproc_plain_pct'])})"
                     + ('' if 'met_inproc' not in r else
                        (' met' if r['met_inproc'] else ' NOT MET'))
                     if 'inproc_pct' in r else ''))
        print(f"wrote {opts.output}"
              f"{' (its Open MPI section)' if opts.mpi == 'openmpi' else ''} and {opts.json}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
