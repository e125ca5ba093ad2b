#!/usr/bin/env python3
"""No MPI call slips past the coordination layer (issue 18, point 4).

Reads the MPI's prototypes (its mpi.h as the compiler wrapper preprocesses
it) and the layer's archive, and fails when:
  - a call that takes a handle (communicator, datatype, group, reduction,
    error handler, request, message, window, file, session) is defined
    nowhere in the archive: the program's handle would reach the library,
    or the library's call would run unseen;
  - a call is defined by more than one object of the archive (a wrapper
    written by hand and also generated: which one links is luck);
  - the wrappers the build generated (forward.c, unsupported.c) are not what
    coordlayer/tools/gen_wrappers.py writes from this MPI and today's
    hand-written sources: the build missed a change it depends on.

usage: wrappers_cover.py --mpicc MPICC --archive libckptmpi.a --nm NM --generated DIR
"""
import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "coordlayer", "tools"))
import gen_wrappers  # noqa: E402  (its handle types and parsing)


def takes_handle(params):
    handles = set(gen_wrappers.HANDLE_TYPES) | gen_wrappers.OPAQUE_HANDLES
    for t, _, _ in gen_wrappers.params_of(params):
        if t.replace("const ", "").replace("*", "").strip() in handles:
            return True
    return False


def definitions(nm, archive):
    """{symbol: [objects defining it]} for the archive's MPI_ functions."""
    out = subprocess.run([nm, "-A", "--defined-only", archive], capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"(.*?):\s*[0-9a-f]+ T (MPI_\w+)$", line)
        if m:
            found.setdefault(m.group(2), []).append(m.group(1).split(":")[-1])
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpicc", required=True)
    ap.add_argument("--archive", required=True)
    ap.add_argument("--nm", default="nm")
    ap.add_argument("--generated", required=True, help="where the build wrote the wrappers")
    a = ap.parse_args()
    protos, header = gen_wrappers.preprocessed_prototypes(a.mpicc)
    defined = definitions(a.nm, a.archive)
    problems = []
    needing = sorted({name for _, name, params in protos
                      if name not in gen_wrappers.SKIP and takes_handle(" ".join(params.split()))})
    for name in needing:
        if name not in defined:
            problems.append("%s takes an MPI handle and is neither wrapped nor refused" % name)
    for name, objects in sorted(defined.items()):
        if len(objects) > 1:
            problems.append("%s is defined by %s" % (name, " and ".join(objects)))

    src = os.path.join(ROOT, "coordlayer", "src")
    for f in ("forward.c", "unsupported.c"):
        if os.path.exists(os.path.join(src, f)):
            problems.append("coordlayer/src/%s is a stale copy: the build generates it" % f)
    work = tempfile.mkdtemp(prefix="aalc-wrappers-")
    subprocess.run([sys.executable, os.path.join(ROOT, "coordlayer", "tools", "gen_wrappers.py"),
                    "--mpicc", a.mpicc, src, work], check=True)
    for f in ("forward.c", "unsupported.c"):
        if not filecmp.cmp(os.path.join(a.generated, f), os.path.join(work, f), shallow=False):
            problems.append("%s/%s is not what gen_wrappers.py writes from %s: the build "
                            "missed a change" % (a.generated, f, header))
    shutil.rmtree(work)

    print("wrappers_cover: %s: %d calls take handles, %d MPI_ functions defined by the layer"
          % (header, len(needing), len(defined)))
    for p in problems:
        print("FAIL  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
