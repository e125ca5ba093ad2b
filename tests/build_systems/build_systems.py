#!/usr/bin/env python3
"""AALC in other people's builds (issue 21, points 5 and 6): one case per run.

Cases:
  quiet_pragmas  project/ (CKPT_POTENTIAL and CKPT_NOREACH of
                 <aalc/ckpt_pragmas.h>, the latter in a header) builds with
                 plain cc -Wall -Wextra -Werror, and with the build tree's
                 ckptcc and the same flags, both without a word on stderr;
                 raw_pragma.c, the raw '#pragma ckpt potential', does make
                 plain cc -Wall warn; the ckptcc build is killed and
                 recovered to the plain build's output (kill_recover.py)
  prefix         cmake --install into a fresh prefix gives every file ckptcc
                 needs; no installed script or package file names the build
                 or source tree, nor does any command the installed ckptcc
                 runs (-show); with the build tree off PATH, the installed
                 ckptcc builds project/ and the MPI sample ring.c, which
                 checkpoint and print what their plain builds print, and the
                 installed ckpt verifies the MPI job's checkpoints
  cmake          project/CMakeLists.txt (find_package(AALC),
                 aalc_checkpointable) against the prefix: relax is
                 instrumented, relax.plain is not; relax is killed and
                 recovered to relax.plain's output
  make           project/Makefile with make CC=<prefix>/bin/ckptcc, and
                 plainly with CPPFLAGS=-I<prefix>/include: killed and
                 recovered to the plain build's output
  pkg_config     with PKG_CONFIG_PATH=<prefix>/lib/pkgconfig:
                 --variable=ckptcc is the installed ckptcc, --modversion the
                 project's, and --cflags --libs build a program with the
                 checkpoint reader

usage: build_systems.py --case NAME --build BUILD_DIR --cc CC [--version V]
                        [--mpicc MPICC --mpiexec MPIEXEC]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
PROJECT = os.path.join(HERE, "project")
KILL_RECOVER = os.path.join(HERE, "..", "serial", "kill_recover.py")
RING = os.path.join(SOURCE_DIR, "samples", "mpi", "ring.c")
sys.path.insert(0, os.path.dirname(HERE))
from checks import LAUNCHER_REPORT, check, clean_env, summary  # noqa: E402

# Every file of an installation that ckptcc or a user's build needs.
PREFIX_FILES = [
    "bin/ckptcc", "bin/ckpt-instrument", "bin/ckpt", "bin/ckptrun",
    "lib/libckptrt.a", "lib/libckptreader.a", "lib/libckptmpi.a", "lib/libckptmpi_p2p.a",
    "include/aalc/ckpt.h", "include/aalc/ckpt_layer.h", "include/aalc/ckpt_reader.h",
    "include/aalc/ckpt_pragmas.h",
    "share/aalc/aalc-sections.ld", "share/aalc/wrapped-symbols.opt",
    "lib/cmake/AALC/AALCConfig.cmake", "lib/cmake/AALC/AALCConfigVersion.cmake",
    "lib/pkgconfig/aalc.pc",
]
# 3000 potential points per run of relax: 20 to 50 checkpoints.
EVERY = ["--every", "60", "150"]


class Case:
    def __init__(self, a, tmp):
        self.a, self.tmp = a, tmp
        self.build = os.path.realpath(a.build)
        # No CKPT_* of the caller's, and the build tree's ckptcc out of reach.
        self.env = clean_env()
        self.env["PATH"] = os.pathsep.join(
            p for p in os.environ.get("PATH", "").split(os.pathsep)
            if p and not os.path.realpath(p).startswith(self.build))
        self.env["CKPT_CC"] = a.cc

    def run(self, cmd, cwd=None, timeout=600, **env):
        p = subprocess.run(cmd, cwd=cwd, env=dict(self.env, **env), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def install(self):
        prefix = os.path.join(self.tmp, "prefix")
        rc, out, err = self.run(["cmake", "--install", self.build, "--prefix", prefix])
        if rc != 0:
            raise SystemExit(f"cmake --install failed:\n{out}{err}")
        return prefix

    def project_copy(self, name):
        dest = os.path.join(self.tmp, name)
        shutil.copytree(PROJECT, dest)
        return dest

    def kill_recover(self, what, exe, plain):
        """kill_recover.py on the pair; its report is printed, its verdict counted."""
        cmd = [sys.executable, KILL_RECOVER, "--exe", exe, "--plain", plain,
               "--name", what, "--trials", "2", *EVERY]
        p = subprocess.run(cmd, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=600)
        report = p.stdout.decode(errors="replace")
        print(report, end="", flush=True)
        check(p.returncode == 0, f"{what}: killed and recovered to the plain build's output")

    # -- the cases -----------------------------------------------------------

    def quiet_pragmas(self):
        src = self.project_copy("project")
        sources = [os.path.join(src, "relax.c"), os.path.join(src, "report.c")]
        flags = ["-O2", "-Wall", "-Wextra", "-Werror"]
        plain = os.path.join(self.tmp, "relax.plain")
        rc, out, err = self.run([self.a.cc, *flags, "-I", os.path.join(self.build, "include"),
                                 "-o", plain, *sources])
        check(rc == 0 and not err, "plain cc -Wall -Wextra -Werror: builds without a word",
              out + err)
        rc, out, err = self.run([self.a.cc, "-Wall", "-c", "-o", os.path.join(self.tmp, "raw.o"),
                                 os.path.join(HERE, "raw_pragma.c")])
        check(rc == 0 and "-Wunknown-pragmas" in err,
              "plain cc -Wall on a raw '#pragma ckpt potential' warns (unknown pragma)", err)
        exe = os.path.join(self.tmp, "relax")
        rc, out, err = self.run([os.path.join(self.build, "bin", "ckptcc"), *flags, "-o", exe,
                                 *sources])
        check(rc == 0 and not err, "ckptcc -Wall -Wextra -Werror: builds without a word",
              out + err)
        if os.path.exists(exe) and os.path.exists(plain):
            self.kill_recover("quiet_pragmas", exe, plain)

    def prefix(self):
        prefix = self.install()
        missing = [f for f in PREFIX_FILES if not os.path.isfile(os.path.join(prefix, f))]
        check(not missing, f"the prefix holds all {len(PREFIX_FILES)} files", f"missing: {missing}")

        trees = [self.build.encode(), SOURCE_DIR.encode()]
        naming = []
        for f in ["bin/ckptcc", "lib/cmake/AALC/AALCConfig.cmake",
                  "lib/cmake/AALC/AALCConfigVersion.cmake", "lib/pkgconfig/aalc.pc",
                  "bin/ckpt-instrument"]:
            path = os.path.join(prefix, f)
            if f == "bin/ckpt-instrument" and os.path.isfile(path):
                # Its debug information names the sources it was built from
                # (RelWithDebInfo): that is for a debugger, not what it runs on.
                stripped = os.path.join(self.tmp, "ckpt-instrument.stripped")
                subprocess.run(["strip", "--strip-debug", "-o", stripped, path], check=True)
                path = stripped
            if os.path.isfile(path):
                with open(path, "rb") as fh:
                    data = fh.read()
                naming += [f for t in trees if t in data]
        check(not naming, "no installed script, package file or ckpt-instrument names the "
              "build or source tree", f"named in: {naming}")

        ckptcc = os.path.join(prefix, "bin", "ckptcc")
        src = self.project_copy("project")
        rc, out, err = self.run([ckptcc, "-show", "-O2", "-o", "relax", "relax.c", "report.c"],
                                cwd=src)
        check(rc == 0 and prefix in out and not any(t.decode() in out for t in trees),
              "the installed ckptcc's commands use the prefix, not the build tree", out + err)

        exe, plain = os.path.join(src, "relax"), os.path.join(src, "relax.plain")
        rc, out, err = self.run([ckptcc, "-O2", "-o", exe, "relax.c", "report.c"], cwd=src)
        check(rc == 0, "the installed ckptcc builds a serial program", out + err)
        rc, out, err = self.run([self.a.cc, "-O2", "-I", os.path.join(prefix, "include"),
                                 "-o", plain, "relax.c", "report.c"], cwd=src)
        check(rc == 0, "the same program builds plainly against the prefix's headers", out + err)
        if rc == 0 and os.path.exists(exe):
            _, want, _ = self.run([plain])
            rc, got, err = self.run([exe], CKPT_EVERY="100", CKPT_VERBOSE="1",
                                    CKPT_DIR=os.path.join(self.tmp, "relax.ckpt"))
            check(rc == 0 and got == want and "committed" in err,
                  "it checkpoints and prints what the plain build prints",
                  f"exit {rc}\n{err[-2000:]}")

        if not (self.a.mpicc and self.a.mpiexec):
            print("  (no MPI: the MPI build is not checked)")
            return
        mpi_exe, mpi_plain = os.path.join(self.tmp, "ring"), os.path.join(self.tmp, "ring.plain")
        rc, out, err = self.run([ckptcc, "-O2", "-o", mpi_exe, RING], CKPT_CC=self.a.mpicc)
        check(rc == 0, "the installed ckptcc builds an MPI program", out + err)
        rc, out, err = self.run([self.a.mpicc, "-O2", "-o", mpi_plain, RING])
        if rc != 0 or not os.path.exists(mpi_exe):
            check(False, "the MPI sample builds with mpicc", out + err)
            return
        job = [self.a.mpiexec, "-n", "2"]
        _, want, _ = self.run([*job, mpi_plain, "60", "100"])
        ckdir = os.path.join(self.tmp, "ring.ckpt")
        rc, got, err = self.run([*job, mpi_exe, "60", "100"], CKPT_EVERY="10", CKPT_VERBOSE="1",
                                CKPT_DIR=ckdir, CKPT_KEEP_ON_EXIT="1")
        got = LAUNCHER_REPORT.sub(b"", got.encode()).decode()
        check(rc == 0 and want and got == want and "committed" in err,
              "the MPI job checkpoints and prints what the plain build prints",
              f"exit {rc}\n{err[-2000:]}")
        rc, out, err = self.run([os.path.join(prefix, "bin", "ckpt"), "verify", ckdir])
        check(rc == 0, "the installed ckpt verifies the job's checkpoints", out + err)

    def cmake(self):
        prefix = self.install()
        src, bld = self.project_copy("project"), os.path.join(self.tmp, "build")
        rc, out, err = self.run(["cmake", "-S", src, "-B", bld, "-DCMAKE_BUILD_TYPE=Release",
                                 f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_C_COMPILER={self.a.cc}"])
        check(rc == 0, "cmake configures the project with find_package(AALC)", out + err)
        if rc != 0:
            return
        rc, out, err = self.run(["cmake", "--build", bld])
        check(rc == 0, "cmake --build builds relax and relax.plain", out + err)
        exe, plain = os.path.join(bld, "relax"), os.path.join(bld, "relax.plain")
        if rc != 0:
            return
        # The runtime's entry points are in the checkpointable target only.
        check(b"ckpt_frame_save" in open(exe, "rb").read(),
              "relax (aalc_checkpointable) is instrumented and linked with the runtime")
        check(b"ckpt_frame_save" not in open(plain, "rb").read(),
              "relax.plain, the project's other target, is not")
        self.kill_recover("cmake", exe, plain)

    def make(self):
        prefix = self.install()
        src, plain_src = self.project_copy("project"), self.project_copy("plain")
        rc, out, err = self.run(["make", f"CC={os.path.join(prefix, 'bin', 'ckptcc')}"], cwd=src)
        check(rc == 0, "make CC=<prefix>/bin/ckptcc builds the program", out + err)
        rc2, out, err = self.run(["make", f"CC={self.a.cc}",
                                  f"CPPFLAGS=-I{os.path.join(prefix, 'include')}"], cwd=plain_src)
        check(rc2 == 0 and "warning" not in err, "make builds it plainly, without warnings",
              out + err)
        if rc == 0 and rc2 == 0:
            self.kill_recover("make", os.path.join(src, "relax"), os.path.join(plain_src, "relax"))

    def pkg_config(self):
        prefix = self.install()
        env = {"PKG_CONFIG_PATH": os.path.join(prefix, "lib", "pkgconfig")}
        rc, out, err = self.run(["pkg-config", "--variable=ckptcc", "aalc"], **env)
        path = out.strip()
        check(rc == 0 and path and os.path.realpath(path) ==
              os.path.realpath(os.path.join(prefix, "bin", "ckptcc")) and os.access(path, os.X_OK),
              "pkg-config --variable=ckptcc aalc is the installed ckptcc", f"{out}{err}")
        rc, out, err = self.run(["pkg-config", "--modversion", "aalc"], **env)
        check(rc == 0 and out.strip() == self.a.version,
              f"pkg-config --modversion aalc is {self.a.version}", out + err)
        rc, out, err = self.run(["pkg-config", "--cflags", "--libs", "aalc"], **env)
        if not check_ok(rc == 0, "pkg-config --cflags --libs aalc", out + err):
            return
        prog = os.path.join(self.tmp, "newest.c")
        with open(prog, "w") as f:
            f.write('#include <aalc/ckpt_reader.h>\n#include <stdio.h>\n'
                    'int main(int argc, char **argv)\n{\n'
                    '    printf("%llu\\n", (unsigned long long)'
                    'ckpt_reader_newest_committed(argc > 1 ? argv[1] : "."));\n'
                    '    return 0;\n}\n')
        exe = os.path.join(self.tmp, "newest")
        rc, out2, err = self.run([self.a.cc, "-Wall", "-Werror", "-o", exe, prog, *out.split()])
        check(rc == 0, "a program built with those flags links the checkpoint reader", out2 + err)
        if rc == 0:
            rc, out2, err = self.run([exe, os.path.join(self.tmp, "none.ckpt")])
            check(rc == 0 and out2 == "0\n", "and runs: no checkpoint in an empty place", out2 + err)


def check_ok(ok, what, detail=""):
    check(ok, what, detail)
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--case", required=True,
                   choices=["quiet_pragmas", "prefix", "cmake", "make", "pkg_config"])
    p.add_argument("--build", required=True, help="AALC's build directory")
    p.add_argument("--cc", required=True, help="the plain C compiler")
    p.add_argument("--version", default="", help="AALC's version (pkg_config)")
    p.add_argument("--mpicc", default="")
    p.add_argument("--mpiexec", default="")
    a = p.parse_args()
    tmp = tempfile.mkdtemp(prefix=f"aalc-build-systems-{a.case}-")
    try:
        getattr(Case(a, tmp), a.case)()
    finally:
        status = summary()
        if status == 0:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"files kept in {tmp}")
    return status


if __name__ == "__main__":
    sys.exit(main())
