#!/usr/bin/env python3
"""A file the program had open at the checkpoint, removed or replaced before
the recovery: the recovery must stop with a message naming the file, never
crash or go on with another file. Uses tests/serial/process_state (it reads
INPUT all along and writes work/log-0.txt).

usage: files_changed.py EXE INPUT"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def checkpointed_run(exe, work, input_copy):
    """Runs EXE until it has committed a checkpoint, then SIGKILLs it."""
    env = dict(os.environ, CKPT_EVERY="5000", CKPT_VERBOSE="1",
               CKPT_DIR=os.path.join(work, "ckpt"))
    with open(os.path.join(work, "err.txt"), "wb") as err:
        proc = subprocess.Popen([exe, input_copy, "10000000"], cwd=work, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(os.path.join(work, "err.txt"), "rb") as f:
                if b"committed" in f.read():
                    break
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    return env


def recover(exe, work, input_copy, env):
    return subprocess.run([exe, input_copy, "10000000", "--recover"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=60)


def case(exe, source, change, expect):
    work = tempfile.mkdtemp(prefix="aalc-files-changed-")
    try:
        input_copy = os.path.join(work, "input.txt")
        shutil.copy(source, input_copy)
        env = checkpointed_run(exe, work, input_copy)
        target = change(work, input_copy)
        r = recover(exe, work, input_copy, env)
        problems = []
        if r.returncode in (0, -signal.SIGSEGV, -signal.SIGBUS, -signal.SIGABRT):
            problems.append(f"recovery ended with status {r.returncode}")
        for text in expect + [target]:
            if text not in r.stderr:
                problems.append(f"the message does not say {text!r}")
        return problems, r.stderr
    finally:
        shutil.rmtree(work, ignore_errors=True)


def remove_log(work, _input):
    path = os.path.join(work, "work", "log-0.txt")
    os.unlink(path)
    return path


def replace_input(_work, input_copy):
    with open(input_copy) as f:
        text = f.read()
    os.unlink(input_copy)
    with open(input_copy, "w") as f:
        f.write(text)  # same contents, another file
    return input_copy


def touch_input(_work, input_copy):
    with open(input_copy, "a") as f:
        f.write("\n")
    return input_copy


def main():
    exe, source = sys.argv[1], sys.argv[2]
    failed = 0
    for title, change, expect in [
            ("log file removed", remove_log, ["cannot open", "No such file"]),
            ("input file replaced", replace_input, ["was replaced by another file"]),
            ("input file changed in place", touch_input, ["replaced by another file or changed"])]:
        problems, stderr = case(exe, source, change, expect)
        if problems:
            failed += 1
            print(f"FAIL  {title}: " + "; ".join(problems) + "\n" + stderr)
        else:
            print(f"ok    {title}: {stderr.strip().splitlines()[-1]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
