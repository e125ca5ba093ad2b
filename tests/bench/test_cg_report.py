#!/usr/bin/env python3
"""Checks of cg_report.py, the CG benchmark's reports and statistics (no MPI,
no timing: the benchmark itself is not a CI test).

1. The committed reports are what the script writes from the committed JSON:
   docs/performance-cg.md and the cg_benchmark section of docs/performance.md
   are regenerated with --from-json into a scratch directory and compared
   byte for byte (a hand edit, or a report change without regenerating,
   fails here).
2. The +Collectives estimate over the placements: pairs whose ratios cluster
   by code position (as the two programs' loops sit at different positions
   at one pad) must give back the overhead they were made with, where the
   median of all pairs pooled does not; and the verdict must turn at 1.02.

usage: test_cg_report.py
"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from cg_report import overhead_estimate, pairs_section  # noqa: E402

failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


def committed_reports_regenerate():
    work = tempfile.mkdtemp(prefix="aalc-cg-report-")
    try:
        summary = os.path.join(work, "performance.md")
        shutil.copy(os.path.join(TOP, "docs", "performance.md"), summary)
        output = os.path.join(work, "performance-cg.md")
        subprocess.run([sys.executable, os.path.join(HERE, "cg_benchmark.py"), "unused",
                        "--from-json", "--json", os.path.join(HERE, "results", "cg.json"),
                        "--output", output, "--summary", summary], check=True)
        for name in ("performance-cg.md", "performance.md"):
            with open(os.path.join(work, name)) as a, \
                    open(os.path.join(TOP, "docs", name)) as b:
                check(a.read() == b.read(),
                      f"docs/{name} is what cg_benchmark.py --from-json writes from "
                      "tests/bench/results/cg.json")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def clustered_pairs(overhead, rng, per_placement=20, noise=0.05):
    """Ratios at four pads whose position effects cancel over the four
    (+7%, +7%, -7%, -7%), times the overhead, with multiplicative noise."""
    position = {"0": 0.93, "16": 1.07, "32": 1.07, "48": 0.93}
    return {pad: [overhead * effect * rng.lognormvariate(0, noise)
                  for _ in range(per_placement)]
            for pad, effect in position.items()}


def estimate_recovers_overhead():
    rng = random.Random(11)
    for overhead in (1.00, 1.03):
        ratios = clustered_pairs(overhead, rng)
        value, low, high = overhead_estimate(ratios)
        check(abs(value - overhead) < 0.015 and low <= value <= high,
              f"overhead {overhead:.2f}: estimate {value:.3f} [{low:.3f}-{high:.3f}]")
    # Uneven clusters: a pooled median lands between them, the estimate does not.
    ratios = {"0": [0.90] * 9, "16": [1.10] * 11, "32": [1.10] * 11, "48": [0.90] * 9}
    pooled = statistics.median(r for v in ratios.values() for r in v)
    value, _, _ = overhead_estimate(ratios)
    check(abs(value - 1.00) < 1e-9 and abs(pooled - 1.10) < 1e-9,
          f"clusters 0.90/1.10: estimate {value:.3f}, pooled median {pooled:.3f}")


def verdict_turns_at_bound():
    def section_for(ratio):
        pairs = [{"placement": pad, "original": 1.0, "collectives": ratio}
                 for pad in (0, 16, 32, 48) for _ in range(4)]
        return "\n".join(pairs_section([{"ranks": 2, "pairs": pairs}]))
    check("| met (whole interval) |" in section_for(1.019), "1.019 is met")
    check("| NOT met |" in section_for(1.021), "1.021 is not met")


committed_reports_regenerate()
estimate_recovers_overhead()
verdict_turns_at_bound()
if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("all checks passed")
