#!/usr/bin/env bash
# The one command for a fresh Debian 12 machine: install what is missing,
# build, and run the demo (a sample built with ckptcc, killed mid-run,
# recovered with --recover, its output compared with an uninterrupted run).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
"$top/scripts/demo.sh"
