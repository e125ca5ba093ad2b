#!/usr/bin/env python3
"""Incremental images against full ones on a busy node (issue 20, target 4).

The programs and the measure of busy_checkpoint.py (as many ranks as cores,
the CG solver and the bucket sort, a checkpoint every --every-th round of the
sort and every 8 x --every-th CG iteration), each run

  plain, no checkpoint        as there
  default, incremental        the default write mode, full images and
                              CKPT_INCREMENTAL=4 (a full image every 4th)
  through, through-incremental  the same written through

--runs alternated runs of every cell, medians. Reported per cell: the loss a
checkpoint and the copy (busy_checkpoint.py's), the mean image a rank writes
a checkpoint, and the peak resident memory against plain's. Each program's
verdict: incremental images win where they lose less a checkpoint than full
images in the same write mode. Every run's output is compared with plain's.

Writes tests/bench/results/incremental.json and a section of
docs/performance.md. Not a CI test.

usage: incremental_benchmark.py BUILD_DIR [--runs 3] [--cg 600,1000] [--sort 1048576]
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from busy_checkpoint import TOP, add_program_arguments, measure_programs  # noqa: E402
from report_sections import put_section  # noqa: E402

PAIRS = (("default", "incremental"), ("through", "through-incremental"))


# Below this ratio of bytes written, incremental images save something; above
# it a lower loss is the runs' noise, not their doing.
SAVES_BELOW = 0.9


def verdicts(results):
    """Per program and size, per write mode: incremental against full images.
    "wins": it writes less and loses no more a checkpoint (nor stops the
    program longer at later checkpoints); "no gain": it writes about as much;
    "loses" otherwise."""
    out = {}
    for key, cells in results.items():
        for full, incremental in PAIRS:
            f, i = cells[full], cells[incremental]
            ratio = i["mean_image_bytes"] / f["mean_image_bytes"]
            if ratio > SAVES_BELOW:
                verdict = "no gain"
            elif i["loss_s"] <= f["loss_s"] and i["later_copy_s"] <= f["later_copy_s"]:
                verdict = "wins"
            else:
                verdict = "loses"
            out[f"{key} {full}"] = {"full_loss_s": f["loss_s"], "incremental_loss_s": i["loss_s"],
                                    "full_later_copy_s": f["later_copy_s"],
                                    "incremental_later_copy_s": i["later_copy_s"],
                                    "image_ratio": ratio, "verdict": verdict}
    return out


def report(results, judged, opts):
    lines = [
        "## Incremental images (issue 20, target 4)",
        "",
        f"`tests/bench/incremental_benchmark.py`: {opts.ranks} ranks on {os.cpu_count()} cores, "
        f"a checkpoint every {opts.every} rounds of the sort and {8 * opts.every} CG iterations, "
        f"median of {opts.runs} alternated runs; `CKPT_INCREMENTAL=4` (a full image every 4th "
        "checkpoint). Loss and copy as in the busy-node table above; image: the mean bytes a "
        "rank writes a checkpoint.",
        "",
        "| program | size | mode | checkpoints | loss a checkpoint | copy first / later "
        "| mean image | peak vs plain |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, cells in results.items():
        program, size = key.split(":")
        for cell, e in cells.items():
            if "checkpoints" not in e:
                continue
            lines.append(
                f"| {program} | {size} | {cell} | {e['checkpoints']:g} "
                f"| {e['loss_s'] * 1000:.1f} ms | {e['first_copy_s'] * 1000:.1f} / "
                f"{e['later_copy_s'] * 1000:.1f} ms | {e['mean_image_bytes'] / 2**20:.1f} MiB "
                f"| {e['peak_vs_plain']:.2f}x |")
    lines += ["", "Incremental against full images, the same write mode (wins: writes under "
              f"{SAVES_BELOW:g}x the bytes and loses no more a checkpoint, nor stops longer at "
              "later ones; no gain: writes about as much):", ""]
    for key, v in judged.items():
        lines.append(f"- {key}: loss {v['incremental_loss_s'] * 1000:.1f} against "
                     f"{v['full_loss_s'] * 1000:.1f} ms a checkpoint, later stops "
                     f"{v['incremental_later_copy_s'] * 1000:.1f} against "
                     f"{v['full_later_copy_s'] * 1000:.1f} ms, bytes written "
                     f"{v['image_ratio']:.2f}x: **{v['verdict']}**")
    wins = sum(v["verdict"] == "wins" for v in judged.values())
    lines += ["", f"Incremental images win in {wins} of {len(judged)} cells: "
              + ("on by default would pay here." if wins == len(judged) else
                 "they stay off by default (`CKPT_INCREMENTAL` unset); a program whose state "
                 "is mostly unchanged between checkpoints (a stored matrix, tables) turns them "
                 "on.")]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    add_program_arguments(ap, "1048576")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--json", default=os.path.join(TOP, "tests", "bench", "results",
                                                   "incremental.json"))
    ap.add_argument("--output", default=os.path.join(TOP, "docs", "performance.md"))
    opts = ap.parse_args()
    opts.modes = [m for pair in PAIRS for m in pair]
    work = tempfile.mkdtemp(prefix="aalc-incremental-")
    try:
        results = measure_programs(opts, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    judged = verdicts(results)
    os.makedirs(os.path.dirname(opts.json), exist_ok=True)
    with open(opts.json, "w") as f:
        json.dump({"ranks": opts.ranks, "cores": os.cpu_count(), "every": opts.every,
                   "runs": opts.runs, "results": results, "verdicts": judged}, f, indent=1)
    text = report(results, judged, opts)
    put_section(opts.output, "incremental_benchmark", text)
    print(text)


if __name__ == "__main__":
    main()
