#!/usr/bin/env python3
"""What ckptcc costs at build time, against the plain compiler (issue 17).

Each C file is compiled with `-c` by the plain compiler and by ckptcc over it
(CKPT_CC = that compiler), alternated, --repeats times; the fastest run of
each counts (the machine is shared: the fastest is the least disturbed). CPU
time (user + system of the children) is measured beside the wall time.
Groups: the serial samples (cc), the MPI samples (mpicc), and, with --tree,
every .c file of another program's source directory (for a program of 10,000+
lines, fetched for the purpose: nothing of it is kept here). For the
samples of several files the link is timed too: ckptcc's link runs the
whole-program step (ckpt-link), which instruments again the files whose
assumptions were wrong.

Writes tests/bench/results/build_cost.json and its section of
docs/performance.md (between markers).

Usage: python3 tests/bench/build_cost.py BUILD_DIR [--repeats 3] [--flags "-O2"]
           [--tree DIR --tree-name NAME [--tree-flags "-DX ..."] [--tree-cc mpicc]]...
Standard library only.
"""

import argparse
import glob
import json
import os
import platform
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tests", "bench"))
from report_sections import put_section  # noqa: E402

MULTI_FILE_SAMPLES = ["three_units", "timed_units"]
TARGET = 1.5  # issue 17: ckptcc at most 1.5x the plain compiler's time per file


