#!/usr/bin/env python3
"""The user's tools (issue 21) on real checkpoints of real samples: one case
per run (--case), every program a real process, every failure a real SIGKILL.

Cases:
  verify     ckpt verify on a sound checkpoint directory (exit 0), then on
             copies with one image bit-flipped, truncated, missing, a message
             log missing (MPI), an image writable by others and a directory
             of the group's: exit 1, and each damaged file named
  list_info  ckpt list and ckpt info agree with what was run: checkpoint
             numbers, committed or not, ranks, bytes on disk, executable,
             arguments, sections, compressed or not (CKPT_COMPRESS)
  prune      ckpt prune --keep K leaves exactly the newest K committed ones;
             refuses while a job holds the directory's lock
  restart    ckptrun: the program (or one rank of the MPI job) SIGKILLed
             after a checkpoint, --kills times; the output equals the plain
             build's byte for byte, each restart logged with its checkpoint
  from_start ckptrun: killed before any checkpoint: restarted without
             --recover, output equal to the plain build's
  gives_up   ckptrun: every recovery dies at once: after CKPT_RETRIES
             restarts it gives up, says why, exits with the run's status
  cleanup    no directory is made before the first checkpoint (watched
             while the job runs); a run that ends well (return from main, exit(0)) leaves no
             checkpoint, lock or count file, and no directory unless it
             holds the user's files, which stay; with CKPT_KEEP_ON_EXIT=1,
             a killed run and a run that exits non-zero (serial), the
             checkpoints stay, and the killed run's recovery removes them as
             it ends; --recover without a directory makes none; a verbose
             normal run says nothing alarming at its end

usage: tools_test.py --case NAME --bin BUILD/bin --exe PROG --plain PROG.plain
                     --args "A" [--mpiexec MPIEXEC --np N] [--every N]
"""
import argparse
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 240
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import LAUNCHER_REPORT, check, clean_env, flip_middle_byte, summary  # noqa: E402
from checks import committed as committed_names  # noqa: E402


class Env:
    def __init__(self, a, tmp):
        self.a, self.tmp = a, tmp
        self.env = clean_env(CKPT_KEEP_ON_EXIT=1)  # the tests look at what a run leaves

    def command(self, exe, recover=False):
        cmd = [exe, *self.a.args.split(), *(["--recover"] if recover else [])]
        if self.a.mpiexec:
            cmd = [self.a.mpiexec, "-n", str(self.a.np), *cmd]
        return cmd

    def run(self, cmd, ckdir=None, out=None, **env):
        e = dict(self.env, **env)
        if ckdir:
            e["CKPT_DIR"] = ckdir
        f = open(out, "wb") if out else subprocess.PIPE
        # A session of its own: on a timeout the whole job goes, launcher and ranks.
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.PIPE, env=e,
                             start_new_session=True)
        try:
            p.stdout, p.stderr = p.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            p.returncode = "timeout"
            p.stderr = b"(timed out)"
        finally:
            if out:
                f.close()
        p.out = open(out, "rb").read() if out else p.stdout
        p.err = p.stderr.decode(errors="replace")
        return p

    def checkpointed_run(self, ckdir, **env):
        """A whole run of the ckptcc build taking frequent checkpoints."""
        env.setdefault("CKPT_EVERY", str(self.a.every))
        env.setdefault("CKPT_INTERVAL", "0")
        p = self.run(self.command(self.a.exe), ckdir, **env)
        check(p.returncode == 0, f"checkpointed run exits 0 ({' '.join(p.args)})", p.err)
        return p

    def ckpt(self, *args):
        return self.run([os.path.join(self.a.bin, "ckpt"), *args])

    def reference(self):
        return self.run(self.command(self.a.plain)).out


def committed(ckdir):
    return [int(n[5:]) for n in committed_names(ckdir)]


def image(ckdir, n, rank, ext="img"):
    return os.path.join(ckdir, f"ckpt-{n:06d}", f"rank-{rank:06d}.{ext}")


# ---- ckpt ---------------------------------------------------------------

