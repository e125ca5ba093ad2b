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
  openmpi-bin libopenmpi-dev                                 # the second MPI (issue 19), not the default
  pkg-config                                                 # tests of the installed aalc.pc
  csmith libcsmith-dev                                       # random programs (tests/fuzz/csmith_diff.py)
  bash-builtins                                              # ckptcc's mktemp and rm without a fork
)

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# MPICH stays the default MPI (mpicc, mpiexec, mpi.h, libmpi.so) with Open
# MPI installed beside it: Debian's Open MPI registers the alternatives mpi,
# mpirun and mpi-<multiarch> at priority 50, MPICH at 40, so in auto mode
# they would go to Open MPI. Each one that has an MPICH choice is set to it,
# which also puts it in manual mode: an Open MPI installed later then leaves
# it alone. Nothing is run when they are set already.
keep_mpich_default() {
  local multiarch pair name choice query
  multiarch=$(gcc -print-multiarch 2>/dev/null || true)
  multiarch=${multiarch:-x86_64-linux-gnu}
  for pair in "mpi /usr/bin/mpicc.mpich" \
              "mpirun /usr/bin/mpirun.mpich" \
              "mpi-$multiarch /usr/include/$multiarch/mpich"; do
    name=${pair%% *}
    choice=${pair#* }
    query=$(update-alternatives --query "$name" 2>/dev/null) || continue
    grep -qxF "Alternative: $choice" <<<"$query" || continue
    if grep -qxF "Status: manual" <<<"$query" && grep -qxF "Value: $choice" <<<"$query"; then
      continue
    fi
    $sudo update-alternatives --set "$name" "$choice"
  done
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -ne 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  keep_mpich_default  # before: an Open MPI installed now does not take over
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
    { status=$?; keep_mpich_default; exit $status; }
fi
keep_mpich_default    # after: MPICH and Open MPI installed together, or set by hand
