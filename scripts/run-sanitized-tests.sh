#!/usr/bin/env bash
# Builds AALC with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-asan/ (or $AALC_ASAN_BUILD_DIR) and runs the tests labelled
# `sanitize`: unit, precompiler and serial kill/recover tests.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AALC_ASAN_BUILD_DIR:-$top/build-asan}
"$top/scripts/install-deps.sh"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DAALC_SANITIZE=address,undefined >/dev/null
cmake --build "$build" -j "$(nproc)"
cd "$build"
ctest --output-on-failure -j 2 -L sanitize "$@"
