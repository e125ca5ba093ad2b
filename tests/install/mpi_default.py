#!/usr/bin/env python3
"""install.mpich_default: the MPIs that scripts/install-deps.sh leaves on the
machine (issue 19, point 3). Open MPI is installed beside MPICH, and MPICH
stays the default: Debian's Open MPI registers the alternatives mpi, mpirun
and mpi-<multiarch> at a higher priority than MPICH's, and a plain install
switches mpicc, mpiexec and mpi.h to it.

Checks, with the programs on PATH:
- mpicc is MPICH's: `mpicc -show` names MPICH's include directory or libmpich;
- mpiexec is MPICH's Hydra (`mpiexec --version`);
- the mpi.h that `mpicc -E` includes is MPICH's (MPICH_VERSION defined,
  OMPI_MAJOR_VERSION not, its path under an mpich directory);
- a 2-rank job built with mpicc and run with mpiexec runs on MPICH;
- Open MPI's wrapper mpicc.openmpi exists and works: --showme:version, its
  own mpi.h, and a 2-rank job built with it and run with mpirun.openmpi
  (as root with OMPI_ALLOW_RUN_AS_ROOT{,_CONFIRM}=1, with --oversubscribe).

Exit status 0 when every check passed. Standard library only.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, remove_unless_failed, summary  # noqa: E402

HELLO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpi_hello.c")
PROBE = "#include <mpi.h>\nmpich_version=MPICH_VERSION\nompi_major=OMPI_MAJOR_VERSION\n"


def run(cmd, env=None, timeout=60):
    """(exit status, stdout and stderr) of cmd; 127 when it cannot be started."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, env=env, timeout=timeout)
        return p.returncode, p.stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        return 127, f"{' '.join(cmd)}: {e}"


def alternatives():
    """What update-alternatives says of the three MPI link groups (for failures)."""
    out = []
    for name in ("mpi", "mpirun", "mpi-x86_64-linux-gnu"):
        _, text = run(["update-alternatives", "--query", name])
        out += [f"{name}: {line}" for line in text.splitlines()
                if line.startswith(("Status:", "Value:", "Best:"))]
    return "\n".join(out)


def header(cc, work):
    """(path of the mpi.h that `cc -E` includes, {probe: its expansion}, output)."""
    src = os.path.join(work, "probe.c")
    with open(src, "w") as f:
        f.write(PROBE)
    status, out = run([cc, "-E", src])
    if status != 0:
        return None, {}, out
    path = re.search(r'^# \d+ "([^"]*/mpi\.h)"', out, re.M)
    values = dict(re.findall(r"^(mpich_version|ompi_major)=(.*)$", out, re.M))
    return path.group(1) if path else None, values, out


def job(cc, launcher, extra, env, work, name):
    """Builds mpi_hello.c with cc and runs it on 2 ranks: (ok, library, output)."""
    exe = os.path.join(work, name)
    status, out = run([cc, HELLO, "-o", exe])
    if status != 0:
        return False, None, out
    status, out = run([launcher] + extra + ["-n", "2", exe], env=env, timeout=120)
    m = re.search(r"^ranks 2 sum 1 library (\S+)$", out, re.M)
    return status == 0 and m is not None, m.group(1) if m else None, out


def main():
    work = tempfile.mkdtemp(prefix="aalc-install-")
    print(f"mpicc: {shutil.which('mpicc')}, mpiexec: {shutil.which('mpiexec')}")

    # The default MPI: MPICH.
    status, show = run(["mpicc", "-show"])
    check(status == 0 and re.search(r"/mpich\b|-lmpich\b|libmpich", show) is not None
          and "openmpi" not in show,
          "mpicc -show is MPICH's (names mpich or libmpich)", show + alternatives())
    status, version = run(["mpiexec", "--version"])
    check(status == 0 and "HYDRA" in version.upper(),
          "mpiexec --version is MPICH's Hydra", version + alternatives())
    path, values, out = header("mpicc", work)
    check(path is not None and "/mpich/" in path
          and values.get("mpich_version", "MPICH_VERSION") != "MPICH_VERSION"
          and values.get("ompi_major") == "OMPI_MAJOR_VERSION",
          f"mpi.h of mpicc -E is MPICH's ({path}, MPICH_VERSION "
          f"{values.get('mpich_version')})", out[-2000:] + alternatives())
    ok, library, out = job("mpicc", "mpiexec", [], None, work, "hello_default")
    check(ok and library == "MPICH",
          f"a 2-rank job of mpicc and mpiexec runs on MPICH (library {library})", out)

    # Open MPI beside it, by its own names.
    status, version = run(["mpicc.openmpi", "--showme:version"])
    check(status == 0 and "Open MPI" in version,
          f"mpicc.openmpi --showme:version: {version.strip()}", version)
    path, values, out = header("mpicc.openmpi", work)
    check(path is not None and "openmpi" in path
          and values.get("ompi_major", "OMPI_MAJOR_VERSION") != "OMPI_MAJOR_VERSION",
          f"mpi.h of mpicc.openmpi -E is Open MPI's ({path}, OMPI_MAJOR_VERSION "
          f"{values.get('ompi_major')})", out[-2000:])
    env = dict(os.environ)
    if os.geteuid() == 0:
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    ok, library, out = job("mpicc.openmpi", "mpirun.openmpi", ["--oversubscribe"], env,
                           work, "hello_openmpi")
    check(ok and library == "Open",
          f"a 2-rank job of mpicc.openmpi and mpirun.openmpi runs on Open MPI "
          f"(library {library})", out)

    remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
