#!/usr/bin/env python3
"""Fault-injection test for one AALC MPI sample: kill a rank, recover, compare.

For a sample built twice (ckptcc -> EXE, plain mpicc -> PLAIN), run with
`mpiexec -n NP`:

  1. The stdout of PLAIN is the reference.
  2. `EXE --recover` with an empty CKPT_DIR must fail, say "no checkpoint
     found" and print no program output.
  3. An uninterrupted EXE run with frequent checkpoints must print exactly the
     reference and commit at least one checkpoint.
  4. Trials, each in a fresh CKPT_DIR with frequent checkpoints (CKPT_INTERVAL
     random in a range, or CKPT_EVERY): start EXE, SIGKILL one rank process
     after a random delay (rank 0, the coordinator, in every third trial;
     otherwise a random rank), wait for mpiexec to tear the job down, then run
     `EXE --recover` until a run exits 0, killing some recoveries too. If no
     checkpoint had been committed, --recover must say "no checkpoint found"
     and the program is started afresh (a legitimate outcome, counted apart).
     The final run's stdout must equal the reference byte for byte, and every
     rank of a completed recovery must say "resumed from checkpoint N" with
     one N, no older than the newest checkpoint seen committed.

With --files, every run of a check works in a directory of its own
(workdir/run), and the files named (relative to it) must equal the reference
run's byte for byte whenever the output is compared.

The samples print only at the end (rank 0 collects the results), because
output through mpiexec is a pipe and cannot be taken back after a crash: so
only the last run's stdout is compared.

--stress: every run uses CKPT_INTERVAL=0.01. Each completed run (CKPT_VERBOSE=1)
must print, for every rank, "aalc: rank R: protocol counters: late=L early=E
nondet=D replayed_late=... suppressed_early=... replayed_nondet=...". Summed
over the completed runs, the kinds named by --expect (late, early, nondet,
coll_logged, comm_logged, late_alone: late messages that came as data alone,
their header inferred) must be nonzero, and summed over the completed
recoveries their replay counterparts (replayed_late, suppressed_early,
replayed_nondet, coll_replayed: collectives that crossed the recovery line,
served from the log; comm_rebuilt: communicators created by such a collective,
built again from the log) too. Trials go
on (within the time budget) until that holds.

Rank processes are found as the children of the launcher's daemon below mpiexec
(MPICH's hydra_pmi_proxy, or Open MPI's mpirun or orted; their environment
holds PMI_RANK, or OMPI_COMM_WORLD_RANK). Hydra puts every rank into its own
process group, so every process of a test carries a marker variable in its
environment, and whatever still has it when a run is over, or at exit, is
killed by pid.

With AALC_TEST_KEEP_CHECKPOINTS=1 in the environment, the checkpoint
directory is copied to workdir/ckpt.before-recovery-N before each recovery,
so that a failed trial can be recovered again by hand.

Standard library only. Exit status 0 when every check passed.
"""

import argparse
import atexit
import functools
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from checks import LAUNCHER_REPORT, CheckFailed, Trials, clean_env  # noqa: E402
from trial_settings import WRONG_GUESS, vary_images, vary_recovery  # noqa: E402

COMMITTED = re.compile(rb"rank (\d+):[^\n]*?checkpoint (\d+) committed")
RESUMED = re.compile(rb"rank (\d+):[^\n]*?resumed from checkpoint (\d+)")
COUNTERS = re.compile(rb"rank (\d+):[^\n]*?protocol counters:([^\n]*)")
COUNTER_ITEM = re.compile(rb"([a-z_]+)=(\d+)")
NO_CHECKPOINT = b"no checkpoint found"
MARK_VAR = "AALC_MPI_TEST_MARK"
REPLAY_OF = {"late": "replayed_late", "early": "suppressed_early", "nondet": "replayed_nondet",
             "coll_logged": "coll_replayed", "comm_logged": "comm_rebuilt",
             # late messages that came as data alone, their header inferred
             "late_alone": "replayed_late"}


# -- processes ------------------------------------------------------------------


