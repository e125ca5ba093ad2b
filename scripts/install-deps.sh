#!/usr/bin/env bash
# Installs the Debian packages AALC needs, if any are missing (Debian 12).
set -euo pipefail

packages=(
  cmake make gcc g++ git python3
  clang clang-tools libclang-dev libclang-cpp-dev llvm-dev   # ckpt-instrument (libTooling)
  bison                                                      # the #pragma ckpt grammar
  libxxhash-dev                                              # image checksums
  libzstd-dev                                                # CKPT_COMPRESS=zstd
  mpich libmpich-dev                                         # MPI (coordination layer, tests)
  pkg-config                                                 # tests of the installed aalc.pc
  csmith libcsmith-dev                                       # random programs (tests/fuzz/csmith_diff.py)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
