#!/usr/bin/env python3
"""Fault-injection test for one serial AALC sample: kill it, recover it, compare.

For a sample built twice (ckptcc -> EXE, plain cc -> PLAIN):

  1. PLAIN's output is the reference.
  2. `EXE --recover` with an empty CKPT_DIR must fail and name the directory.
  3. An uninterrupted EXE run with frequent checkpoints must print exactly the
     reference.
  4. Several trials, each in a fresh CKPT_DIR, with stdout appended to one
     file: start EXE, SIGKILL it at a random moment, then run `EXE --recover`
     until a run exits 0, sometimes killing a recovery too. One trial uses
     CKPT_DEBUG_KILL_IN_WRITE=2 instead, so the kill lands inside the second
     checkpoint write. In the end the file must equal the reference byte for
     byte, and the last recovery must have resumed mid-run: its stderr says
     "resumed from checkpoint", and it wrote fewer bytes than the reference.
  5. With --files, every run of a check works in a directory of its own, and
     the files named (relative to it) must equal the reference run's byte for
     byte at the end, as the output must.

How the bytes a recovery writes are measured: before each `--recover` run the
test overwrites the output file in place (same inode, same length) with NUL
bytes, keeping the original. The runtime truncates the file back to the
checkpoint's length R and the program appends from there, so afterwards the
file is R NULs (never touched) followed by what the run wrote; sample output
never contains NUL. The test reads R off, puts the original first R bytes
back, and so knows exactly where the run rewound to and how much it wrote.
A run that started main() again would have to write the whole reference.

--callback-log: the sample registers a recovery callback (ckpt_on_recovery)
that appends "recovery callback: peer=P recovered=K runs=R" to the file named
by $AALC_SAMPLE_CALLBACK_LOG. Then no run but a recovery may add a line; a
recovery that completes adds exactly one, and one killed adds at most one,
only after it said it resumed; P is the argument registered at start (the
sample's peer), and R == K (ckpt_recovered() counts the recoveries the state
went through, the callback ran once in each) and no more than the recoveries
that resumed so far in the trial.

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
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import CheckFailed, Trials, diff_excerpt, tail  # noqa: E402
from checks import clean_env as clean_ckpt_env  # noqa: E402
from trial_settings import vary_images  # noqa: E402

COMMITTED = re.compile(rb"checkpoint (\d+) committed")
CALLBACK = re.compile(rb"recovery callback: peer=(\S+) recovered=(\d+) runs=(\d+)\n")
CALLBACK_PEER = b"node-7"  # what samples/serial/recovery_hook.c registers
RECOVERING = re.compile(rb"recovering from checkpoint (\d+)")
RESUMED = b"resumed from checkpoint"
# Said at the end of a run, before its checkpoints go (runtime/src/cleanup.c).
REMOVING = b"removing its checkpoints"
NO_CHECKPOINT = b"no checkpoint found"


class Run:
    """One finished process: exit status (negative = killed by that signal)."""

    def __init__(self, rc, stderr, elapsed, killed_by_test):
        self.rc = rc
        self.stderr = stderr
        self.elapsed = elapsed
        self.killed_by_test = killed_by_test

    def committed(self):
        return [int(n) for n in COMMITTED.findall(self.stderr)]


# --env settings, for every run of both builds.
SAMPLE_ENV = {}


def clean_env(**extra):
    """The caller's environment without CKPT_* settings, plus ours, plus --env:
    what a test asks for wins over what a trial chose at random."""
    return clean_ckpt_env(**{**extra, **SAMPLE_ENV})


def run(cmd, env, out_path, kill_after=None, hard_limit=120.0, cwd=None):
    """Runs cmd with stdout appended to out_path; SIGKILLs it after kill_after s."""
    start = time.monotonic()
    with open(out_path, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env,
                                stdin=subprocess.DEVNULL, cwd=cwd)
        killed = False
        try:
            limit = hard_limit if kill_after is None else min(kill_after, hard_limit)
            _, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            _, err = proc.communicate()
            killed = True
            if kill_after is None or kill_after > hard_limit:
                raise CheckFailed(f"{' '.join(cmd)} still running after {hard_limit:.0f} s: "
                                  f"hung?\n{tail(err)}")
    return Run(proc.returncode, err, time.monotonic() - start, killed)


def blank_output(path):
    """Overwrites the file in place with NULs; returns the original bytes."""
    with open(path, "r+b") as f:
        original = f.read()
        f.seek(0)
        f.write(b"\0" * len(original))
    return original


def restore_output(path, original):
    """Puts back the bytes a run left untouched; returns (rewound_to, size)."""
    with open(path, "r+b") as f:
        data = f.read()
        untouched = min(len(original), len(data))
        rewound_to = next((i for i in range(untouched) if data[i] != 0), untouched)
        f.seek(0)
        f.write(original[:rewound_to])
    return rewound_to, len(data)


class Sample(Trials):
    caught = (CheckFailed, OSError, subprocess.SubprocessError)

    def __init__(self, args):
        super().__init__(args.name)
        self.args = args
        self.cmd = [os.path.abspath(args.exe)] + args.sample_args
        self.recover_env = args.recover_env
        self.rng = random.Random(args.seed)
        self.reference = b""
        self.reference_files = {}
        self.t_ref = 0.0
        self.t_run = 0.0
        self.hard_limit = 120.0

    # -- the checks ------------------------------------------------------

    def run_dir(self, workdir):
        """Where the runs of one check work (a fresh directory with --files)."""
        if not self.args.files:
            return None
        path = os.path.join(workdir, "run")
        os.makedirs(path, exist_ok=True)
        return path

    def make_reference(self):
        start = time.monotonic()
        ref_dir = tempfile.mkdtemp(prefix=f"aalc-{self.name}-reference-")
        proc = subprocess.run([os.path.abspath(self.args.plain)] + self.args.sample_args,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, env=clean_env(), timeout=300,
                              cwd=ref_dir)
        for name in self.args.files:
            path = os.path.join(ref_dir, name)
            if not os.path.isfile(path):
                raise CheckFailed(f"the reference run wrote no {name}")
            with open(path, "rb") as f:
                self.reference_files[name] = f.read()
        shutil.rmtree(ref_dir, ignore_errors=True)
        self.t_ref = time.monotonic() - start
        if proc.returncode != 0:
            raise CheckFailed(f"reference run exited {proc.returncode}\n{tail(proc.stderr)}")
        if not proc.stdout or b"\0" in proc.stdout:
            raise CheckFailed("reference output is empty or contains NUL bytes")
        self.reference = proc.stdout
        self.hard_limit = 30.0 + 20.0 * self.t_ref
        return f"{len(self.reference)} bytes in {self.t_ref:.2f} s"

    def check_empty_dir(self, workdir):
        ckdir = os.path.join(workdir, "empty.ckpt")
        os.mkdir(ckdir)
        out = os.path.join(workdir, "out.txt")
        r = run(self.cmd + ["--recover"], clean_env(CKPT_DIR=ckdir), out,
                hard_limit=self.hard_limit)
        if r.rc == 0:
            raise CheckFailed("--recover with an empty CKPT_DIR exited 0")
        if ckdir.encode() not in r.stderr:
            raise CheckFailed(f"the message does not name '{ckdir}':\n{tail(r.stderr)}")
        if os.path.getsize(out):
            raise CheckFailed("--recover with nothing to recover printed program output")
        return f"exit {r.rc}, names the directory"

    def check_uninterrupted(self, workdir):
        out = os.path.join(workdir, "out.txt")
        log = os.path.join(workdir, "callbacks.log")
        env = clean_env(CKPT_DIR=os.path.join(workdir, "ckpt"), CKPT_INTERVAL="0.05",
                        CKPT_VERBOSE=1, AALC_SAMPLE_CALLBACK_LOG=log)
        rundir = self.run_dir(workdir)
        r = run(self.cmd, env, out, hard_limit=self.hard_limit, cwd=rundir)
        self.t_run = r.elapsed
        if r.rc != 0:
            raise CheckFailed(f"exited {r.rc}\n{tail(r.stderr)}")
        if self.callback_reports(log, 0):
            raise CheckFailed("the recovery callback ran in a run that recovered nothing")
        self.compare(out, rundir)
        if not r.committed():
            raise CheckFailed("no checkpoint was committed (CKPT_INTERVAL=0.05)")
        return (f"{len(r.committed())} checkpoints in {r.elapsed:.2f} s "
                f"(plain {self.t_ref:.2f} s), output identical")

    def callback_reports(self, path, seen):
        """The callback's reports added to path since `seen` were read."""
        if not self.args.callback_log or not os.path.exists(path):
            return []
        with open(path, "rb") as f:
            lines = f.read().splitlines(keepends=True)[seen:]
        for line in lines:
            m = CALLBACK.fullmatch(line)
            if not m:
                raise CheckFailed(f"unexpected line in the callback's log: {line!r}")
        return [CALLBACK.fullmatch(line).groups() for line in lines]

    def output_is_whole(self, out):
        with open(out, "rb") as f:
            return f.read() == self.reference

    def compare(self, out, rundir=None):
        with open(out, "rb") as f:
            got = f.read()
        if got != self.reference:
            raise CheckFailed(f"output differs from the reference ({len(got)} vs "
                              f"{len(self.reference)} bytes):\n{diff_excerpt(self.reference, got)}")
        for name, expected in self.reference_files.items():
            path = os.path.join(rundir, name)
            if not os.path.isfile(path):
                raise CheckFailed(f"the run wrote no {name}")
            with open(path, "rb") as f:
                written = f.read()
            if written != expected:
                raise CheckFailed(f"{name} differs from the reference run's ({len(written)} vs "
                                  f"{len(expected)} bytes):\n{diff_excerpt(expected, written)}")

    def trial(self, workdir, kill_in_write):
        rng = self.rng
        out = os.path.join(workdir, "out.txt")
        open(out, "wb").close()
        log = os.path.join(workdir, "callbacks.log")
        settings = {"CKPT_DIR": os.path.join(workdir, "ckpt"), "CKPT_VERBOSE": 1,
                    "AALC_SAMPLE_CALLBACK_LOG": log}
        if self.args.every and not kill_in_write and rng.random() < 0.5:
            lo, hi = self.args.every
            settings["CKPT_EVERY"] = rng.randint(lo, hi)
            trigger = f"every {settings['CKPT_EVERY']} points"
        else:
            # The kill in a write needs a second checkpoint before the run ends:
            # for a short program, an interval well under its run time.
            longest = min(0.2, max(0.03, self.t_run / 5)) if kill_in_write else 0.2
            settings["CKPT_INTERVAL"] = f"{rng.uniform(0.02, longest):.3f}"
            trigger = f"interval {settings['CKPT_INTERVAL']} s"
        trigger += vary_images(rng, settings, fixed=SAMPLE_ENV)
        env = clean_env(**settings)
        notes = [trigger]
        rundir = self.run_dir(workdir)

        # The first run: killed from outside at a random moment, or by itself
        # in the middle of writing its second checkpoint.
        if kill_in_write:
            first = run(self.cmd, clean_env(CKPT_DEBUG_KILL_IN_WRITE=2, **settings), out,
                        hard_limit=self.hard_limit, cwd=rundir)
            if first.rc != -signal.SIGKILL:
                raise CheckFailed(f"CKPT_DEBUG_KILL_IN_WRITE=2: expected death by SIGKILL, "
                                  f"got exit {first.rc}\n{tail(first.stderr)}")
            if first.committed() != [1]:
                raise CheckFailed(f"CKPT_DEBUG_KILL_IN_WRITE=2: expected exactly checkpoint 1 "
                                  f"committed, saw {first.committed()}")
            notes.append(f"killed itself writing checkpoint 2 at {first.elapsed:.2f} s")
        else:
            # A random moment, mostly after the first checkpoint can have
            # committed (interval + write time), and before the run ends.
            # Run times vary with the trigger setting and the machine's load:
            # a run that ends before its kill is started again, killed sooner.
            latest = max(0.4, 0.75 * min(self.t_ref, self.t_run))
            earliest = float(settings.get("CKPT_INTERVAL", 0.1)) + 0.25
            for _ in range(4):
                delay = rng.uniform(min(earliest, latest / 2), latest)
                first = run(self.cmd, env, out, kill_after=delay, hard_limit=self.hard_limit,
                            cwd=rundir)
                if first.killed_by_test:
                    break
                if first.rc != 0:
                    raise CheckFailed(f"exited {first.rc}\n{tail(first.stderr)}")
                notes.append(f"ended before the kill at {delay:.2f} s, started afresh")
                latest = max(0.2, 0.7 * first.elapsed)
                os.truncate(out, 0)
                shutil.rmtree(settings["CKPT_DIR"], ignore_errors=True)
            else:
                raise CheckFailed("every run ended before it could be killed")
            notes.append(f"killed at {delay:.2f} s after {len(first.committed())} checkpoints")
        committed = first.committed()
        # A run killed once it said it was removing its checkpoints at exit
        # (newest first) may have removed some: a recovery then rightly takes
        # an older one, or finds none. Only what was committed or resumed from
        # since such a run sets the bar.
        must_reach = [] if REMOVING in first.stderr else list(committed)
        if self.callback_reports(log, 0):
            raise CheckFailed("the recovery callback ran in a run that recovered nothing")

        # Recover until a run completes; kill some recoveries early.
        recoveries = kills = resumed = reports = 0
        while True:
            previous_killed = recoveries == 0 or r.killed_by_test
            recoveries += 1
            if recoveries > 25:
                raise CheckFailed("no recovery completed after 25 attempts")
            kill_after = None
            # Never the first recovery after a kill in a write: that one must
            # show which checkpoint it came back from.
            # Half of these kills come within a few milliseconds, while the
            # checkpoint is still being read and the stack rebuilt.
            if kills < 2 and rng.random() < 0.35 and not (kill_in_write and recoveries == 1):
                kill_after = rng.choice([rng.uniform(0.002, 0.03), rng.uniform(0.03, 0.3)])
            size_before = os.path.getsize(out)
            original = blank_output(out)
            r = run(self.cmd + ["--recover"], dict(env, **self.recover_env), out,
                    kill_after=kill_after, hard_limit=self.hard_limit, cwd=rundir)
            rewound_to, size_after = restore_output(out, original)
            resumed_from = [int(n) for n in RECOVERING.findall(r.stderr)]
            # Recovery takes the newest committed checkpoint, never an older one.
            if must_reach and resumed_from and resumed_from[0] < max(must_reach):
                raise CheckFailed(f"recovered from checkpoint {resumed_from[0]}, but "
                                  f"checkpoint {max(must_reach)} had been committed")
            must_reach += resumed_from[:1]  # it is there until a run removes it
            if kill_in_write and recoveries == 1 and resumed_from != [1]:
                raise CheckFailed(f"after the kill inside checkpoint 2's write, expected "
                                  f"recovery from checkpoint 1, got {resumed_from}\n"
                                  f"{tail(r.stderr)}")
            committed += r.committed()
            must_reach += r.committed()
            new = self.callback_reports(log, reports)
            reports += len(new)
            if RESUMED in r.stderr:
                resumed += 1
            self.check_callback(new, r, resumed)
            if r.rc == 0:
                break
            if r.killed_by_test:
                kills += 1
                if REMOVING in r.stderr:
                    must_reach = []
                notes.append(f"recovery {recoveries} killed at {kill_after:.3f} s")
                continue
            if r.rc == 1 and NO_CHECKPOINT in r.stderr and not committed:
                # Killed before the first checkpoint: a user starts afresh,
                # with an empty output file.
                notes.append("no checkpoint yet: started afresh")
                os.truncate(out, 0)
                fresh = run(self.cmd, env, out, hard_limit=self.hard_limit, cwd=rundir)
                if fresh.rc != 0:
                    raise CheckFailed(f"fresh run exited {fresh.rc}\n{tail(fresh.stderr)}")
                self.compare(out, rundir)
                notes.append(f"{recoveries} recoveries")
                return ", ".join(notes) + "; output identical (NOT a recovery test)"
            if r.rc == 1 and NO_CHECKPOINT in r.stderr and previous_killed and \
                    not must_reach and self.output_is_whole(out):
                # The run killed last had finished the program and was removing
                # its checkpoints at exit (runtime/src/cleanup.h): its output is
                # whole, and no checkpoint is left for a recovery.
                self.compare(out, rundir)
                notes.append(f"{recoveries} recoveries ({kills} killed); the last killed run "
                             f"had finished, its checkpoints removed at exit")
                return ", ".join(notes) + "; output identical"
            raise CheckFailed(f"--recover exited {r.rc}\n{tail(r.stderr)}")

        # The completed recovery resumed mid-run instead of starting over.
        if RESUMED not in r.stderr:
            raise CheckFailed(f"the completed --recover run did not report "
                              f"'{RESUMED.decode()}':\n{tail(r.stderr)}")
        wrote = size_after - rewound_to
        # A checkpoint taken before the program printed anything rewinds the
        # output to 0, and the recovery rightly prints it all.
        if wrote >= len(self.reference) and rewound_to > 0:
            raise CheckFailed(f"the completed recovery wrote {wrote} bytes, the whole "
                              f"reference is {len(self.reference)}: it started over")
        if rewound_to == 0:
            notes.append("the checkpoint came before any output")
        self.compare(out, rundir)
        notes.append(f"{recoveries} recoveries ({kills} killed)")
        if self.args.callback_log:
            notes.append(f"{reports} callback runs for {resumed} resumed recoveries")
        notes.append(f"last from checkpoint {resumed_from[0] if resumed_from else '?'}, "
                     f"rewound {size_before}->{rewound_to} bytes, "
                     f"wrote {wrote} of {len(self.reference)}")
        return ", ".join(notes) + "; output identical"

    def check_callback(self, new, r, resumed):
        """One recovery's reports (--callback-log): see the module's doc."""
        if not self.args.callback_log:
            return
        if len(new) > 1:
            raise CheckFailed(f"the recovery callback ran {len(new)} times in one recovery")
        if r.rc == 0 and len(new) != 1:
            raise CheckFailed("a completed recovery did not run the recovery callback")
        if new and RESUMED not in r.stderr:
            raise CheckFailed("the recovery callback ran before the state was resumed")
        for peer, recovered, runs in new:
            if peer != CALLBACK_PEER:
                raise CheckFailed(f"the callback got the argument of peer {peer!r}, "
                                  f"not {CALLBACK_PEER!r}")
            if recovered != runs or not 1 <= int(recovered) <= resumed:
                raise CheckFailed(f"ckpt_recovered() = {int(recovered)}, callback runs in the "
                                  f"saved state = {int(runs)}, recoveries resumed so far = "
                                  f"{resumed}")

    def main(self):
        self.log(f"seed {self.args.seed}, {self.args.trials} trials + 1 kill-in-write")
        if not (os.access(self.cmd[0], os.X_OK) and os.access(self.args.plain, os.X_OK)):
            self.log(f"FAIL  {self.cmd[0]} or {self.args.plain} is missing; "
                     f"build the samples first")
            return 1
        try:
            detail = self.make_reference()
            self.log(f"reference: {detail}")
        except (CheckFailed, subprocess.TimeoutExpired) as e:
            self.log(f"FAIL  reference: {e}")
            return 1
        self.check("empty CKPT_DIR", self.check_empty_dir)
        if not self.check("uninterrupted run", self.check_uninterrupted):
            self.t_run = self.t_ref  # still try the trials
        for i in range(self.args.trials):
            self.check(f"trial {i + 1}", self.trial, False)
        self.check("kill-in-write trial", self.trial, True)
        return self.tally()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True, help="the sample built with ckptcc")
    p.add_argument("--plain", required=True, help="the same sample built with plain cc")
    p.add_argument("--name", help="name used in messages (default: the exe's name)")
    p.add_argument("--trials", type=int, default=int(os.environ.get("AALC_TRIALS", 4)),
                   help="random kill trials (default 4, or $AALC_TRIALS)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: time)")
    p.add_argument("--every", type=int, nargs=2, metavar=("MIN", "MAX"),
                   help="let about half the trials use CKPT_EVERY in [MIN, MAX]")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                   help="set for every run, the reference's too")
    p.add_argument("--recover-env", action="append", default=[], metavar="NAME=VALUE",
                   help="set for the --recover runs only, over --env: the recovered "
                        "program must still print what the reference printed")
    p.add_argument("--files", nargs="+", default=[], metavar="FILE",
                   help="files the sample writes (relative to its working directory) that "
                        "must equal the reference run's")
    p.add_argument("--callback-log", action="store_true",
                   help="check the sample's recovery callback reports (see above)")
    p.add_argument("sample_args", nargs="*", help="arguments for the sample (after --)")
    args = p.parse_args()
    SAMPLE_ENV.update(setting.split("=", 1) for setting in args.env)
    args.recover_env = dict(setting.split("=", 1) for setting in args.recover_env)
    if args.seed is None:
        args.seed = int(os.environ.get("AALC_SEED", time.time_ns() % 1000000))
    args.name = args.name or os.path.basename(args.exe)
    return Sample(args).main()


if __name__ == "__main__":
    sys.exit(main())
