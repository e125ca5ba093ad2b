#!/usr/bin/env python3
"""The checkpoint directory in states a user gets it into (issue 23): one
case per run, each a real program built with ckptcc, real files, real
mpiexec. A case passes when the program gives the uninterrupted run's output
byte for byte, or refuses with a message that says what is wrong; never a
wrong result with exit status 0, never a hang (every run has a timeout).

Cases (--case):
  other_args     --recover with other arguments: refused, both argument
                 lists shown; CKPT_RECOVER_ANY_ARGS=1 resumes the checkpoint
  shared_dir     job A checkpoints, job B (other arguments) runs in the same
                 CKPT_DIR: A's --recover must not print B's answer
  lock           a second job in a directory another job is using stops at
                 its start with a clear error; the first is unaffected
  ranks          (MPI) --recover with another rank count: named as such
  damaged_log    (MPI) a rank's message log of the newest checkpoint damaged,
                 missing or from an older checkpoint: the one before is used
  misplaced_image  intact images in the wrong place (one from an older
                 checkpoint, two ranks' swapped): detected, the one before used
  write_fails    a checkpoint's image (every rank's, one rank's), log or
                 commit fails (CKPT_DEBUG_FAIL): the program goes on and ends
                 normally, nothing of that checkpoint is left, later ones work
  first_fails    the first checkpoint fails: no promise of a previous one
  full_disk      a real full disk (a small tmpfs; skipped without mount)
  unreadable     an image that cannot be read is called so, not 'damaged'
  damaged_bounded  set-aside damaged checkpoints do not pile up

usage: checkpoint_dir.py --case NAME --exe PROG --plain PROG.plain
                         [--mpiexec MPIEXEC --np N] --args "A" --other-args "B"
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIMEOUT = 120
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, committed, flip_middle_byte, summary  # noqa: E402


class Job:
    def __init__(self, a):
        self.a = a
        self.env = clean_env(CKPT_KEEP_ON_EXIT=1)  # the cases work on what whole runs leave

    def command(self, exe, args, np=None, recover=False):
        cmd = [exe, *args.split(), *(["--recover"] if recover else [])]
        if self.a.mpiexec:
            cmd = [self.a.mpiexec, "-n", str(np or self.a.np), *cmd]
        return cmd

    def run(self, args, ckdir=None, plain=False, recover=False, np=None, timeout=TIMEOUT,
            out=None, **env):
        """Runs to the end (or the timeout: returncode "timeout"). The output
        goes to the file out, if given, appended: a recovery rewinds it to
        where the checkpoint was taken; r.stdout is then the file's content."""
        e = dict(self.env, **env)
        if ckdir:
            e["CKPT_DIR"] = ckdir
        e.setdefault("CKPT_INTERVAL", "0")
        cmd = self.command(self.a.plain if plain else self.a.exe, args, np, recover)
        f = open(out, "ab") if out else subprocess.PIPE
        try:
            p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.PIPE, env=e,
                                 start_new_session=True)
            try:
                stdout, stderr = p.communicate(timeout=timeout)
                rc = p.returncode
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                stdout, stderr = p.communicate()
                rc = "timeout"
        finally:
            if out:
                f.close()
        r = subprocess.CompletedProcess(cmd, rc, stdout, stderr.decode(errors="replace"))
        r.stdout = open(out, "rb").read().decode(errors="replace") if out else \
            stdout.decode(errors="replace")
        return r

    def start(self, args, ckdir, **env):
        e = dict(self.env, CKPT_DIR=ckdir, CKPT_INTERVAL="0", **env)
        return subprocess.Popen(self.command(self.a.exe, args), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=e,
                                start_new_session=True)


def output_file(job, work):
    """Where a run's output goes so that a recovery can continue it: a file
    for a serial program (the recovery rewinds it to where the checkpoint
    was taken: it must be the same file), the pipe under mpiexec (whose
    ranks write through the launcher: ring prints its result at the end)."""
    return None if job.a.mpiexec else os.path.join(work, "a.out")


def recovered_from(stderr):
    return sorted({int(n) for n in re.findall(r"recovering from checkpoint (\d+)", stderr)})