def case_verify(t):
    ckdir = os.path.join(t.tmp, "ck")
    t.checkpointed_run(ckdir, CKPT_KEEP="3")
    nums = committed(ckdir)
    check(len(nums) == 3, f"three committed checkpoints to verify ({nums})")
    v = t.ckpt("verify", ckdir)
    check(v.returncode == 0 and v.out.decode().count(": sound") == len(nums),
          "verify: a sound directory passes", v.out.decode() + v.err)
    newest, older = nums[-1], nums[0]
    rank = t.a.np - 1 if t.a.mpiexec else 0

    def damaged_copy(name, damage, expect, target):
        d = os.path.join(t.tmp, name)
        shutil.copytree(ckdir, d, symlinks=True)
        os.chmod(d, 0o700)
        path = target(d)
        damage(path)
        v = t.ckpt("verify", d)
        text = v.out.decode() + v.err
        check(v.returncode == 1 and re.search(expect + r"\s+" + re.escape(path), text),
              f"verify: {name}: exit 1 and {os.path.basename(path)} named {expect}", text)
        check(f"checkpoint {older}: sound" in text,
              f"verify: {name}: the older checkpoints still sound", text)
        one = t.ckpt("verify", d, str(older))
        check(one.returncode == 0, f"verify {older}: {name}: the one asked for is sound",
              one.out.decode())
        return text

    def truncate(path):
        os.truncate(path, os.path.getsize(path) * 2 // 3)

    img = lambda d: image(d, newest, rank)  # noqa: E731
    text = damaged_copy("bit_flipped", flip_middle_byte, "DAMAGED", img)
    check("checksum" in text, "verify: a flipped bit is a checksum mismatch", text)
    text = damaged_copy("truncated", truncate, "DAMAGED", img)
    check("truncated" in text, "verify: a truncated image is called truncated", text)
    damaged_copy("missing", os.unlink, "MISSING", img)
    if t.a.mpiexec:
        damaged_copy("missing_log", os.unlink, "MISSING",
                     lambda d: image(d, newest, rank, "log"))
        damaged_copy("damaged_log", flip_middle_byte, "DAMAGED", lambda d: image(d, newest, 0, "log"))
    damaged_copy("writable_image", lambda p: os.chmod(p, 0o606), "UNTRUSTED", img)
    damaged_copy("group_dir", lambda p: os.chmod(p, 0o770), "UNTRUSTED",
                 lambda d: os.path.join(d, f"ckpt-{newest:06d}"))
    v = t.ckpt("verify", ckdir, "999999")
    check(v.returncode == 1 and "999999" in v.out.decode(),
          "verify: a checkpoint that is not there is an error", v.out.decode())
    empty = os.path.join(t.tmp, "empty")
    os.mkdir(empty)
    v = t.ckpt("verify", empty)
    check(v.returncode == 1 and "no committed checkpoint" in v.out.decode(),
          "verify: a directory without checkpoints is an error", v.out.decode())


def dir_bytes(path):
    return sum(os.path.getsize(os.path.join(path, f)) for f in os.listdir(path)
               if os.path.isfile(os.path.join(path, f)))


def case_list_info(t):
    ckdir = os.path.join(t.tmp, "ck")
    t.checkpointed_run(ckdir, CKPT_KEEP="4")
    nums = committed(ckdir)
    # An incomplete checkpoint, as a crash in the middle of one leaves.
    leftover = os.path.join(ckdir, f"ckpt-{nums[-1] + 1:06d}")
    os.mkdir(leftover, 0o700)
    shutil.copy(image(ckdir, nums[-1], 0), os.path.join(leftover, "rank-000000.img.tmp"))
    out = t.ckpt("list", ckdir)
    rows = [line.split() for line in out.out.decode().splitlines()[1:]]
    listed = {int(r[0]): r for r in rows}
    check(out.returncode == 0 and sorted(listed) == nums + [nums[-1] + 1],
          f"list: every checkpoint, in order ({sorted(listed)} vs {nums} + 1)", out.out.decode())
    for n in nums:
        r = listed.get(n, ["?"] * 6)
        check(r[1] == "committed" and r[4] == str(t.a.np)
              and r[5] == str(dir_bytes(os.path.join(ckdir, f"ckpt-{n:06d}"))),
              f"list: checkpoint {n} committed, {t.a.np} ranks, its bytes", " ".join(r))
    r = listed.get(nums[-1] + 1, ["?"] * 6)
    check(r[1] == "incomplete" and r[4] == "-", "list: the leftover is incomplete", " ".join(r))

    info = t.ckpt("info", ckdir)
    text = info.out.decode()
    fields = dict(line.split(None, 1) for line in text.splitlines() if line[:1] != " " and
                  len(line.split(None, 1)) == 2)
    check(info.returncode == 0 and fields.get("checkpoint", "").startswith(f"{nums[-1]} (committed"),
          "info: the newest committed checkpoint by default", text + info.err)
    check(fields.get("executable") == os.path.realpath(t.a.exe), "info: the executable", text)
    check(fields.get("arguments") == t.a.args, "info: the arguments", text)
    check(fields.get("ranks") == str(t.a.np), "info: the ranks", text)
    check(fields.get("written") == "uncompressed", "info: written uncompressed", text)
    check(re.fullmatch(r"[0-9a-f]{16,}", fields.get("build-id", "")) is not None,
          "info: the build-id", text)
    for section in ["globals", "heap", "stack frames"] + (["layer 100"] if t.a.mpiexec else []):
        check(re.search(rf"^  {section} +[1-9]\d*$", text, re.M) is not None,
              f"info: section '{section}' with its size", text)
    older = t.ckpt("info", ckdir, str(nums[0]))
    check(older.returncode == 0 and f"checkpoint  {nums[0]} " in older.out.decode(),
          "info N: the checkpoint asked for", older.out.decode())

    zdir = os.path.join(t.tmp, "zstd")
    t.checkpointed_run(zdir, CKPT_COMPRESS="zstd")
    info = t.ckpt("info", zdir)
    check("written     compressed (zstd)" in info.out.decode(),
          "info: CKPT_COMPRESS=zstd shown as compressed", info.out.decode())
    v = t.ckpt("verify", zdir)
    check(v.returncode == 0, "verify: compressed images pass", v.out.decode())


def case_prune(t):
    ckdir = os.path.join(t.tmp, "ck")
    t.checkpointed_run(ckdir, CKPT_KEEP="6")
    nums = committed(ckdir)
    check(len(nums) == 6, f"six committed checkpoints to prune ({nums})")
    bad = t.ckpt("prune", ckdir, "--keep", "0")
    check(bad.returncode == 2 and committed(ckdir) == nums, "prune --keep 0: a usage error")
    with open(os.path.join(ckdir, "LOCK"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        busy = t.ckpt("prune", ckdir, "--keep", "1")
        check(busy.returncode == 1 and "in use" in busy.err and committed(ckdir) == nums,
              "prune: refused while a job holds the directory", busy.err)
    p = t.ckpt("prune", ckdir, "--keep", "2")
    check(p.returncode == 0 and committed(ckdir) == nums[-2:],
          f"prune --keep 2: exactly the newest two left ({committed(ckdir)})",
          p.out.decode() + p.err)
    check(p.out.decode().count("removed ckpt-") == 4, "prune: says what it removed",
          p.out.decode())
    v = t.ckpt("verify", ckdir)
    check(v.returncode == 0, "prune: what is left verifies", v.out.decode())


# ---- ckptrun ------------------------------------------------------------

def ckptrun(t, ckdir, count, wrapper_args, retries=None):
    fail_runs = [sys.executable, os.path.join(HERE, "fail_runs.py"), "--count", count,
                 "--rank", str(t.a.np - 1 if t.a.mpiexec else 0), *wrapper_args, "--"]
    cmd = [os.path.join(t.a.bin, "ckptrun"), *t.command(t.a.exe)]
    at = cmd.index(t.a.exe)
    cmd[at:at] = fail_runs
    env = {"CKPT_EVERY": str(t.a.every), "CKPT_INTERVAL": "0", "CKPT_VERBOSE": "1"}
    if retries is not None:
        env["CKPT_RETRIES"] = str(retries)
    return t.run(cmd, ckdir, out=os.path.join(t.tmp, "out"), **env)


def runs(count):
    return open(count).read().splitlines()


def case_restart(t):
    ckdir, count = os.path.join(t.tmp, "ck"), os.path.join(t.tmp, "count")
    p = ckptrun(t, ckdir, count, ["--kill-runs", str(t.a.kills)])
    check(p.returncode == 0, "ckptrun: the job ends well", p.err)
    out, reports = LAUNCHER_REPORT.subn(b"", p.out)
    check(reports == (t.a.kills if t.a.mpiexec else 0),
          f"ckptrun: the launcher reported {reports} killed job(s)", p.out.decode(errors="replace"))
    check(out == t.reference(), "ckptrun: output equals the plain build's byte for byte",
          p.out.decode(errors="replace")[-2000:])
    logged = re.findall(r"ckptrun: .* (?:was killed by signal 9 \(Killed\)|exited with status 9); restart (\d) of 3 from "
                        r"checkpoint (\d+)", p.err)
    check([int(k) for k, _ in logged] == list(range(1, t.a.kills + 1)),
          f"ckptrun: {t.a.kills} restart(s) logged with their checkpoint", p.err)
    ran = runs(count)
    check(len(ran) == t.a.kills + 1 and all(r.endswith("--recover") for r in ran[1:])
          and not ran[0].endswith("--recover"),
          "ckptrun: the first run plain, every restart with --recover", "\n".join(ran))
    resumed = [int(n) for n in re.findall(r"resumed from checkpoint (\d+)", p.err)]
    check(len(resumed) >= t.a.kills and all(int(n) in resumed for _, n in logged),
          "ckptrun: each restart resumed from the checkpoint it logged", p.err)


def case_from_start(t):
    ckdir, count = os.path.join(t.tmp, "ck"), os.path.join(t.tmp, "count")
    p = ckptrun(t, ckdir, count, ["--kill-runs", "1", "--before-checkpoint"])
    check(p.returncode == 0 and LAUNCHER_REPORT.sub(b"", p.out) == t.reference(),
          "ckptrun: killed before a checkpoint, started again, the plain output", p.err)
    check("restart 1 of 3 from the start (no checkpoint committed yet" in p.err,
          "ckptrun: says it starts from the start", p.err)
    ran = runs(count)
    check(len(ran) == 2 and not any(r.endswith("--recover") for r in ran),
          "ckptrun: no --recover without a checkpoint", "\n".join(ran))


def case_gives_up(t):
    ckdir, count = os.path.join(t.tmp, "ck"), os.path.join(t.tmp, "count")
    p = ckptrun(t, ckdir, count, ["--kill-runs", "1", "--crash-recoveries"], retries=2)
    # A killed program: 128 + 9, as a shell says; MPICH's mpiexec exits with 9 itself.
    expected = 9 if t.a.mpiexec else 128 + 9
    check(p.returncode == expected,
          f"ckptrun: exit status of the last run, {expected} ({p.returncode})", p.err)
    check(len(runs(count)) == 3, f"ckptrun: the first run and 2 restarts ({len(runs(count))})",
          "\n".join(runs(count)))
    check(re.search(r"ckptrun: giving up: .* again without committing a checkpoint newer "
                    r"than \d+; 2 restarts of 2 tried", p.err) is not None,
          "ckptrun: gives up with a message that says why", p.err)
    env = dict(t.env, CKPT_RETRIES="1", CKPT_DIR=os.path.join(t.tmp, "none"))
    q = subprocess.run([os.path.join(t.a.bin, "ckptrun"), "sh", "-c", "exit 3"], env=env,
                       stderr=subprocess.PIPE, timeout=TIMEOUT)
    check(q.returncode == 3 and b"exited with status 3" in q.stderr and b"giving up" in q.stderr,
          "ckptrun: a program that exits 3 twice: status 3", q.stderr.decode())


# ---- clean-up -----------------------------------------------------------

ALARMING = re.compile(r"abandon|warning|error|fail", re.I)


def case_cleanup(t):
    reference = t.reference()
    gone = dict(CKPT_KEEP_ON_EXIT="0", CKPT_VERBOSE="1")

    ckdir = os.path.join(t.tmp, "ends_well")
    p = t.checkpointed_run(ckdir, **gone)
    check(p.out == reference and "committed" in p.err, "ends well: checkpoints were taken",
          p.err)
    check(not os.path.exists(ckdir), "ends well: the checkpoint directory is gone",
          str(os.listdir(ckdir)) if os.path.exists(ckdir) else "")
    check(not ALARMING.search(p.err), "ends well: nothing alarming at the end (CKPT_VERBOSE=1)",
          p.err)

    users = os.path.join(t.tmp, "users_dir")
    os.mkdir(users, 0o700)
    with open(os.path.join(users, "notes.txt"), "w") as f:
        f.write("the user's\n")
    t.checkpointed_run(users, **gone)
    check(os.listdir(users) == ["notes.txt"],
          f"a directory with the user's file: only that file is left ({os.listdir(users)})")

    kept = os.path.join(t.tmp, "kept")
    t.checkpointed_run(kept, CKPT_KEEP_ON_EXIT="1")
    check(len(committed(kept)) > 0, "CKPT_KEEP_ON_EXIT=1: the committed checkpoints stay")

    killed, count = os.path.join(t.tmp, "killed"), os.path.join(t.tmp, "count")
    fail_runs = [sys.executable, os.path.join(HERE, "fail_runs.py"), "--count", count,
                 "--rank", str(t.a.np - 1 if t.a.mpiexec else 0), "--kill-runs", "1", "--"]
    cmd = t.command(t.a.exe)
    at = cmd.index(t.a.exe)
    first = t.run(cmd[:at] + fail_runs + cmd[at:], killed, CKPT_EVERY=str(t.a.every),
                  CKPT_INTERVAL="0", **gone)
    check(first.returncode != 0 and len(committed(killed)) > 0,
          f"killed (status {first.returncode}): its checkpoints stay ({committed(killed)})",
          first.err)
    rec = t.run(t.command(t.a.exe, recover=True), killed, CKPT_EVERY=str(t.a.every),
                CKPT_INTERVAL="0", **gone)
    printed = LAUNCHER_REPORT.sub(b"", first.out) + rec.out
    check(rec.returncode == 0 and "resumed from checkpoint" in rec.err and printed == reference,
          "the recovery ends well, with the reference output", rec.err)
    check(not os.path.exists(killed), "the recovery that ended well removed the directory")

    # No directory before the first checkpoint: watched while the job runs,
    # without checkpoints, then (to show the watch sees one) with them.
    for every, made in (("0", False), (str(t.a.every), True)):
        d = os.path.join(t.tmp, f"watched_{every}")
        e = dict(t.env, CKPT_DIR=d, CKPT_EVERY=every, CKPT_INTERVAL="0", CKPT_KEEP_ON_EXIT="1")
        p = subprocess.Popen(t.command(t.a.exe), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=e)
        seen = looks = 0
        while p.poll() is None:
            seen |= os.path.exists(d)
            looks += 1
            time.sleep(0.005)
        check(p.returncode == 0 and looks >= 5 and bool(seen) == made,
              f"CKPT_EVERY={every}: the directory {'appears' if made else 'never appears'} "
              f"while the job runs ({looks} looks)")

    missing = os.path.join(t.tmp, "never_made")
    p = t.run(t.command(t.a.exe, recover=True), missing, **gone)
    check(p.returncode != 0 and "no checkpoint found" in p.err and not os.path.exists(missing),
          "--recover without a directory: 'no checkpoint found', and no directory made", p.err)

    if t.a.mpiexec:
        return
    exe = os.path.join(t.tmp, "exit_status")
    cc = subprocess.run([os.path.join(t.a.bin, "ckptcc"), "-O1", "-o", exe,
                         os.path.join(HERE, "exit_status.c")], capture_output=True, text=True)
    check(cc.returncode == 0, "exit_status.c builds with ckptcc", cc.stderr)
    for status, stays in ((0, False), (3, True)):
        d = os.path.join(t.tmp, f"exit_{status}")
        p = t.run([exe, str(status)], d, CKPT_EVERY="100", CKPT_INTERVAL="0", **gone)
        check(p.returncode == status and p.out == b"sum 499500\n" and
              (len(committed(d)) > 0 if stays else not os.path.exists(d)),
              f"exit({status}): the checkpoints {'stay' if stays else 'are removed'}", p.err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--args", default="")
    ap.add_argument("--mpiexec")
    ap.add_argument("--np", type=int, default=1)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--kills", type=int, default=1)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="aalc-tools-") as tmp:
        print(f"case {a.case} on {os.path.basename(a.exe)} (np {a.np})", flush=True)
        globals()["case_" + a.case](Env(a, tmp))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
