#!/usr/bin/env python3
"""What a program does to its process must not cost the job its checkpoints
or its output (tests/serial/lifecycle.c; tests/mpi/finalize_at_exit.c):

  children  A helper forked at the start outlives the program with its
            stdout open; children forked along the way run the solver, which
            reaches potential points, and end with exit(0). The program is
            killed: the checkpoints are the program's (none written by a
            child), --recover is not refused as the helper's ("directory in
            use"), does not wait for the failed run's output forwarder, and
            what the runs printed together is the plain run's output.
  fails     The program ends with exit(3) once, under ckptrun, through a
            pipe: the restart goes on from the last checkpoint and prints
            nothing twice.
  daemon    After daemon(3), the child takes the checkpoints (by CKPT_EVERY
            and by CKPT_INTERVAL) and removes them at its normal end.
  two jobs  A second job waits for the first one's lock while the first one
            ends and removes the directory: the second one still writes its
            checkpoints.
  finalize at exit (only this one, with --mpi-exe, under mpiexec -n 2):
            MPI_Finalize in an atexit handler; rank 1 killed, the job
            recovered: the recovered job's end removes its checkpoints.

Standard library only; exit status 0 when every check passed.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import CheckFailed, Trials, clean_env, committed, diff_excerpt  # noqa: E402

COMMITTED = re.compile(rb"checkpoint (\d+) committed")
NOT_WRITTEN = b"not written"


def run(cmd, env, timeout=120, kill_on=None):
    """Runs cmd with stdout and stderr on pipes; with kill_on, SIGKILLs the
    process once stdout holds that text. (stdout, stderr, status, seconds)."""
    start = time.monotonic()
    # Unbuffered: communicate() reads the descriptors, past any buffer.
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    out = b""
    if kill_on is not None:
        while kill_on not in out:
            line = p.stdout.readline()
            if not line:
                break
            out += line
        p.send_signal(signal.SIGKILL)
    rest, err = p.communicate(timeout=timeout)
    return out + rest, err, p.returncode, time.monotonic() - start


class Lifecycle(Trials):
    def __init__(self, args):
        super().__init__("serial.lifecycle")
        self.args = args
        self.steps = str(args.steps)

    def env(self, workdir, **settings):
        return clean_env(CKPT_DIR=os.path.join(workdir, "ckpt"), CKPT_VERBOSE=1, **settings)

    def reference(self, *mode):
        out, err, rc, _ = run([self.args.plain, *mode, self.steps], clean_env())
        if rc != 0:
            raise CheckFailed(f"the plain build exited {rc}: {err[-300:]!r}")
        return out

    def compare(self, expected, got, what):
        if got != expected:
            raise CheckFailed(f"{what} differs from the plain run's:\n"
                              + diff_excerpt(expected, got))

    def children(self, workdir):
        expected = self.reference("children")
        env = self.env(workdir, CKPT_EVERY=400)
        cmd = [self.args.exe, "children", self.steps]
        first, err1, _, _ = run(cmd, env, kill_on=f"step {self.args.steps // 2}:".encode())
        if not COMMITTED.search(err1):
            raise CheckFailed("no checkpoint before the kill: " + err1[-300:].decode())
        if b"reached in a child process" not in err1:
            raise CheckFailed("no child reached a potential point: the check tested nothing")
        second, err2, rc, seconds = run(cmd + ["--recover"], env)
        if rc != 0:
            raise CheckFailed(f"--recover exited {rc}: {err2[-400:]!r}")
        if b"waiting for the failed run's forwarder" in err2:
            raise CheckFailed("the recovery waited for the failed run's output forwarder")
        self.compare(expected, first + second, "what the failed and the recovered run printed")
        return f"killed at step {self.args.steps // 2}, recovered in {seconds:.2f} s, output identical"

    def fails(self, workdir):
        expected = self.reference("fails", os.path.join(workdir, "no-flag"))
        flag = os.path.join(workdir, "fail-once")
        open(flag, "w").close()
        env = self.env(workdir, CKPT_EVERY=400)
        out, err, rc, _ = run([self.args.ckptrun, self.args.exe, "fails", flag, self.steps], env)
        if rc != 0:
            raise CheckFailed(f"ckptrun exited {rc}: {err[-400:]!r}")
        if os.path.exists(flag):
            raise CheckFailed("the program did not fail: the check tested nothing")
        if b"resumed from checkpoint" not in err:
            raise CheckFailed("the restart did not resume from a checkpoint: " + err[-400:].decode())
        self.compare(expected, out, "what ckptrun's runs printed")
        return "exit(3) once, restarted by ckptrun, output identical"

    def daemon(self, workdir, trigger):
        expected = self.reference("daemon")
        env = self.env(workdir, **trigger)
        out, err, rc, _ = run([self.args.exe, "daemon", self.steps], env)  # until the pipes close
        if rc != 0 or out != expected:
            raise CheckFailed(f"exited {rc}; output:\n" + diff_excerpt(expected, out))
        if not COMMITTED.search(err):
            raise CheckFailed("the daemon took no checkpoint: " + err[-400:].decode())
        for _ in range(100):  # the pipes close a moment before the process ends
            if not os.path.exists(env["CKPT_DIR"]):
                break
            time.sleep(0.05)
        else:
            raise CheckFailed(f"the checkpoints stay after the normal end: "
                              f"{sorted(os.listdir(env['CKPT_DIR']))}")
        return f"{len(COMMITTED.findall(err))} checkpoints, removed at the end"

    def two_jobs(self, workdir):
        first = subprocess.Popen([self.args.exe, "steps", str(self.args.steps // 3)],
                                 env=self.env(workdir, CKPT_EVERY=100),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while not committed(os.path.join(workdir, "ckpt")) and time.monotonic() < deadline:
            time.sleep(0.01)
        second = run([self.args.exe, "steps", self.steps],
                     self.env(workdir, CKPT_EVERY=100, CKPT_KEEP_ON_EXIT=1))
        _, err1 = first.communicate(timeout=60)
        out, err, rc, _ = second
        if first.returncode != 0 or b"removing its checkpoints" not in err1:
            raise CheckFailed(f"the first job exited {first.returncode} without removing its "
                              f"checkpoints: {err1[-300:]!r}")
        if rc != 0 or NOT_WRITTEN in err or not committed(os.path.join(workdir, "ckpt")):
            raise CheckFailed(f"the second job (exit {rc}) lost its checkpoints: {err[-400:]!r}")
        return f"the second job wrote {len(COMMITTED.findall(err))} checkpoints after the first ended"

    def finalize_at_exit(self, workdir):
        env = self.env(workdir, CKPT_EVERY=50)
        cmd = [self.args.mpiexec, "-n", "2", self.args.mpi_exe]
        expected, err, rc, _ = run([self.args.mpiexec, "-n", "2", self.args.mpi_exe + ".plain"],
                                   clean_env())
        if rc != 0:
            raise CheckFailed(f"the plain build exited {rc}: {err[-300:]!r}")
        flag = os.path.join(workdir, "die-once")
        open(flag, "w").close()
        env["AALC_DIE_FLAG"] = flag
        out1, err1, rc1, _ = run(cmd, env)
        if rc1 == 0 or os.path.exists(flag):
            raise CheckFailed(f"rank 1 was not killed (exit {rc1})")
        out2, err2, rc2, _ = run(cmd + ["--recover"], env)
        if rc2 != 0 or b"resumed from checkpoint" not in err2:
            raise CheckFailed(f"--recover exited {rc2}: {err2[-400:]!r}")
        self.compare(expected, out2, "the recovered job's output")
        if os.path.exists(env["CKPT_DIR"]):
            raise CheckFailed(f"the recovered job's end left its checkpoints: "
                              f"{sorted(os.listdir(env['CKPT_DIR']))}")
        return "recovered, output identical, checkpoints removed at the end"

    def main(self):
        if self.args.mpi_exe:
            self.name = "mpi.finalize_at_exit"
            self.check("finalize at exit", self.finalize_at_exit)
            return self.tally()
        self.check("children", self.children)
        self.check("fails", self.fails)
        self.check("daemon, every 400 points", self.daemon, {"CKPT_EVERY": 400})
        # the interval's timer thread stays with the parent: the child needs its own
        self.check("daemon, every 0.05 s", self.daemon, {"CKPT_INTERVAL": 0.05})
        self.check("two jobs", self.two_jobs)
        return self.tally()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", help="tests/serial/lifecycle built with ckptcc")
    p.add_argument("--plain", help="the same built with cc")
    p.add_argument("--ckptrun")
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--mpi-exe", help="tests/mpi/finalize_at_exit built with ckptcc (and .plain)")
    p.add_argument("--mpiexec", default="mpiexec")
    args = p.parse_args()
    if not args.mpi_exe and not (args.exe and args.plain and args.ckptrun):
        p.error("--exe, --plain and --ckptrun, or --mpi-exe")
    return Lifecycle(args).main()


if __name__ == "__main__":
    sys.exit(main())