def proc_stat(pid):
    """(ppid, state, start time) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    fields = data[data.rindex(b")") + 2:].split()
    return int(fields[1]), fields[0].decode(), int(fields[19])


def proc_environ(pid):
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return f.read()
    except OSError:
        return b""


def proc_comm(pid):
    try:
        with open(f"/proc/{pid}/comm", "rb") as f:
            return f.read().strip().decode(errors="replace")
    except OSError:
        return ""


def all_pids():
    return [int(d) for d in os.listdir("/proc") if d.isdigit()]


def children_map():
    kids = {}
    for pid in all_pids():
        st = proc_stat(pid)
        if st:
            kids.setdefault(st[0], []).append(pid)
    return kids


# The processes that start ranks: MPICH's hydra proxy, Open MPI's mpirun
# (which starts the ranks of its own node itself) or its daemon.
LAUNCHERS = {"hydra_pmi_proxy", "mpirun", "mpiexec", "orterun", "orted", "prterun", "prted",
             "mpiexec.openmpi", "mpirun.openmpi"}
RANK_VARIABLE = re.compile(rb"(?:^|\0)(?:PMI_RANK|OMPI_COMM_WORLD_RANK)=(\d+)\0")


def rank_processes(root):
    """{rank: pid} of the MPI processes below mpiexec `root` that have exec'ed."""
    kids = children_map()
    ranks = {}
    todo = [root]
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, []))
        st = proc_stat(pid)
        if not st or st[1] == "Z" or proc_comm(st[0]) not in LAUNCHERS:
            continue
        m = RANK_VARIABLE.search(proc_environ(pid))
        if m and proc_comm(pid) not in LAUNCHERS:
            ranks[int(m.group(1))] = pid
    return ranks


def marked_processes(mark):
    """Live (non-zombie) processes whose environment carries our marker."""
    needle = f"{MARK_VAR}={mark}\0".encode()
    found = []
    for pid in all_pids():
        if pid == os.getpid():
            continue
        env = proc_environ(pid)
        if needle in env:
            st = proc_stat(pid)
            if st and st[1] != "Z":
                found.append(pid)
    return found


def describe_marked(mark):
    """One line per marked process, for a hang's report: what is still alive,
    in which state, waiting where, holding which standard streams."""
    lines = []
    for pid in sorted(marked_processes(mark)):
        st = proc_stat(pid)
        try:
            with open(f"/proc/{pid}/wchan") as f:
                wchan = f.read().strip() or "-"
        except OSError:
            wchan = "?"
        fds = []
        for fd in (0, 1, 2):
            try:
                fds.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
            except OSError:
                fds.append("-")
        lines.append(f"pid {pid} ppid {st[0] if st else '?'} state {st[1] if st else '?'} "
                     f"{proc_comm(pid)} wchan {wchan} fds {' '.join(fds)}")
    return "\n".join(lines) or "no marked process left"


def kill_marked(mark, grace=0.0):
    """Waits up to `grace` s for marked processes to end, then SIGKILLs them."""
    deadline = time.monotonic() + grace
    while True:
        left = marked_processes(mark)
        if not left or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    killed = []
    for _ in range(20):
        left = marked_processes(mark)
        if not left:
            break
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except OSError:
                pass
        time.sleep(0.05)
    return sorted(set(killed))


# -- runs ---------------------------------------------------------------------------


class Run:
    """One finished mpiexec: exit status, output, and what the test did to it."""

    def __init__(self, rc, out, err, elapsed, killed, strays):
        self.rc = rc
        self.out = out
        self.err = err
        self.elapsed = elapsed
        self.killed = killed  # None, or (rank, seconds after start)
        self.strays = strays  # processes left over after mpiexec ended, killed

    def committed(self):
        return [int(n) for _, n in COMMITTED.findall(self.err)]

    def resumed(self):
        """{rank: checkpoint number} from the 'resumed from checkpoint' lines."""
        return {int(r): int(n) for r, n in RESUMED.findall(self.err)}

    def counters(self):
        """{rank: {name: value}} from the 'protocol counters' lines."""
        res = {}
        for r, rest in COUNTERS.findall(self.err):
            res[int(r)] = {k.decode(): int(v) for k, v in COUNTER_ITEM.findall(rest)}
        return res