# ---- cases ---------------------------------------------------------------


def case_other_args(job, work, ref):
    a = job.a
    ckdir = os.path.join(work, "ck")
    full = job.run(a.args, ckdir, out=output_file(job, work), CKPT_EVERY=a.every,
                   CKPT_KEEP="3")
    check(full.returncode == 0 and full.stdout == ref and committed(ckdir),
          f"run with arguments '{a.args}': exit {full.returncode}, {len(committed(ckdir))} "
          f"checkpoints", full.stderr)
    r = job.run(a.other_args, ckdir, recover=True, CKPT_VERBOSE="1")
    check(r.returncode not in (0, "timeout") and r.stdout == "" and
          a.args in r.stderr and a.other_args in r.stderr and "CKPT_RECOVER_ANY_ARGS" in r.stderr,
          f"--recover with arguments '{a.other_args}' refused, showing both argument lists "
          f"(exit {r.returncode})", r.stderr)
    r = job.run(a.other_args, ckdir, recover=True, out=output_file(job, work),
                CKPT_VERBOSE="1", CKPT_RECOVER_ANY_ARGS="1")
    check(r.returncode == 0 and r.stdout == ref,
          f"CKPT_RECOVER_ANY_ARGS=1: the checkpoint resumed with its own arguments (exit "
          f"{r.returncode}, output {'identical' if r.stdout == ref else 'DIFFERS'})", r.stderr)


def case_shared_dir(job, work, ref):
    """A checkpoints and stops (its last checkpoints stay, as after a kill), B
    runs with other arguments in the same directory; then A's --recover."""
    a = job.a
    ckdir = os.path.join(work, "ck")
    job.run(a.args, ckdir, out=output_file(job, work), CKPT_EVERY=a.every, CKPT_KEEP="3")
    b = job.run(a.other_args, ckdir, CKPT_EVERY=a.every, CKPT_KEEP="3")
    check(b.returncode == 0, f"job B ({a.other_args}) ran in A's directory: exit {b.returncode}",
          b.stderr)
    r = job.run(a.args, ckdir, recover=True, out=output_file(job, work),
                CKPT_VERBOSE="1")
    wrong = r.returncode == 0 and r.stdout != ref
    check(not wrong and (r.returncode == 0 and r.stdout == ref or
                         r.returncode not in (0, "timeout") and a.other_args in r.stderr),
          f"A's --recover: exit {r.returncode}, "
          f"{'B' + chr(39) + 's answer with status 0' if wrong else 'no wrong result'}",
          r.stderr)


def case_lock(job, work, ref):
    a = job.a
    ckdir = os.path.join(work, "ck")
    first = job.start(a.long_args, ckdir, CKPT_EVERY=a.every, CKPT_KEEP="3")
    deadline = time.time() + 60
    while not committed(ckdir) and time.time() < deadline and first.poll() is None:
        time.sleep(0.05)
    check(bool(committed(ckdir)), "the first job has written a checkpoint")
    t0 = time.time()
    second = job.run(a.args, ckdir, timeout=60, CKPT_EVERY=a.every, CKPT_KEEP="3")
    took = time.time() - t0
    check(second.returncode not in (0, "timeout") and "in use by another job" in second.stderr
          and second.stdout == "",
          f"a second job in the same directory stops at its start with a clear error (exit "
          f"{second.returncode} after {took:.1f} s)",
          second.stderr + (f"\n(its stdout:)\n{second.stdout}" if second.stdout else ""))
    try:
        out, err = first.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(first.pid, signal.SIGKILL)
        out, err = first.communicate()
    long_ref = job.run(a.long_args, plain=True).stdout
    check(first.returncode == 0 and out == long_ref,
          f"the first job ends normally with its own output (exit {first.returncode})", err)
    jobs = {open(os.path.join(ckdir, c, "JOB")).read() if
            os.path.exists(os.path.join(ckdir, c, "JOB")) else "no JOB file"
            for c in committed(ckdir)}
    check(all(a.long_args in j for j in jobs), "every checkpoint left is the first job's")


