#!/usr/bin/env python3
"""What the runtime's wrappers of C library calls cost: tests/bench/libc_calls.c
built with ckptcc and with plain cc, run alternately RUNS times, median
nanoseconds per call of each and their ratio; and the start-up of a program
that does nothing, plain, with ckptcc, and with ckptcc but address-space
randomization left on (CKPT_ASLR=1: no re-exec).

Writes tests/bench/results/libc_calls.json and the table between the markers
in docs/performance.md. Not a CI test: timings need a quiet machine.

usage: libc_calls_benchmark.py BUILD_DIR [--runs N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(TOP, "tests/bench/libc_calls.c")
BEGIN, END = "<!-- libc_calls: begin -->", "<!-- libc_calls: end -->"


def run_once(exe, scratch, env):
    out = subprocess.run([exe, scratch], check=True, capture_output=True, text=True, env=env)
    result = {}
    for line in out.stdout.splitlines():
        name, value = line.rsplit(" ", 1)
        result[name] = float(value)
    return result


def startup(cmd, env, repeats=40):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-libc-calls-")
    ckptcc = os.path.join(os.path.abspath(args.build), "bin", "ckptcc")
    plain, wrapped = os.path.join(work, "plain"), os.path.join(work, "ckptcc")
    subprocess.run(["cc", "-O2", "-o", plain, SOURCE], check=True)
    subprocess.run([ckptcc, "-O2", "-o", wrapped, SOURCE], check=True,
                   env=dict(os.environ, CKPT_CC="cc"))
    env = dict(os.environ, CKPT_INTERVAL="0", CKPT_DIR=os.path.join(work, "unused.ckpt"))
    scratch = os.path.join(work, "scratch")
    samples = {"plain": [], "ckptcc": []}
    for _ in range(args.runs):
        samples["plain"].append(run_once(plain, scratch, env))
        samples["ckptcc"].append(run_once(wrapped, scratch, env))
    rows = []
    for name in samples["plain"][0]:
        p = statistics.median(s[name] for s in samples["plain"])
        c = statistics.median(s[name] for s in samples["ckptcc"])
        rows.append({"call": name, "plain_ns": round(p, 1), "ckptcc_ns": round(c, 1),
                     "ratio": round(c / p, 3) if p else None})
    nothing = os.path.join(work, "nothing.c")
    with open(nothing, "w") as f:
        f.write("int main(void) { return 0; }\n")
    subprocess.run(["cc", "-O2", "-o", plain + "-nothing", nothing], check=True)
    subprocess.run([ckptcc, "-O2", "-o", wrapped + "-nothing", nothing], check=True,
                   env=dict(os.environ, CKPT_CC="cc"))
    start = {
        "plain_ms": round(startup([plain + "-nothing", "x"], env), 2),
        "ckptcc_ms": round(startup([wrapped + "-nothing", "x"], env), 2),
        "ckptcc_aslr_on_ms": round(startup([wrapped + "-nothing", "x"],
                                           dict(env, CKPT_ASLR="1")), 2),
    }
    result = {"runs": args.runs, "calls": rows, "startup": start,
              "machine": os.uname().nodename, "cpus": os.cpu_count()}
    os.makedirs(os.path.join(TOP, "tests/bench/results"), exist_ok=True)
    with open(os.path.join(TOP, "tests/bench/results/libc_calls.json"), "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    table = ["| call | plain cc (ns) | ckptcc (ns) | ratio |", "|---|---:|---:|---:|"]
    for r in rows:
        table.append(f"| {r['call']} | {r['plain_ns']} | {r['ckptcc_ns']} | {r['ratio']} |")
    table.append("")
    table.append(f"Start-up of a program that does nothing (median of 40): plain "
                 f"{start['plain_ms']} ms, ckptcc {start['ckptcc_ms']} ms (of which the run "
                 f"again without address randomization: against "
                 f"{start['ckptcc_aslr_on_ms']} ms with `CKPT_ASLR=1`).")
    doc = os.path.join(TOP, "docs/performance.md")
    with open(doc) as f:
        text = f.read()
    block = BEGIN + "\n" + "\n".join(table) + "\n" + END
    if BEGIN in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text += "\n" + block + "\n"
    with open(doc, "w") as f:
        f.write(text)
    print("\n".join(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