tail = functools.partial(checks.tail, lines=8)


def checkpoint_lines(err, limit=16):
    """The lines of a run's stderr that speak of checkpoints, indented."""
    lines = [line for line in err.decode(errors="replace").split("\n") if "checkpoint" in line]
    return "\n".join("    | " + line for line in lines[-limit:])
diff_excerpt = functools.partial(checks.diff_excerpt, label="this run")


class Harness(Trials):
    def __init__(self, args):
        super().__init__(args.name)
        self.args = args
        self.np = args.np
        self.rng = random.Random(args.seed)
        self.mark = f"{os.getpid()}-{time.time_ns()}"
        self.reference = b""
        self.reference_files = {}
        self.t_ref = 0.0
        self.t_run = 0.0
        self.hard_limit = 120.0
        self.started = time.monotonic()
        self.outcomes = {"recovered": 0, "fresh": 0}
        # stress bookkeeping: counter sums over completed runs / completed recoveries
        self.sums = {}
        self.replay_sums = {}
        self.nrecovered = 0
        self.runs = 0
        self.launcher_hangs = 0  # launchers killed after their ranks had all ended
        atexit.register(self.cleanup)

    def cleanup(self):
        strays = kill_marked(self.mark)
        if strays:
            self.log(f"killed {len(strays)} stray processes at exit: {strays}")

    def elapsed(self):
        return time.monotonic() - self.started

    def mpiexec(self, exe, extra_args, env, workdir, kill_after=None, victim=None):
        """Runs `mpiexec -n NP exe args extra_args`; with kill_after, SIGKILLs rank
        `victim` (or a random one if it is not there) that many s after the start."""
        self.runs += 1
        tag = f"run{self.runs:03d}"
        out_path = os.path.join(workdir, tag + ".out")
        err_path = os.path.join(workdir, tag + ".err")
        cmd = [self.args.mpiexec, "-n", str(self.np), exe] + self.args.sample_args + extra_args
        env = dict(env)
        env[MARK_VAR] = self.mark
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            err.write(("$ " + " ".join(cmd) + "\n").encode())
            err.flush()
            start = time.monotonic()
            rundir = None
            if self.args.files:
                rundir = os.path.join(workdir, "run")
                os.makedirs(rundir, exist_ok=True)
            proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                    env=env, start_new_session=True, cwd=rundir)
            killed = None
            try:
                if kill_after is not None:
                    killed = self.kill_rank(proc, start, kill_after, victim)
                # After a kill hydra must tear the job down promptly.
                deadline = time.monotonic() + 30.0 if killed else start + self.hard_limit
                try:
                    proc.wait(timeout=max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    alive = describe_marked(self.mark)
                    ours = [pid for pid in marked_processes(self.mark)
                            if proc_comm(pid) not in LAUNCHERS]
                    kill_marked(self.mark)
                    proc.kill()
                    proc.wait()
                    with open(err_path, "rb") as f:
                        err_tail = tail(f.read())
                    if killed and not ours:
                        # Every rank and every output forwarder had ended: what
                        # still ran was the launcher alone (Open MPI's mpirun,
                        # now and then, on a loaded machine). Its hang is not
                        # the program's; the recovery is still tested.
                        self.launcher_hangs += 1
                        self.log(f"note: {self.args.mpiexec} did not end within 30 s after "
                                 f"rank {killed[0]} was killed though every rank and "
                                 f"forwarder had ended; killed it ({tag}):\n{alive}")
                    elif killed:
                        raise CheckFailed(f"mpiexec did not end within 30 s after rank "
                                          f"{killed[0]} was killed (files: {tag}.*); still alive:\n"
                                          f"{alive}\n{err_tail}")
                    else:
                        raise CheckFailed(f"`{' '.join(cmd)}` still running after "
                                          f"{self.hard_limit:.0f} s: hung? (files: {tag}.*)\n"
                                          f"{err_tail}")
            finally:
                if proc.poll() is None:
                    kill_marked(self.mark)
                    proc.kill()
                    proc.wait()
        elapsed = time.monotonic() - start
        strays = kill_marked(self.mark, grace=2.0)
        with open(out_path, "rb") as f:
            out_data = f.read()
        with open(err_path, "rb") as f:
            err_data = f.read()
        run = Run(proc.returncode, out_data, err_data, elapsed, killed, strays)
        run.files = {}
        for name in self.args.files:
            path = os.path.join(rundir, name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    run.files[name] = f.read()
        return run

    def kill_rank(self, proc, start, kill_after, victim):
        """Waits until kill_after s after start, then SIGKILLs a rank process.
        Returns (rank, time) or None if mpiexec ended first."""
        try:
            proc.wait(timeout=kill_after)
            return None
        except subprocess.TimeoutExpired:
            pass
        # The ranks may not all be up yet (very early kills): wait for them.
        deadline = time.monotonic() + 10.0
        while True:
            if proc.poll() is not None:
                return None
            ranks = rank_processes(proc.pid)
            if len(ranks) == self.np or time.monotonic() > deadline:
                break
            time.sleep(0.003)
        if not ranks:
            raise CheckFailed(f"found no rank processes below mpiexec (pid {proc.pid}) "
                              f"{time.monotonic() - start:.1f} s after the start")
        if victim not in ranks:
            victim = self.rng.choice(sorted(ranks))
        try:
            os.kill(ranks[victim], signal.SIGKILL)
        except ProcessLookupError:
            return None
        return (victim, time.monotonic() - start)

    # -- checks --------------------------------------------------------------------

    def compare(self, run, what, out=None):
        """out: what the job printed in all, when it took several runs."""
        out = run.out if out is None else out
        if out != self.reference:
            raise CheckFailed(f"{what}: stdout differs from the reference ({len(out)} vs "
                              f"{len(self.reference)} bytes):\n"
                              f"{diff_excerpt(self.reference, out)}")
        for name, expected in self.reference_files.items():
            written = run.files.get(name)
            if written is None:
                raise CheckFailed(f"{what}: wrote no {name}")
            if written != expected:
                raise CheckFailed(f"{what}: {name} differs from the reference run's "
                                  f"({len(written)} vs {len(expected)} bytes):\n"
                                  f"{diff_excerpt(expected, written)}")

    def make_reference(self, workdir):
        r = self.mpiexec(os.path.abspath(self.args.plain), [], clean_env(), workdir)
        self.t_ref = r.elapsed
        if r.rc != 0:
            raise CheckFailed(f"reference run exited {r.rc}\n{tail(r.err)}")
        if not r.out:
            raise CheckFailed("reference output is empty")
        self.reference = r.out
        for name in self.args.files:
            if name not in r.files:
                raise CheckFailed(f"the reference run wrote no {name}")
        self.reference_files = r.files
        self.hard_limit = 40.0 + 15.0 * self.t_ref
        return f"{len(self.reference)} bytes in {self.t_ref:.2f} s"

    def settings(self, **extra):
        s = {"CKPT_VERBOSE": 1}
        if self.args.stress:
            # Odd ranks take their local checkpoints a few potential points
            # after the others, so messages cross every recovery line.
            s["CKPT_DEBUG_SKEW"] = self.args.skew
        for setting in self.args.setting:
            name, _, value = setting.partition("=")
            s[name] = value
        s.update(extra)
        return s

    def account(self, run, recovered):
        """Stress bookkeeping for a completed CKPT_VERBOSE=1 run."""
        counters = run.counters()
        missing = [r for r in range(self.np) if r not in counters]
        if self.args.stress and missing:
            raise CheckFailed(f"no 'protocol counters' line from rank(s) {missing}:\n"
                              f"{tail(run.err)}")
        for per_rank in counters.values():
            for k, v in per_rank.items():
                self.sums[k] = self.sums.get(k, 0) + v
                if recovered:
                    self.replay_sums[k] = self.replay_sums.get(k, 0) + v
        if recovered:
            self.nrecovered += 1

    def check_empty_dir(self, workdir):
        ckdir = os.path.join(workdir, "empty.ckpt")
        os.mkdir(ckdir)
        r = self.mpiexec(os.path.abspath(self.args.exe), ["--recover"],
                         clean_env(**self.settings(CKPT_DIR=ckdir)), workdir)
        if r.rc == 0:
            raise CheckFailed("--recover with an empty CKPT_DIR exited 0")
        if NO_CHECKPOINT not in r.err:
            raise CheckFailed(f"no '{NO_CHECKPOINT.decode()}' message:\n{tail(r.err)}")
        if r.out:
            raise CheckFailed(f"--recover with nothing to recover printed program output:\n"
                              f"{tail(r.out)}")
        return f"exit {r.rc}, says '{NO_CHECKPOINT.decode()}'"

    def check_uninterrupted(self, workdir):
        interval = "0.01" if self.args.stress else "0.05"
        env = clean_env(**self.settings(CKPT_DIR=os.path.join(workdir, "ckpt"),
                                        CKPT_INTERVAL=interval))
        r = self.mpiexec(os.path.abspath(self.args.exe), [], env, workdir)
        self.t_run = r.elapsed
        if r.rc != 0:
            raise CheckFailed(f"exited {r.rc}\n{tail(r.err)}")
        self.compare(r, "uninterrupted run")
        committed = r.committed()
        if not committed:
            raise CheckFailed(f"no checkpoint was committed (CKPT_INTERVAL={interval})\n"
                              f"{tail(r.err)}")
        if r.resumed():
            raise CheckFailed("a run without --recover says 'resumed from checkpoint'")
        self.account(r, recovered=False)
        return (f"{len(set(committed))} checkpoints in {r.elapsed:.2f} s (plain {self.t_ref:.2f} s), "
                f"output identical{self.counter_note(r)}")

    def counter_note(self, run):
        c = run.counters()
        if not c:
            return ", no protocol counters printed"
        tot = {}
        for per_rank in c.values():
            for k, v in per_rank.items():
                tot[k] = tot.get(k, 0) + v
        return ", counters " + " ".join(f"{k}={v}" for k, v in tot.items())

    def was_ending(self, run):
        """Whether every rank had passed MPI_Finalize when `run` was killed."""
        return len(set(COUNTERS.findall(run.err))) >= self.np

    def pick_victim(self, trial):
        return 0 if trial % 3 == 0 else self.rng.randrange(self.np)

    def trial(self, workdir, index):
        notes = []
        try:
            return self.kill_and_recover(workdir, index, notes)
        except CheckFailed as e:
            # What led up to it: the settings and the kills so far.
            raise CheckFailed(f"{e}\n    after: {', '.join(notes)}") from None

    def kill_and_recover(self, workdir, index, notes):
        rng = self.rng
        settings = self.settings(CKPT_DIR=os.path.join(workdir, "ckpt"))
        if self.args.stress:
            settings["CKPT_INTERVAL"] = "0.01"
            trigger = "interval 0.01 s"
        elif self.args.every and rng.random() < 0.5:
            lo, hi = self.args.every
            settings["CKPT_EVERY"] = rng.randint(lo, hi)
            settings["CKPT_INTERVAL"] = 0
            trigger = f"every {settings['CKPT_EVERY']} points"
        else:
            lo, hi = self.args.interval
            settings["CKPT_INTERVAL"] = f"{rng.uniform(lo, hi):.3f}"
            trigger = f"interval {settings['CKPT_INTERVAL']} s"
        trigger += vary_images(rng, settings)
        trigger += vary_recovery(rng, settings)
        env = clean_env(**settings)
        exe = os.path.abspath(self.args.exe)
        notes.append(trigger)

        # The first run, killed at a random moment: mostly after the first
        # checkpoint can have committed and before the run ends; sometimes
        # very early, before any checkpoint.
        latest = max(0.6, 0.85 * min(self.t_ref, self.t_run))
        earliest = float(settings.get("CKPT_INTERVAL") or 0.1) + 0.35
        for _ in range(4):
            if rng.random() < 0.15:
                delay = rng.uniform(0.05, min(earliest, latest / 2))
            else:
                delay = rng.uniform(min(earliest, latest / 2), latest)
            victim = self.pick_victim(index)
            first = self.mpiexec(exe, [], env, workdir, kill_after=delay, victim=victim)
            if first.killed:
                break
            if first.rc != 0:
                raise CheckFailed(f"exited {first.rc} before the kill\n{tail(first.err)}")
            self.compare(first, "a run that ended before its kill")
            self.account(first, recovered=False)
            notes.append(f"ended before the kill at {delay:.2f} s, started afresh")
            latest = max(0.1, 0.7 * first.elapsed)  # short runs: kill sooner
            shutil.rmtree(settings["CKPT_DIR"], ignore_errors=True)
        else:
            raise CheckFailed("every run ended before it could be killed")
        if first.rc == 0:
            # The kill landed while the job was ending: it finished anyway.
            self.compare(first, "a run that completed despite its kill")
            notes.append(f"rank {first.killed[0]} killed at {first.killed[1]:.2f} s, "
                         f"but the job completed")
            self.account(first, recovered=False)
            return ", ".join(notes) + "; output identical (NOT a recovery test)"
        committed = first.committed()
        # Killed while it ended (every rank past MPI_Finalize): the run may have
        # begun removing its checkpoints, newest first, so a recovery rightly
        # takes an older one, then and in every later recovery. Only what was
        # committed or resumed from since the last run killed so sets the bar
        # (must_reach).
        ending = self.was_ending(first)
        must_reach = [] if ending else list(committed)
        notes.append(f"rank {first.killed[0]} killed at {first.killed[1]:.2f} s after "
                     f"{len(set(committed))} commits")
        if first.strays:
            notes.append(f"{len(first.strays)} stray processes killed")

        # Recover until a run completes; kill some recoveries too. What the
        # runs print together is the job's output: a run killed after it had
        # printed some of its output (all of it, if it was killed in
        # MPI_Finalize) leaves that part out of the next run's.
        printed = LAUNCHER_REPORT.sub(b"", first.out)
        recoveries = kills = 0
        while True:
            recoveries += 1
            if recoveries > 25:
                raise CheckFailed("no recovery completed after 25 attempts")
            kill_after = victim = None
            if kills < 2 and rng.random() < 0.35:
                kill_after = rng.choice([rng.uniform(0.05, 0.4),
                                         rng.uniform(0.4, max(0.5, 0.6 * self.t_run))])
                victim = self.pick_victim(rng.randrange(3))
            if os.environ.get("AALC_TEST_KEEP_CHECKPOINTS") and os.path.isdir(settings["CKPT_DIR"]):
                # For debugging a wrong recovery: what it started from.
                shutil.copytree(settings["CKPT_DIR"],
                                os.path.join(workdir, f"ckpt.before-recovery-{recoveries}"),
                                ignore=shutil.ignore_patterns("LOCK"), dirs_exist_ok=True)
            r = self.mpiexec(exe, ["--recover"], env, workdir, kill_after=kill_after,
                             victim=victim)
            resumed = r.resumed()
            if resumed and must_reach:
                oldest = min(resumed.values())
                if oldest < max(must_reach):
                    raise CheckFailed(f"recovery {recoveries} resumed from checkpoint {oldest}, "
                                      f"but checkpoint {max(must_reach)} had been committed; "
                                      f"what it said of checkpoints:\n"
                                      f"{checkpoint_lines(r.err)}")
            if resumed:  # it is there until a run removes it at its end
                must_reach.append(min(resumed.values()))
            committed += r.committed()
            must_reach += r.committed()
            printed += LAUNCHER_REPORT.sub(b"", r.out)
            if r.killed and r.rc != 0:
                kills += 1
                # A recovery killed while it ended may have removed its
                # checkpoints, as the first run may have (below).
                if self.was_ending(r):
                    ending = True
                    must_reach = []
                notes.append(f"recovery {recoveries}: rank {r.killed[0]} killed at "
                             f"{r.killed[1]:.2f} s")
                continue
            if r.rc == 0:
                break
            if NO_CHECKPOINT in r.err and not committed:
                # Killed before the first checkpoint: a user starts afresh.
                notes.append("no checkpoint yet: started afresh")
                fresh = self.mpiexec(exe, [], env, workdir)
                if fresh.rc != 0:
                    raise CheckFailed(f"fresh run exited {fresh.rc}\n{tail(fresh.err)}")
                self.compare(fresh, "the fresh run")
                self.account(fresh, recovered=False)
                self.outcomes["fresh"] += 1
                return ", ".join(notes) + "; output identical (NOT a recovery test)"
            if NO_CHECKPOINT in r.err and ending and not must_reach and printed == self.reference:
                # The run before (the first, or a recovery) was killed as it ended:
                # every rank was past MPI_Finalize, and the run, ended normally on
                # rank 0, had removed its checkpoints (runtime/src/cleanup.c).
                # Nothing is left to recover from, and the job's output is whole.
                self.compare(first, "a run killed after it had ended", printed)
                self.account(first, recovered=False)
                notes.append("it had ended and removed its checkpoints: nothing to recover")
                return ", ".join(notes) + "; output identical (NOT a recovery test)"
            if NO_CHECKPOINT in r.err:
                raise CheckFailed(f"--recover found no checkpoint, but checkpoint(s) "
                                  f"{sorted(set(committed))} had been committed\n{tail(r.err)}")
            raise CheckFailed(f"--recover exited {r.rc}\n{tail(r.err)}")

        self.compare(r, f"recovery {recoveries} (with what the killed runs printed)", printed)
        if set(resumed) != set(range(self.np)):
            raise CheckFailed(f"the completed --recover run: 'resumed from checkpoint' only "
                              f"from rank(s) {sorted(resumed)} of {self.np}:\n{tail(r.err)}")
        if len(set(resumed.values())) != 1:
            raise CheckFailed(f"the ranks resumed from different checkpoints: {resumed}")
        if settings.get("CKPT_DEBUG_WRONG_RANK_GUESS"):
            # Ranks 0 and 1 guessed each other's rank and loaded that image.
            wrong = {int(rank) for rank in WRONG_GUESS.findall(r.err)}
            if not {0, 1} <= wrong:
                raise CheckFailed(f"CKPT_DEBUG_WRONG_RANK_GUESS: ranks 0 and 1 should report "
                                  f"loading the other's image, got {sorted(wrong)}:\n"
                                  f"{tail(r.err)}")
        self.account(r, recovered=True)
        self.outcomes["recovered"] += 1
        notes.append(f"{recoveries} recoveries ({kills} killed), last from checkpoint "
                     f"{next(iter(resumed.values()))}")
        if r.strays:
            notes.append(f"{len(r.strays)} stray processes killed")
        return ", ".join(notes) + "; output identical" + self.counter_note(r)

    def stress_satisfied(self):
        for kind in self.args.expect:
            if self.sums.get(kind, 0) == 0 or self.replay_sums.get(REPLAY_OF[kind], 0) == 0:
                return False
        return True

    def check_counters(self, workdir):
        del workdir
        report = " ".join(f"{k}={self.sums.get(k, 0)}" for k in REPLAY_OF) + "; in " + \
            f"{self.nrecovered} completed recoveries: " + \
            " ".join(f"{v}={self.replay_sums.get(v, 0)}" for v in dict.fromkeys(REPLAY_OF.values()))
        missing = [k for k in self.args.expect if self.sums.get(k, 0) == 0]
        missing += [REPLAY_OF[k] for k in self.args.expect
                    if self.replay_sums.get(REPLAY_OF[k], 0) == 0]
        if missing:
            raise CheckFailed(f"zero {', '.join(missing)} (expected nonzero: "
                              f"{', '.join(self.args.expect)}): {report}")
        return report

    def main(self):
        mode = "stress, CKPT_INTERVAL=0.01" if self.args.stress else "kill and recover"
        self.log(f"seed {self.args.seed}, {self.np} ranks, {mode}, "
                 f"{self.args.trials} trials, budget {self.args.budget:.0f} s")
        for path in (self.args.exe, self.args.plain):
            if not os.access(path, os.X_OK):
                self.log(f"FAIL  {path} is missing; build the samples first")
                print(f"{self.name}: 0 passed, 1 failed", flush=True)
                return 1
        if not self.check("reference", self.make_reference):
            print(f"{self.name}: {self.passed} passed, {self.failed} failed", flush=True)
            return 1
        self.check("empty CKPT_DIR", self.check_empty_dir)
        if not self.check("uninterrupted run", self.check_uninterrupted):
            self.t_run = self.t_ref
        trial = 0
        max_trials = self.args.trials * 3 if self.args.stress else self.args.trials
        while trial < max_trials:
            # Leave room for one more trial; always do at least one.
            if trial > 0 and self.elapsed() + 3.5 * max(self.t_run, self.t_ref) > self.args.budget:
                self.log(f"time budget: stopping after {trial} trials")
                break
            if self.args.stress and trial >= self.args.trials and self.stress_satisfied():
                break
            self.check(f"trial {trial + 1}", self.trial, trial)
            trial += 1
        if self.args.stress:
            self.check("protocol counters", self.check_counters)
        self.log(f"{self.outcomes['recovered']} trials recovered, {self.outcomes['fresh']} "
                 f"started afresh (killed before the first checkpoint); "
                 f"{self.elapsed():.1f} s")
        if self.launcher_hangs:
            self.log(f"{self.launcher_hangs} launcher hangs after a kill (ranks all ended)")
        return self.tally()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--exe", required=True, help="the sample built with ckptcc")
    p.add_argument("--plain", required=True, help="the same sample built with plain mpicc")
    p.add_argument("--np", type=int, default=2, help="number of ranks (default 2)")
    p.add_argument("--mpiexec", default="mpiexec", help="the mpiexec to use")
    p.add_argument("--name", help="name used in messages (default: the exe's name)")
    p.add_argument("--trials", type=int, default=int(os.environ.get("AALC_TRIALS", 5)),
                   help="kill trials (default 5, or $AALC_TRIALS); with --stress the minimum")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: time)")
    p.add_argument("--budget", type=float,
                   default=float(os.environ.get("AALC_MPI_BUDGET", 80)),
                   help="seconds; no new trial starts once it would overrun (default 80)")
    p.add_argument("--interval", type=float, nargs=2, metavar=("MIN", "MAX"),
                   default=(0.05, 0.3), help="CKPT_INTERVAL range (default 0.05 0.3)")
    p.add_argument("--every", type=int, nargs=2, metavar=("MIN", "MAX"),
                   help="let about half the trials use CKPT_EVERY in [MIN, MAX]")
    p.add_argument("--stress", action="store_true",
                   help="CKPT_INTERVAL=0.01 and protocol counter requirements")
    p.add_argument("--skew", type=int, default=3,
                   help="stress: CKPT_DEBUG_SKEW for the runs (potential points odd ranks "
                        "wait after a checkpoint starts; default 3)")
    p.add_argument("--expect", default="late,early",
                   help="with --stress: counters that must be nonzero, of late,early,nondet,coll_logged,"
                        "comm_logged,late_alone "
                        "(default late,early)")
    p.add_argument("--files", nargs="+", default=[], metavar="FILE",
                   help="files the sample writes (relative to its working directory) that "
                        "must equal the reference run's")
    p.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                   help="a CKPT_ setting for every checkpointed run (repeatable)")
    p.add_argument("sample_args", nargs="*", help="arguments for the sample (after --)")
    args = p.parse_args()
    args.expect = [k for k in args.expect.split(",") if k]
    for k in args.expect:
        if k not in REPLAY_OF:
            p.error(f"--expect: unknown counter '{k}'")
    if args.seed is None:
        args.seed = int(os.environ.get("AALC_SEED", time.time_ns() % 1000000))
    args.name = args.name or os.path.basename(args.exe)
    h = Harness(args)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return h.main()
    finally:
        h.cleanup()


if __name__ == "__main__":
    sys.exit(main())