def timed(cmd, env=None, cwd=None):
    """(wall seconds, CPU seconds of the children) of one command; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("build_cost.py: failed: %s\n%s" % (" ".join(cmd), r.stderr))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare(commands, env, repeats, cwd=None):
    """Fastest [wall, CPU] time of each named command, run alternated."""
    best = {key: [float("inf")] * 2 for key in commands}
    for _ in range(repeats):
        for key, cmd in commands.items():
            wall, cpu = timed(cmd, env, cwd)
            best[key] = [min(best[key][0], wall), min(best[key][1], cpu)]
    return best


def lines_of(path):
    with open(path, errors="replace") as f:
        return sum(1 for _ in f)


def ckptcc_steps(ckptcc_cmd, env, work):
    """ckptcc's two heavy steps for one file, as it runs them (from -v): the
    ckpt-instrument command, and the plain compiler's on the instrumented copy
    (kept with --ckpt-keep-temps, in a directory of its own that is returned)."""
    r = subprocess.run([ckptcc_cmd[0], "-v", "--ckpt-keep-temps"] + ckptcc_cmd[1:], env=env,
                       cwd=work, capture_output=True, text=True)
    instrument = compile_copy = kept = None
    for line in r.stderr.splitlines():
        if line.startswith("ckptcc: instrumented sources kept in "):
            kept = line.split(" kept in ", 1)[1].strip()
        words = shlex.split(line) if line[:1] not in (" ", "") else []
        if words and words[0].endswith("/ckpt-instrument"):
            instrument = words
        elif words and compile_copy is None and any(w.startswith(tempfile.gettempdir() + "/ckptcc.")
                                            for w in words):
            compile_copy = words
    if r.returncode != 0 or not instrument or not compile_copy:
        sys.exit("build_cost.py: cannot find ckptcc's steps for %s:\n%s" % (
            " ".join(ckptcc_cmd), r.stderr[-2000:]))
    # Without the -v ckptcc passed on.
    drop = {i for i, w in enumerate(instrument) if w == "-v" and i and
            instrument[i - 1] == "--compile-word"}
    instrument = [w for i, w in enumerate(instrument) if i not in drop and i + 1 not in drop]
    compile_copy = [w for w in compile_copy if w != "-v"]
    return instrument, compile_copy, kept


def measure_files(group, files, compiler, flags, ckptcc, repeats, work):
    env = dict(os.environ, CKPT_CC=compiler)
    rows = []
    for src in files:
        obj = os.path.join(work, "x.o")
        include = ["-I", os.path.dirname(src)]
        ckpt_cmd = [ckptcc] + flags + include + ["-c", src, "-o", obj]
        best = compare({"plain": [compiler] + flags + include + ["-c", src, "-o", obj],
                        "ckptcc": ckpt_cmd}, env, repeats)
        # Where ckptcc's time goes: the instrumenter, the compile of the copy.
        instrument, compile_copy, kept = ckptcc_steps(ckpt_cmd, env, work)
        try:
            steps = compare({"instrument": instrument, "copy": compile_copy}, env, repeats,
                            cwd=work)
        finally:
            shutil.rmtree(kept, ignore_errors=True)
        rows.append({"group": group, "file": os.path.relpath(src, TOP)
                     if src.startswith(TOP) else src, "lines": lines_of(src),
                     "plain_wall": best["plain"][0], "ckptcc_wall": best["ckptcc"][0],
                     "plain_cpu": best["plain"][1], "ckptcc_cpu": best["ckptcc"][1],
                     "instrument_wall": steps["instrument"][0], "copy_wall": steps["copy"][0]})
        r = rows[-1]
        print("%-10s %-40s %6d lines  cc %.3f s  ckptcc %.3f s  (%.2fx; instrument %.3f, "
              "copy compiled %.3f)" % (
                  group, r["file"][-40:], r["lines"], r["plain_wall"], r["ckptcc_wall"],
                  r["ckptcc_wall"] / r["plain_wall"], r["instrument_wall"], r["copy_wall"]),
              flush=True)
    return rows


def measure_links(ckptcc, flags, repeats, work):
    """Link of the multi-file samples: plain objects with cc, ckptcc's with ckptcc."""
    rows = []
    env = dict(os.environ, CKPT_CC="cc")
    for name in MULTI_FILE_SAMPLES:
        srcs = sorted(glob.glob(os.path.join(TOP, "samples", "serial", name, "*.c")))
        d = os.path.join(work, name)
        os.makedirs(d, exist_ok=True)
        plain_objs, ckpt_objs = [], []
        for s in srcs:
            stem = os.path.splitext(os.path.basename(s))[0]
            plain_objs.append(os.path.join(d, stem + ".plain.o"))
            ckpt_objs.append(os.path.join(d, stem + ".o"))
            timed(["cc"] + flags + ["-Wno-unknown-pragmas", "-c", s, "-o", plain_objs[-1]])
            timed([ckptcc] + flags + ["-c", s, "-o", ckpt_objs[-1]], env)
        best = compare({"plain": ["cc", "-o", os.path.join(d, "plain")] + plain_objs + ["-lm"],
                        "ckptcc": [ckptcc, "-o", os.path.join(d, "ckpt")] + ckpt_objs + ["-lm"]},
                       env, repeats)
        r = subprocess.run([ckptcc, "-v", "-o", os.path.join(d, "ckpt")] + ckpt_objs + ["-lm"],
                           env=env, capture_output=True, text=True)
        again = [l for l in r.stderr.splitlines() if l.startswith("ckpt-link: instrumenting")]
        rows.append({"sample": name, "files": len(srcs), "instrumented_again": len(again),
                     "plain_wall": best["plain"][0], "ckptcc_wall": best["ckptcc"][0],
                     "plain_cpu": best["plain"][1], "ckptcc_cpu": best["ckptcc"][1]})
        print("link %-12s cc %.3f s  ckptcc %.3f s  (%d of %d files instrumented again)" % (
            name, best["plain"][0], best["ckptcc"][0], len(again), len(srcs)), flush=True)
    return rows


