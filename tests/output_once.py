#!/usr/bin/env python3
"""Output through a pipe is printed once across a recovery.

A program that prints steadily (EXE built with ckptcc, PLAIN with the plain
compiler) runs with its stdout and stderr on pipes that this script reads, as
`prog | cat` does, or under `mpiexec -n NP`, whose ranks always write to
pipes:

  1. PLAIN's output is the reference.
  2. An uninterrupted EXE run with frequent checkpoints prints the reference.
  3. Trials, each in a fresh CKPT_DIR: EXE is SIGKILLed (one rank under
     mpiexec) at a random moment, then `EXE --recover` runs until one exits
     0, some of the recoveries killed too. What all these runs printed,
     together, must be the reference byte for byte: the lines printed between
     the last checkpoint and a failure come out once, not twice. One serial
     trial has stderr on the same pipe as stdout (2>&1), compared with PLAIN
     run so.
  4. At least one recovery must have dropped output printed before its
     failure ("output forwarder: dropped N bytes" with N > 0, CKPT_VERBOSE=1):
     otherwise the trials did not test anything.

The runtime's own messages ("aalc: rank R: ...") are taken out of the output
before comparing (they go around the forwarder, and may land in the middle of
a line of the program's when stderr and stdout share the pipe). Under
mpiexec the ranks' lines interleave at random, so the output is compared rank
by rank: every line of the program's starts with "r<rank> ".

With --late-kill ARGS (under mpiexec), one more run, with ARGS after the
program's arguments, keeps rank 0 alive after the others have exited
normally; it is killed then, and one recovery must print nothing the ranks
printed before: a rank that ended is not the end of the job.

--expect-repeats turns the check around, to show that the test can fail:
with the forwarder off (--env CKPT_REWIND_OUTPUT=0, what the runtime did
before it existed), some trial must print more than the reference.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpi"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import CheckFailed, clean_env  # noqa: E402
from kill_recover_mpi import MARK_VAR, kill_marked, proc_stat, rank_processes  # noqa: E402

RUNTIME_LINE = re.compile(rb"aalc: rank \d+: [^\n]*\n")
DROPPED = re.compile(rb"output forwarder: dropped (\d+) bytes")
COMMITTED = re.compile(rb"checkpoint (\d+) (?:committed|image written)")
RESUMED = b"resumed from checkpoint"
NO_CHECKPOINT = b"no checkpoint found"
RANK_LINE = re.compile(rb"^r(\d+) ")


class Run:
    def __init__(self, rc, out, err, elapsed, killed):
        self.rc, self.out, self.err, self.elapsed, self.killed = rc, out, err, elapsed, killed


def program_output(data):
    return RUNTIME_LINE.sub(b"", data)


class Test:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.mark = f"{os.getpid()}-{time.time_ns()}"
        self.env = clean_env()
        self.env.update(dict(s.split("=", 1) for s in args.env))
        self.env[MARK_VAR] = self.mark
        self.reference = self.merged_reference = None
        self.t_run = 1.0
        self.dropped = 0
        self.repeats_seen = 0
        self.passed = self.failed = 0

    def log(self, text):
        print(f"{self.args.name}: {text}", flush=True)

    def command(self, exe, extra):
        cmd = [os.path.abspath(exe)] + self.args.sample_args + extra
        if self.args.mpiexec:
            cmd = [self.args.mpiexec, "-n", str(self.args.np)] + cmd
        return cmd

    def run(self, exe, extra=(), settings=None, kill_after=None, merged=False, kill_last=False):
        """Runs with stdout and stderr on pipes read here; SIGKILLs the program
        (a rank under mpiexec) kill_after s after the start, or with kill_last
        the last rank left once the others have exited."""
        env = dict(self.env, **{k: str(v) for k, v in (settings or {}).items()})
        start = time.monotonic()
        proc = subprocess.Popen(self.command(exe, list(extra)), stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        got = {}
        reader = threading.Thread(target=lambda: got.update(zip(("out", "err"),
                                                                proc.communicate())))
        reader.start()
        killed = False
        if kill_after is not None:
            reader.join(kill_after)
            if reader.is_alive():
                killed = self.kill_program(proc)
        if kill_last:
            killed = self.kill_last_rank(proc)
        reader.join(60.0 + 20.0 * self.t_run)
        if reader.is_alive():
            kill_marked(self.mark)
            reader.join()
            raise CheckFailed(f"{exe} hung (killed)")
        kill_marked(self.mark, grace=2.0)
        return Run(proc.returncode, got["out"], got["err"] or b"", time.monotonic() - start,
                   killed)

    def kill_program(self, proc):
        if not self.args.mpiexec:
            proc.send_signal(signal.SIGKILL)  # the program; its forwarder drains and ends
            return True
        deadline = time.monotonic() + 10.0
        while proc.poll() is None:
            ranks = rank_processes(proc.pid)
            if len(ranks) == self.args.np or time.monotonic() > deadline:
                break
            time.sleep(0.003)
        if proc.poll() is not None or not ranks:
            return False
        try:
            os.kill(ranks[self.rng.choice(sorted(ranks))], signal.SIGKILL)
        except ProcessLookupError:
            return False
        return True

    def kill_last_rank(self, proc):
        # A rank missing from one look (its exec under way) has not ended:
        # the others' processes must be gone.
        known = {}
        deadline = time.monotonic() + 60.0 + 20.0 * self.t_run
        while proc.poll() is None and time.monotonic() < deadline:
            ranks = rank_processes(proc.pid)
            known.update(ranks)
            others_gone = all((proc_stat(pid) or (0, "Z"))[1] == "Z"
                              for rank, pid in known.items() if rank not in ranks)
            if len(known) == self.args.np and len(ranks) == 1 and others_gone:
                try:
                    os.kill(next(iter(ranks.values())), signal.SIGKILL)
                    return True
                except ProcessLookupError:
                    return False
            time.sleep(0.003)
        return False

    def streams(self, out, err):
        """What is compared: the program's output, rank by rank under mpiexec."""
        out, err = program_output(out), program_output(err)
        if not self.args.mpiexec:
            return {"stdout": out, "stderr": err}
        per_rank = {}
        for name, data in (("stdout", out), ("stderr", err)):
            for line in data.splitlines(keepends=True):
                # Other lines are mpiexec's (its report of a killed rank): a
                # rank's line cut by another's would still show as a
                # difference in that rank's output.
                m = RANK_LINE.match(line)
                if m:
                    key = f"rank {int(m.group(1))} {name}"
                    per_rank[key] = per_rank.get(key, b"") + line
        return per_rank

    def compare(self, got, what, reference=None):
        reference = reference or self.reference
        if got == reference:
            return
        for key in sorted(set(got) | set(reference)):
            a, b = reference.get(key, b""), got.get(key, b"")
            if a != b:
                at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                          min(len(a), len(b)))
                line = a[:at].count(b"\n") + 1
                raise CheckFailed(f"{what}: {key} differs from the reference from line {line} "
                                  f"on ({len(b)} vs {len(a)} bytes): expected "
                                  f"{a[at:at + 60]!r}, got {b[at:at + 60]!r}")

    def check(self, title, func, *fargs):
        try:
            detail = func(*fargs)
            self.passed += 1
            self.log(f"ok    {title}: {detail}")
        except CheckFailed as e:
            self.failed += 1
            self.log(f"FAIL  {title}: {e}")

    # -- the checks -------------------------------------------------------------

    def make_reference(self):
        r = self.run(self.args.plain)
        if r.rc != 0:
            raise CheckFailed(f"reference run exited {r.rc}")
        self.reference = self.streams(r.out, r.err)
        if not self.args.mpiexec:
            merged = self.run(self.args.plain, merged=True)
            self.merged_reference = self.streams(merged.out, b"")
        if self.args.mpiexec and sum(len(v) for v in self.reference.values()) != len(r.out) + len(r.err):
            raise CheckFailed("reference lines without a rank: mpiexec mixed the ranks' lines")
        return f"{sum(len(v) for v in self.reference.values())} bytes in {r.elapsed:.2f} s"

    def uninterrupted(self, workdir):
        r = self.run(self.args.exe, settings={"CKPT_DIR": os.path.join(workdir, "u.ckpt"),
                                              "CKPT_INTERVAL": "0.1", "CKPT_VERBOSE": 1})
        self.t_run = r.elapsed
        if r.rc != 0:
            raise CheckFailed(f"exited {r.rc}: {r.err[-300:]!r}")
        self.compare(self.streams(r.out, r.err), "uninterrupted run")
        n = len(set(COMMITTED.findall(r.err)))
        if not n:
            raise CheckFailed("no checkpoint was taken")
        return f"{n} checkpoints in {r.elapsed:.2f} s, output identical"

    def trial(self, workdir, merged):
        rng = self.rng
        settings = {"CKPT_DIR": os.path.join(workdir, "t.ckpt"), "CKPT_VERBOSE": 1,
                    "CKPT_INTERVAL": f"{rng.uniform(0.05, 0.3):.3f}"}
        out, err, notes = b"", b"", []
        # A random moment, mostly after a checkpoint can have been taken; a run
        # that ends first (the machine is faster now) is started again.
        latest = 0.85 * self.t_run
        for _ in range(4):
            delay = rng.uniform(min(0.3, latest / 2), latest)
            first = self.run(self.args.exe, settings=settings, kill_after=delay, merged=merged)
            if first.killed:
                break
            if first.rc != 0:
                raise CheckFailed(f"exited {first.rc}: {first.err[-300:]!r}")
            latest = 0.7 * first.elapsed
            shutil.rmtree(settings["CKPT_DIR"], ignore_errors=True)
        else:
            raise CheckFailed("every run ended before it could be killed")
        out, err = first.out, first.err
        notes.append(f"killed at {delay:.2f} s")
        for attempt in range(1, 20):
            kill_after = rng.uniform(0.05, 0.5) * self.t_run if rng.random() < 0.3 else None
            r = self.run(self.args.exe, ["--recover"], settings, kill_after, merged)
            if NO_CHECKPOINT in r.err + r.out and r.rc != 0:
                return "no checkpoint before the kill (not a recovery test)"
            out, err = out + r.out, err + r.err
            self.dropped += sum(int(n) for n in DROPPED.findall(r.err + r.out))
            if r.rc == 0:
                break
            if not r.killed:
                raise CheckFailed(f"--recover exited {r.rc}: {r.err[-300:]!r}")
            notes.append(f"recovery {attempt} killed")
        else:
            raise CheckFailed("no recovery completed")
        if RESUMED not in r.err + r.out:
            raise CheckFailed("the last run did not say it resumed from a checkpoint")
        got = self.streams(out, err)
        reference = self.merged_reference if merged else self.reference
        if self.args.expect_repeats:
            try:
                self.compare(got, "failed and recovered runs", reference)
                notes.append("printed once")
            except CheckFailed as e:
                self.repeats_seen += 1
                notes.append(f"printed twice, as expected: {e}")
            return ", ".join(notes)
        self.compare(got, "failed and recovered runs", reference)
        return ", ".join(notes) + f"; {attempt} recoveries, output identical"

    def late_kill(self, workdir):
        settings = {"CKPT_DIR": os.path.join(workdir, "late.ckpt"), "CKPT_VERBOSE": 1,
                    "CKPT_INTERVAL": "0.1"}
        extra = self.args.late_kill.split()
        first = self.run(self.args.exe, extra, settings, kill_last=True)
        if not first.killed:
            raise CheckFailed(f"the last rank was not killed (exited {first.rc})")
        r = self.run(self.args.exe, extra + ["--recover"], settings)
        if r.rc != 0:
            raise CheckFailed(f"--recover exited {r.rc}: {r.err[-300:]!r}")
        if RESUMED not in r.err + r.out:
            raise CheckFailed("the recovery did not say it resumed from a checkpoint")
        dropped = sum(int(n) for n in DROPPED.findall(r.err + r.out))
        self.compare(self.streams(first.out + r.out, first.err + r.err),
                     "a rank killed after the others ended, and recovered")
        if not dropped:
            raise CheckFailed("the recovery dropped nothing: nothing was printed after the "
                              "last checkpoint, the check tested nothing")
        return f"recovery dropped {dropped} bytes, output identical"

    def main(self):
        self.log(f"seed {self.args.seed}, {self.args.trials} trials"
                 + (f", mpiexec -n {self.args.np}" if self.args.mpiexec else ""))
        try:
            self.log(f"reference: {self.make_reference()}")
        except CheckFailed as e:
            self.log(f"FAIL  reference: {e}")
            return 1
        workdir = tempfile.mkdtemp(prefix=f"aalc-{self.args.name}-")
        try:
            self.check("uninterrupted run", self.uninterrupted, workdir)
            for i in range(self.args.trials):
                merged = not self.args.mpiexec and i == 1
                d = os.path.join(workdir, f"trial{i}")
                os.mkdir(d)
                self.check(f"trial {i + 1}" + (" (2>&1)" if merged else ""), self.trial, d,
                           merged)
            if self.args.late_kill and self.args.mpiexec:
                self.check("last rank killed after the others ended", self.late_kill, workdir)
        finally:
            kill_marked(self.mark)
            if self.failed == 0:
                shutil.rmtree(workdir, ignore_errors=True)
            else:
                self.log(f"files kept in {workdir}")
        if self.args.expect_repeats:
            if not self.repeats_seen:
                self.failed += 1
                self.log("FAIL  no trial printed anything twice: the test would not notice")
        elif self.dropped == 0:
            self.failed += 1
            self.log("FAIL  no recovery dropped anything: nothing was printed after a "
                     "checkpoint and before a kill, the trials tested nothing")
        else:
            self.log(f"recoveries dropped {self.dropped} bytes printed before their failures")
        self.log(f"{self.passed} passed, {self.failed} failed")
        return 0 if self.failed == 0 else 1


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True, help="the program built with ckptcc")
    p.add_argument("--plain", required=True, help="the same program built with plain cc")
    p.add_argument("--name", default="output_once")
    p.add_argument("--mpiexec", help="run under this mpiexec")
    p.add_argument("--np", type=int, default=2)
    p.add_argument("--trials", type=int, default=int(os.environ.get("AALC_TRIALS", 4)))
    p.add_argument("--seed", type=int,
                   default=int(os.environ.get("AALC_SEED", time.time_ns() % 1000000)))
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                   help="for every run")
    p.add_argument("--late-kill", metavar="ARGS",
                   help="extra program arguments that keep rank 0 alive after the others end")
    p.add_argument("--expect-repeats", action="store_true",
                   help="pass only if some trial prints more than the reference")
    p.add_argument("sample_args", nargs="*", help="arguments for the program (after --)")
    return Test(p.parse_args()).main()


if __name__ == "__main__":
    sys.exit(main())
