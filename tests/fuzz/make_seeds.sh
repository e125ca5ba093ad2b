#!/usr/bin/env bash
# Regenerates the seed images of tests/fuzz/corpus from real checkpoints:
#   make_seeds.sh BUILD_DIR
# seed-serial.img and seed-serial-zstd.img are seed_program.c's first
# checkpoint (frames, globals, heap ranges with a long range and padding),
# plain and zstd-compressed. regress-*.img are regression inputs (keep them):
#   regress-zstd-bomb.img         a zstd frame of run-length blocks claiming
#                                 1.6 GB, found by the first campaign (minutes
#                                 per run under ASan: the target skips frames
#                                 above 64 MiB, docs/limitations.md);
#   regress-heap-range-wraps.img  a heap range of 2^64-3 bytes, whose length
#                                 rounded up to 8 wrapped to 0 and passed
#                                 ckpt_heap_image_check (found writing the target).
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/ckptcc" -O1 -o "$work/seed_program" "$here/seed_program.c"
# env -i: the image holds the environment; the seeds hold nobody's.
cd "$work" # the files seed_program opens
env -i CKPT_DIR=$work/plain CKPT_EVERY=1 CKPT_KEEP=10 CKPT_INTERVAL=0 "$work/seed_program" >/dev/null
env -i CKPT_DIR=$work/zstd CKPT_EVERY=1 CKPT_KEEP=10 CKPT_INTERVAL=0 CKPT_COMPRESS=zstd "$work/seed_program" >/dev/null
cp "$work/plain/ckpt-000001/rank-000000.img" "$here/corpus/seed-serial.img"
cp "$work/zstd/ckpt-000001/rank-000000.img" "$here/corpus/seed-serial-zstd.img"