def summary(rows):
    out = {}
    for group in sorted({r["group"] for r in rows}):
        g = [r for r in rows if r["group"] == group]
        plain = sum(r["plain_wall"] for r in g)
        ckpt = sum(r["ckptcc_wall"] for r in g)
        plain_cpu = sum(r["plain_cpu"] for r in g)
        ckpt_cpu = sum(r["ckptcc_cpu"] for r in g)
        worst = max(g, key=lambda r: r["ckptcc_wall"] / r["plain_wall"])
        ratios = sorted(r["ckptcc_wall"] / r["plain_wall"] for r in g)
        out[group] = {"files": len(g), "lines": sum(r["lines"] for r in g),
                      "plain_wall": plain, "ckptcc_wall": ckpt, "ratio": ckpt / plain,
                      "instrument_wall": sum(r["instrument_wall"] for r in g),
                      "copy_wall": sum(r["copy_wall"] for r in g),
                      "median_ratio": ratios[len(ratios) // 2],
                      "over_target": sum(1 for x in ratios if x > TARGET),
                      "cpu_ratio": ckpt_cpu / plain_cpu if plain_cpu else None,
                      "worst_file": worst["file"],
                      "worst_ratio": worst["ckptcc_wall"] / worst["plain_wall"]}
    return out


def report(result):
    s = result["summary"]
    lines = [
        "## Build time: ckptcc against the plain compiler (issue 17)",
        "",
        "ckptcc parses each file with Clang (`ckpt-instrument`), writes the instrumented "
        "copy, and compiles that with the plain compiler; a file that reaches no checkpoint "
        "comes out unchanged but for its summary.",
        "",
        "- Machine: %s, %d cores, Linux %s; load average (1 min) before the runs: %.2f, "
        "after: %.2f. Source `%s`, %s." % (
            result["host"], result["cores"], result["kernel"], result["load_before"],
            result["load_after"], result["commit"], result["date"]),
        "- Method: every file compiled with `%s -c` by the plain compiler (cc for the serial "
        "samples, mpicc for the MPI samples, the other programs' as listed) and by ckptcc "
        "over it, "
        "alternated, %d times each; the fastest run counts." % (
            " ".join(result["flags"]), result["repeats"]),
        "- Regenerate: `python3 tests/bench/build_cost.py build%s`." % "".join(
            " --tree DIR --tree-name %s --tree-cc %s" % (shlex.quote(t["name"]), t["cc"])
            for t in result.get("trees", [])),
        "",
        "| files | count | lines | cc, s | ckptcc, s | ratio (wall) | ratio (CPU) "
        "| per file: median ratio | files over %.1fx | worst file (ratio) |" % TARGET,
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for group, g in s.items():
        lines.append("| %s | %d | %d | %.2f | %.2f | %.2fx | %s | %.2fx | %d | `%s` (%.2fx) |" % (
            group, g["files"], g["lines"], g["plain_wall"], g["ckptcc_wall"], g["ratio"],
            "%.2fx" % g["cpu_ratio"] if g["cpu_ratio"] else "-", g["median_ratio"],
            g["over_target"], os.path.basename(g["worst_file"]), g["worst_ratio"]))
    lines += ["", "Where ckptcc's time goes, summed over each group's files: the plain compiler "
              "on the original; the same compiler on ckptcc's instrumented copy (its excess "
              "over the original is gcc's work on the inserted code); `ckpt-instrument` alone "
              "(Clang's parse, the analysis, the rewrite); the rest is ckptcc's own (bash, "
              "temporary files, the probe of an MPI wrapper). Each step timed alone, fastest "
              "of the runs.", "",
              "| files | cc on the original, s | cc on the instrumented copy, s | "
              "ckpt-instrument, s | rest, s |", "|---|---|---|---|---|"]
    for group, g in s.items():
        lines.append("| %s | %.2f | %.2f (%+.0f%%) | %.2f | %.2f |" % (
            group, g["plain_wall"], g["copy_wall"],
            100 * (g["copy_wall"] / g["plain_wall"] - 1), g["instrument_wall"],
            g["ckptcc_wall"] - g["copy_wall"] - g["instrument_wall"]))
    files = result["files"]

    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    extra = median(r["ckptcc_wall"] - r["plain_wall"] for r in files)
    instrument = median(r["instrument_wall"] for r in files)
    rest = median(r["ckptcc_wall"] - r["copy_wall"] - r["instrument_wall"] for r in files)
    big = [r for r in files if r["lines"] >= 1000]
    lines += ["", "Per file, ckptcc adds %.0f ms in the median: `ckpt-instrument` %.0f ms "
              "(its start and Clang's parse of the file and its headers) and ckptcc's own "
              "steps %.0f ms, both nearly fixed, plus whatever more the instrumented copy "
              "costs the compiler. So a file whose plain compile takes less than about %.0f ms "
              "goes over %.1fx on the fixed part alone%s." % (
                  1000 * extra, 1000 * instrument, 1000 * rest,
                  1000 * (instrument + rest) / (TARGET - 1), TARGET,
                  "; the %d files of 1,000 lines or more take %.2fx together" % (
                      len(big), sum(r["ckptcc_wall"] for r in big) /
                      sum(r["plain_wall"] for r in big)) if big else "")]
    lines += ["", "Linking the samples of several files (ckptcc's link adds the runtime, "
              "and ckpt-link's whole-program step instruments again, parses and compiles the "
              "files whose assumptions were wrong):", "",
              "| sample | files | instrumented again | cc link, s | ckptcc link, s |",
              "|---|---|---|---|---|"]
    for r in result["links"]:
        lines.append("| %s | %d | %d | %.3f | %.3f |" % (
            r["sample"], r["files"], r["instrumented_again"], r["plain_wall"],
            r["ckptcc_wall"]))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build_dir")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--flags", default="-O2")
    ap.add_argument("--tree", action="append", default=[],
                    help="another program's source directory: every .c file in it "
                    "(repeatable; the --tree-* options go with the trees in order)")
    ap.add_argument("--tree-name", action="append", default=[],
                    help="what to call it in the report")
    ap.add_argument("--tree-flags", action="append", default=[],
                    help="extra flags for its files")
    ap.add_argument("--tree-cc", action="append", default=[],
                    help="its plain compiler (default cc; mpicc for an MPI program)")
    ap.add_argument("--no-docs", action="store_true", help="do not touch docs/performance.md")
    ap.add_argument("--report-only", action="store_true",
                    help="write the docs section again from results/build_cost.json")
    args = ap.parse_args()
    out = os.path.join(TOP, "tests", "bench", "results", "build_cost.json")
    if args.report_only:
        with open(out) as f:
            text = report(json.load(f))
        put_section(os.path.join(TOP, "docs", "performance.md"), "build_cost", text)
        print(text)
        return
    ckptcc = os.path.join(os.path.abspath(args.build_dir), "bin", "ckptcc")
    flags = shlex.split(args.flags)
    load_before = os.getloadavg()[0]
    work = tempfile.mkdtemp(prefix="build_cost.")
    try:
        serial = sorted(glob.glob(os.path.join(TOP, "samples", "serial", "*.c")) +
                        glob.glob(os.path.join(TOP, "samples", "serial", "*", "*.c")))
        rows = measure_files("serial samples", serial, "cc", flags + ["-Wno-unknown-pragmas"],
                             ckptcc, args.repeats, work)
        if shutil.which("mpicc"):
            mpi = sorted(glob.glob(os.path.join(TOP, "samples", "mpi", "*.c")))
            rows += measure_files("MPI samples", mpi, "mpicc", flags + ["-Wno-unknown-pragmas"],
                                  ckptcc, args.repeats, work)
        for i, tree_dir in enumerate(args.tree):
            nth = lambda options, default: options[i] if i < len(options) else default
            tree = sorted(glob.glob(os.path.join(tree_dir, "*.c")))
            rows += measure_files(nth(args.tree_name, "other program %d" % (i + 1)), tree,
                                  nth(args.tree_cc, "cc"),
                                  flags + shlex.split(nth(args.tree_flags, "")), ckptcc,
                                  args.repeats, work)
        links = measure_links(ckptcc, flags, args.repeats, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    commit = subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    result = {"host": platform.node() or "?", "cores": os.cpu_count(),
              "kernel": platform.release(), "load_before": load_before,
              "load_after": os.getloadavg()[0], "commit": commit,
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "flags": flags, "repeats": args.repeats,
              "trees": [{"name": n, "cc": c} for n, c in
                        zip(args.tree_name, args.tree_cc + ["cc"] * len(args.tree_name))],
              "files": rows, "links": links, "summary": summary(rows)}
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    text = report(result)
    print(text)
    if not args.no_docs:
        put_section(os.path.join(TOP, "docs", "performance.md"), "build_cost", text)


if __name__ == "__main__":
    main()
