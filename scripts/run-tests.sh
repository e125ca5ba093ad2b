#!/usr/bin/env bash
# Runs every test: installs what is missing, builds, then ctest.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AALC_BUILD_DIR:-$top/build}
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j 2 "$@"