def case_ranks(job, work, ref):
    a = job.a
    ckdir = os.path.join(work, "ck")
    job.run(a.args, ckdir, out=output_file(job, work), CKPT_EVERY=a.every, CKPT_KEEP="3")
    r = job.run(a.args, ckdir, recover=True, np=a.np + 1)
    check(r.returncode not in (0, "timeout") and r.stdout == "" and
          f"{a.np} ranks" in r.stderr and f"has {a.np + 1}" in r.stderr and
          "damaged" not in r.stderr,
          f"--recover with {a.np + 1} ranks on a {a.np}-rank checkpoint: the rank counts named "
          f"(exit {r.returncode})", r.stderr)
    r = job.run(a.args, ckdir, recover=True, out=output_file(job, work),
                CKPT_VERBOSE="1")
    check(r.returncode == 0 and r.stdout == ref,
          f"with {a.np} ranks it recovers (exit {r.returncode})", r.stderr)


damage_flip = flip_middle_byte


def damage_truncate(path):
    os.truncate(path, os.path.getsize(path) // 2)


def damage_delete(path):
    os.unlink(path)


def recover_older(job, work, ref, what, spoil):
    """A run leaves three committed checkpoints; spoil(ckdir, newest, older)
    damages the newest: the recovery must load the one before, every rank
    the same, and give the uninterrupted run's output."""
    a = job.a
    pristine = os.path.join(work, "pristine")
    out = output_file(job, work)
    job.run(a.args, pristine, out=out, CKPT_EVERY=a.every, CKPT_KEEP="3")
    names = committed(pristine)
    if len(names) < 2:
        check(False, f"at least two checkpoints ({names})")
        return
    for name, damage in what:
        ckdir = os.path.join(work, name.replace(" ", "_"))
        shutil.rmtree(ckdir, ignore_errors=True)
        shutil.copytree(pristine, ckdir)
        spoil(ckdir, names[-1], names[-2], damage)
        r = job.run(a.args, ckdir, recover=True, out=out, CKPT_VERBOSE="1")
        want = int(names[-2].split("-")[1])
        got = recovered_from(r.stderr)
        check(r.returncode == 0 and r.stdout == ref and got == [want],
              f"{name} in {names[-1]}: exit {r.returncode}, recovered from {got} (want "
              f"[{want}]) on every rank, output {'identical' if r.stdout == ref else 'DIFFERS'}",
              r.stderr)


def rank_file(ckdir, name, rank, ext):
    return os.path.join(ckdir, name, f"rank-{rank:06d}.{ext}")


def case_damaged_log(job, work, ref):
    """(MPI) The last rank's message log of the newest checkpoint flipped,
    truncated, deleted, or taken from the checkpoint before."""
    last = job.a.np - 1

    def spoil(ckdir, newest, older, damage):
        path = rank_file(ckdir, newest, last, "log")
        if damage is None:
            shutil.copyfile(rank_file(ckdir, older, last, "log"), path)
        else:
            damage(path)
    recover_older(job, work, ref, [("flipped log", damage_flip), ("truncated log",
                                   damage_truncate), ("deleted log", damage_delete),
                                   ("older log", None)], spoil)


def case_misplaced_image(job, work, ref):
    """Intact images in the wrong place: the last rank's image of the newest
    checkpoint replaced by its image of the checkpoint before; with several
    ranks, also rank 0's and rank 1's images of the newest swapped."""
    last = job.a.np - 1

    def spoil(ckdir, newest, older, how):
        if how == "older":
            shutil.copyfile(rank_file(ckdir, older, last, "img"),
                            rank_file(ckdir, newest, last, "img"))
        else:
            a, b = rank_file(ckdir, newest, 0, "img"), rank_file(ckdir, newest, 1, "img")
            os.rename(a, a + ".swap")
            os.rename(b, a)
            os.rename(a + ".swap", b)
    what = [("image of the checkpoint before", "older")]
    if job.a.np > 1:
        what.append(("images of ranks 0 and 1 swapped", "swap"))
    recover_older(job, work, ref, what, spoil)


def leftovers(ckdir):
    """What a failed checkpoint must not leave: uncommitted ckpt-* directories
    (empty or not) and temporary files."""
    bad = [d for d in os.listdir(ckdir) if re.fullmatch(r"ckpt-\d+", d) and
           not os.path.exists(os.path.join(ckdir, d, "COMMITTED"))]
    for d in committed(ckdir):
        bad += [f"{d}/{f}" for f in os.listdir(os.path.join(ckdir, d)) if f.endswith(".tmp")]
    return bad


def survives_failed_checkpoints(job, work, ref, ckdir, what, env, failed=None):
    """The run with checkpoints failing ends normally with the right output,
    leaves no trace of the failed ones, and recovers from what it committed."""
    a = job.a
    out = output_file(job, work)
    if out and os.path.exists(out):
        os.unlink(out)
    r = job.run(a.args, ckdir, out=out, CKPT_EVERY=a.every, CKPT_KEEP="2", CKPT_VERBOSE="1",
                **env)
    names = committed(ckdir)
    junk = leftovers(ckdir) if os.path.isdir(ckdir) else []
    check(r.returncode == 0 and r.stdout == ref,
          f"{what}: the program ends normally (exit {r.returncode}, output "
          f"{'identical' if r.stdout == ref else 'DIFFERS'})", r.stderr)
    check("not written" in r.stderr or "not committed" in r.stderr,
          f"{what}: a warning says the checkpoint was not written", r.stderr)
    check(not junk, f"{what}: nothing of the failed checkpoint left ({junk})")
    if failed is not None:
        check(names and f"ckpt-{failed:06d}" not in names and
              int(names[-1].split("-")[1]) > failed,
              f"{what}: checkpoint {failed} not committed, later ones are ({names})")
    if names:
        r = job.run(a.args, ckdir, recover=True, out=out, CKPT_VERBOSE="1", **env)
        check(r.returncode == 0 and r.stdout == ref,
              f"{what}: --recover from {names[-1]} gives the uninterrupted output (exit "
              f"{r.returncode})", r.stderr)
    return r


def case_write_fails(job, work, ref):
    """CKPT_DEBUG_FAIL: checkpoint 2's image fails on every rank, on the last
    rank only; its message log on the last rank (MPI); its commit."""
    last = job.a.np - 1
    stages = [("image of every rank", "image:2"), ("commit", "commit:2")]
    if job.a.mpiexec:
        stages[1:1] = [(f"image of rank {last} only", f"image:2:{last}"),
                       (f"message log of rank {last} only", f"log:2:{last}")]
    for what, setting in stages:
        ckdir = os.path.join(work, setting.replace(":", "_"))
        survives_failed_checkpoints(job, work, ref, ckdir, f"{what} fails",
                                    {"CKPT_DEBUG_FAIL": setting}, failed=2)


def case_first_fails(job, work, ref):
    """The very first checkpoint fails: the warning must not promise a
    previous one."""
    ckdir = os.path.join(work, "ck")
    out = output_file(job, work)
    r = job.run(job.a.args, ckdir, out=out, CKPT_EVERY=job.a.every,
                CKPT_DEBUG_FAIL="image:1")
    check(r.returncode == 0 and r.stdout == ref and "no earlier checkpoint" in r.stderr and
          "kept" not in r.stderr.split("checkpoint 1 not written")[-1].split("\n")[0],
          f"first checkpoint failed: exit {r.returncode}, the warning says there is no "
          f"earlier one", r.stderr)


def case_full_disk(job, work, ref):
    """A real full disk: CKPT_DIR on a small tmpfs with room for one
    checkpoint and a half. Needs mount (root); skipped otherwise."""
    probe = os.path.join(work, "probe")
    job.run(job.a.args, probe, CKPT_EVERY=job.a.every, CKPT_KEEP="1")
    names = committed(probe)
    size = sum(os.path.getsize(os.path.join(probe, names[-1], f))
               for f in os.listdir(os.path.join(probe, names[-1])))
    mnt = os.path.join(work, "mnt")
    os.makedirs(mnt)
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={max(1, 4 * size // 1024 + 64)}k",
                        "tmpfs", mnt], capture_output=True, text=True)
    if m.returncode != 0:
        print(f"skipped: cannot mount a small tmpfs ({m.stderr.strip()})")
        return 77
    try:
        st = os.statvfs(mnt)
        free = st.f_bavail * st.f_frsize
        with open(os.path.join(mnt, "filler"), "wb") as f:
            f.write(b"\0" * max(0, free - size * 3 // 2 - 8 * 4096))
        st = os.statvfs(mnt)
        print(f"  tmpfs: {st.f_bavail * st.f_frsize} bytes free, a checkpoint takes {size}")
        survives_failed_checkpoints(job, work, ref, os.path.join(mnt, "ck"), "full disk", {})
        names = committed(os.path.join(mnt, "ck"))
        check(len(names) >= 1, f"full disk: a committed checkpoint remains ({names})")
    finally:
        subprocess.run(["umount", "-l", mnt])


def case_unreadable(job, work, ref):
    """The last rank's image of the newest checkpoint cannot be read (a FIFO,
    a directory in its place; without root also a file without read
    permission): the warning says so, not 'damaged', the file is left where
    it is, and the checkpoint before is used."""
    last = job.a.np - 1

    def spoil(ckdir, newest, older, how):
        path = rank_file(ckdir, newest, last, "img")
        os.unlink(path)
        if how == "fifo":
            os.mkfifo(path)
        elif how == "directory":
            os.mkdir(path)
        else:
            shutil.copyfile(rank_file(ckdir, older, last, "img"), path)
            os.chmod(path, 0)
    what = [("a FIFO in place of an image", "fifo"),
            ("a directory in place of an image", "directory")]
    if os.geteuid() != 0:
        what.append(("an image without read permission", "mode"))
    recover_older(job, work, ref, what, spoil)
    out = output_file(job, work)
    for name, how in what:
        ckdir = os.path.join(work, name.replace(" ", "_"))
        names = sorted(os.listdir(ckdir))
        r = job.run(job.a.args, ckdir, recover=True, out=out, CKPT_VERBOSE="1", timeout=60)
        said = re.findall(r"warning: (checkpoint \d+ in .*)", r.stderr)
        check(any("cannot be read" in w for w in said) and
              not any("damaged" in w for w in said) and
              not any(n.endswith(".damaged") for n in os.listdir(ckdir)),
              f"{name}: called unreadable, not damaged, and left in place", r.stderr)


def case_damaged_bounded(job, work, ref):
    """Recovered again and again with the newest checkpoint damaged each
    time: the set-aside (.damaged) checkpoints stay few."""
    a = job.a
    ckdir = os.path.join(work, "ck")
    out = output_file(job, work)
    job.run(a.args, ckdir, out=out, CKPT_EVERY=a.every, CKPT_KEEP="3")
    for k in range(6):
        names = committed(ckdir)
        damage_flip(rank_file(ckdir, names[-1], 0, "img"))
        r = job.run(a.args, ckdir, recover=True, out=out, CKPT_EVERY=a.every, CKPT_KEEP="3")
        if r.returncode != 0 or r.stdout != ref:
            check(False, f"recovery {k + 1} with the newest damaged (exit {r.returncode})",
                  r.stderr)
            return
    aside = sorted(d for d in os.listdir(ckdir) if ".damaged" in d)
    check(1 <= len(aside) <= 3, f"6 recoveries each set one aside: {len(aside)} kept {aside}")


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", required=True, choices=sorted(CASES))
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec")
    ap.add_argument("--np", type=int, default=1)
    ap.add_argument("--args", required=True, help="the job's arguments")
    ap.add_argument("--other-args", required=True, help="another job's arguments")
    ap.add_argument("--long-args", required=True, help="arguments for a run of some seconds")
    ap.add_argument("--every", default="20", help="CKPT_EVERY for the runs")
    a = ap.parse_args()
    job = Job(a)
    ref = job.run(a.args, plain=True)
    if ref.returncode != 0:
        sys.exit(f"the reference run failed: {ref.stderr}")
    work = tempfile.mkdtemp(prefix="aalc-ckdir-")
    print(f"case {a.case} ({'MPI, ' + str(a.np) + ' ranks' if a.mpiexec else 'serial'})")
    try:
        rc = CASES[a.case](job, work, ref.stdout)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if rc == 77:
        sys.exit(77)
    sys.exit(summary())


if __name__ == "__main__":
    main()
