#!/usr/bin/env python3
"""One kill/recover test per class of state outside the program's variables
(tests/serial/state_classes/prog.c, one build per class): the program is
built with ckptcc and with plain cc (each linked with a static library built
by plain cc), killed at step 30 after a checkpoint at step 21 and recovered;
its stdout (a file: the runtime rewinds it) and the files it writes must be
the plain build's byte for byte.

usage: state_classes.py BUILD_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import clean_env  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "state_classes")
CLASSES = {1: "a global of a header used by another file", 2: "rand", 3: "strtok",
           4: "atexit", 5: "a signal handler", 6: "chdir", 7: "a log file open all along",
           8: "a saved copy of stdout", 9: "a static library built by cc"}
FILES = {7: ["log.txt"]}


def build(cc, case, out, lib, env=None):
    sources = [os.path.join(HERE, "prog.c"), os.path.join(HERE, "other.c")]
    return subprocess.run([cc, "-O2", f"-DCASE={case}", "-o", out, *sources, lib],
                          capture_output=True, text=True, env=env)


def run_case(build_dir, case, work):
    lib_obj, lib = os.path.join(work, "plain_lib.o"), os.path.join(work, "libplain.a")
    subprocess.run(["cc", "-O2", "-c", os.path.join(HERE, "plain_lib.c"), "-o", lib_obj],
                   check=True)
    subprocess.run(["ar", "rcs", lib, lib_obj], check=True)
    ref, run = os.path.join(work, "reference"), os.path.join(work, "run")
    os.makedirs(ref)
    os.makedirs(run)
    r = build("cc", case, os.path.join(work, "plain"), lib)
    if r.returncode:
        return f"plain build failed: {r.stderr}"
    env = dict(os.environ, CKPT_CC="cc")
    r = build(os.path.join(build_dir, "bin", "ckptcc"), case, os.path.join(work, "prog"), lib, env)
    if r.returncode:
        return f"ckptcc refused it: {r.stderr.strip().splitlines()[0] if r.stderr else ''}"
    ref_flag = os.path.join(work, "reference.flag")
    open(ref_flag, "w").close()
    with open(os.path.join(ref, "out.txt"), "wb") as out:
        subprocess.run([os.path.join(work, "plain"), ref_flag], cwd=ref, stdout=out, check=True)
    flag = os.path.join(work, "run.flag")
    env = clean_env(CKPT_EVERY="10", CKPT_DIR=os.path.join(work, "ckpt"))
    with open(os.path.join(run, "out.txt"), "ab") as out:
        first = subprocess.run([os.path.join(work, "prog"), flag], cwd=run, stdout=out,
                               stderr=subprocess.PIPE, env=env, timeout=60)
        if first.returncode != -9:
            return f"the first run was not killed at step 30 (status {first.returncode})"
        second = subprocess.run([os.path.join(work, "prog"), flag, "--recover"], cwd=run,
                                stdout=out, stderr=subprocess.PIPE, env=env, timeout=60)
    if second.returncode != 0:
        return f"the recovery ended with status {second.returncode}: {second.stderr.decode()}"
    for name in ["out.txt"] + FILES.get(case, []):
        with open(os.path.join(ref, name), "rb") as f:
            expected = f.read()
        with open(os.path.join(run, name), "rb") as f:
            got = f.read()
        if got != expected:
            return f"{name} differs: {got!r} instead of {expected!r}"
    return None


def main():
    build_dir = os.path.abspath(sys.argv[1])
    failed = 0
    for case, title in CLASSES.items():
        work = tempfile.mkdtemp(prefix=f"aalc-state-class-{case}-")
        problem = run_case(build_dir, case, work)
        if problem:
            failed += 1
            print(f"FAIL  {case} {title}: {problem}\n    (files kept in {work})")
        else:
            print(f"ok    {case} {title}: identical after a kill and a recovery")
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
