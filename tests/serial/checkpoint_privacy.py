#!/usr/bin/env python3
"""Checkpoints are private, trusted only when they are the user's own, and
keep secret-like environment variables out (docs/user-guide.md, "Privacy").

tests/serial/secrets.c, built with ckptcc (EXE) and plain cc (PLAIN):

  modes     every directory a checkpoint creates is 0700 and every file 0600
            even under umask 0; with CKPT_DIR_MODE=0750 under umask 077,
            0750 and 0640;
  trust     a run SIGKILLed after its third checkpoint; copies of its
            checkpoint directory, each changed one way, recovered with
            --recover: a group-writable CKPT_DIR and an image writable by
            others are refused with a message naming the path; with
            CKPT_DIR_MODE=0770 the group-writable one is accepted; as root,
            a checkpoint directory owned by nobody is refused, and, run as
            nobody (setpriv), one owned by root inside nobody's own CKPT_DIR
            is refused while the same copy all nobody's recovers. Every
            accepted recovery's output equals PLAIN's byte for byte;
  env       the images of a run started with AALC_TEST_API_TOKEN=<secret>
            hold AALC_TEST_PLAIN's value but not the secret (with
            CKPT_ENV_EXCLUDE=none they hold it; with
            CKPT_ENV_EXCLUDE=default,AALC_TEST_PLAIN neither); after
            --recover, getenv answers the recovering process's token (or
            NULL when it has none, also when the first run had none) and
            the saved AALC_TEST_PLAIN.

The parts that change users run only as root. Standard library only. Exit
status 0 when every check passed.
"""

import argparse
import os
import pwd
import re
import secrets
import signal
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, remove_unless_failed, summary  # noqa: E402

COMMITTED = re.compile(r"checkpoint (\d+) committed")
ROUNDS = "2000"


def base_env(ckdir, **extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("CKPT_", "AALC_TEST_"))}
    env.update(CKPT_DIR=ckdir, CKPT_EVERY="100", CKPT_KEEP="50", CKPT_VERBOSE="1",
               CKPT_INTERVAL="0", CKPT_KEEP_ON_EXIT="1")
    env.update(extra)
    return env


def run(cmd, env, out_path, kill_after=None, umask=None, as_nobody=False):
    """Run cmd, stdout appended to out_path; SIGKILL it once checkpoint
    kill_after is committed. Returns (exit status, stderr)."""
    if as_nobody:
        cmd = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"] + cmd
    lines = []
    with open(out_path, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env, text=True,
                                preexec_fn=(lambda: os.umask(umask)) if umask is not None
                                else None)
        for line in proc.stderr:
            lines.append(line)
            m = COMMITTED.search(line)
            if m and kill_after is not None and int(m.group(1)) >= kill_after:
                proc.send_signal(signal.SIGKILL)
                break
        proc.stderr.close()
        return proc.wait(timeout=120), "".join(lines)


def modes_under(top):
    """(path, kind, permission bits) of top and everything under it."""
    found = [(top, "dir", stat.S_IMODE(os.stat(top).st_mode))]
    for root, dirs, files in os.walk(top):
        for d in dirs:
            p = os.path.join(root, d)
            found.append((p, "dir", stat.S_IMODE(os.stat(p).st_mode)))
        for f in files:
            p = os.path.join(root, f)
            found.append((p, "file", stat.S_IMODE(os.stat(p).st_mode)))
    return found


def test_modes(a, work):
    for name, umask, extra, want_dir, want_file in [
            ("default, umask 0", 0, {}, 0o700, 0o600),
            ("CKPT_DIR_MODE=0750, umask 077", 0o077, {"CKPT_DIR_MODE": "0750"}, 0o750, 0o640)]:
        ckdir = os.path.join(work, "modes-" + str(len(os.listdir(work))), "sub", "run.ckpt")
        rc, err = run([a.exe, "400"], base_env(ckdir, **extra), os.path.join(work, "modes.out"),
                      umask=umask)
        found = modes_under(ckdir) if os.path.isdir(ckdir) else []
        files = [f for f in found if f[1] == "file"]
        wrong = [f"{os.path.relpath(p, work)} {kind} {m:04o}" for p, kind, m in found
                 if m != (want_dir if kind == "dir" else want_file)]
        # The parents it created (sub/ and run.ckpt's) are the checkpoint's too.
        parent = stat.S_IMODE(os.stat(os.path.dirname(ckdir)).st_mode)
        check(rc == 0 and len(files) >= 6 and not wrong and parent == want_dir,
              f"modes, {name}: exit {rc}, {len(files)} files, parent {parent:04o}, want "
              f"{want_dir:04o}/{want_file:04o}; wrong: {wrong[:4]}")


def newest(ckdir):
    return os.path.join(ckdir, max(d for d in os.listdir(ckdir) if re.fullmatch(r"ckpt-\d+", d)))


def killed_run(a, work, name, **env):
    """A run SIGKILLed once its third checkpoint is committed: (CKPT_DIR, stdout file).
    Each recovery gets one of its own: output is rewound only in the file the
    checkpoint was taken with."""
    ckdir = os.path.join(work, name + ".ckpt")
    out = os.path.join(work, name + ".out")
    rc, _ = run([a.exe, ROUNDS], base_env(ckdir, **env), out, kill_after=3)
    check(rc == -signal.SIGKILL, f"{name}: first run killed after checkpoint 3 (exit {rc})")
    return ckdir, out


def test_trust(a, work, reference):
    root = os.geteuid() == 0
    nobody = pwd.getpwnam("nobody") if root else None

    def chown_tree(top, uid, gid):
        os.chown(top, uid, gid)
        for r, ds, fs in os.walk(top):
            for n in ds + fs:
                os.chown(os.path.join(r, n), uid, gid)

    def newest_image(ckdir):
        return os.path.join(newest(ckdir), "rank-000000.img")

    def planted_by_root(d):
        """nobody's CKPT_DIR with a checkpoint of root's in it, readable by all."""
        chown_tree(d, nobody.pw_uid, nobody.pw_gid)
        planted = newest(d)
        chown_tree(planted, 0, 0)
        os.chmod(planted, 0o755)
        for f in os.listdir(planted):
            os.chmod(os.path.join(planted, f), 0o644)
        return planted

    # name, change(ckdir) -> path the refusal must name (None: accepted),
    # the words the refusal must hold, extra env, run as nobody
    scenarios = [
        ("untouched", lambda d: None, None, {}, False),
        ("group-writable CKPT_DIR", lambda d: (os.chmod(d, 0o770), d)[1],
         "is writable by its group", {}, False),
        ("image writable by others",
         lambda d: (os.chmod(newest_image(d), 0o606), newest_image(d))[1],
         "is writable by others", {}, False),
        ("group-writable, CKPT_DIR_MODE=0770",
         lambda d: (os.chmod(d, 0o770), os.chmod(newest(d), 0o770), None)[2], None,
         {"CKPT_DIR_MODE": "0770"}, False),
    ]
    if root:
        scenarios += [
            ("checkpoint directory owned by nobody",
             lambda d: (os.chown(newest(d), nobody.pw_uid, -1), newest(d))[1],
             "is owned by uid 65534 (nobody), not by the user running this program", {}, False),
            ("as nobody: all nobody's", lambda d: chown_tree(d, nobody.pw_uid, nobody.pw_gid),
             None, {}, True),
            ("as nobody: a checkpoint directory owned by root", planted_by_root,
             "is owned by uid 0 (root), not by the user running this program", {}, True),
        ]
    else:
        print("skipped: the scenarios with another user (not root)")
    for i, (name, change, words, extra, as_nobody) in enumerate(scenarios):
        ckdir, out = killed_run(a, work, f"trust-{i}")
        if as_nobody:
            os.chown(out, nobody.pw_uid, nobody.pw_gid)
        named = change(ckdir)
        rc, err = run([a.exe, ROUNDS, "--recover"], base_env(ckdir, **extra), out,
                      as_nobody=as_nobody)
        if words is None:
            with open(out, "rb") as f:
                same = f.read() == reference
            check(rc == 0 and same, f"trust, {name}: recovered (exit {rc}), output "
                  f"{'equals' if same else 'differs from'} the plain build's; "
                  f"{err.strip().splitlines()[-1:] if rc else ''}")
        else:
            said = f"{named} {words}" in err
            check(rc == 1 and said and "refusing checkpoint" in err,
                  f"trust, {name}: refused (exit {rc}), naming {os.path.relpath(named, work)}: "
                  f"{said}; stderr: {err.strip().splitlines()[-1:]}")


def grep_finds(text, ckdir):
    """Does grep find text in any file under ckdir (images, markers)?"""
    return subprocess.run(["grep", "-rqaF", "--", text, ckdir]).returncode == 0


def checkpoint_bytes(ckdir):
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(ckdir) for f in fs)


def test_env(a, work):
    secret = "s3cr3t-" + secrets.token_hex(12)
    plain = "plainvalue-" + secrets.token_hex(12)
    newtoken = "refreshed-" + secrets.token_hex(12)
    given = {"AALC_TEST_API_TOKEN": secret, "AALC_TEST_PLAIN": plain}
    for name, extra, want_secret, want_plain in [
            ("default list", {}, False, True),
            ("CKPT_ENV_EXCLUDE=none", {"CKPT_ENV_EXCLUDE": "none"}, True, True),
            ("CKPT_ENV_EXCLUDE=default,AALC_TEST_PLAIN",
             {"CKPT_ENV_EXCLUDE": "default,AALC_TEST_PLAIN"}, False, False)]:
        ckdir, out = killed_run(a, work, f"env-{len(os.listdir(work))}", **given, **extra)
        size = checkpoint_bytes(ckdir)
        has_secret, has_plain = grep_finds(secret, ckdir), grep_finds(plain, ckdir)
        check(size and has_secret == want_secret and
              has_plain == want_plain,
              f"env, {name}: grep in {size} bytes of checkpoint files finds the secret: "
              f"{has_secret}, AALC_TEST_PLAIN's value: {has_plain} (want {want_secret}, "
              f"{want_plain})")
        if name != "default list":
            continue
        # The third: no token to start with (no slot to reuse: the saved
        # environment grows into a new array).
        for label, first_token, recover_token in [
                ("the recovering process's token", secret, newtoken),
                ("no token when recovering", secret, None),
                ("a token only when recovering", None, newtoken)]:
            if (first_token, recover_token) != (secret, newtoken):  # the first went on from ckdir
                started = dict(given)
                if first_token is None:
                    del started["AALC_TEST_API_TOKEN"]
                ckdir, out = killed_run(a, work, f"env-{len(os.listdir(work))}", **started)
            copy, rout = ckdir, out
            renv = base_env(copy, AALC_TEST_PLAIN="changed-for-the-recovery")
            if recover_token:
                renv["AALC_TEST_API_TOKEN"] = recover_token
            rc, err = run([a.exe, ROUNDS, "--recover"], renv, rout)
            with open(rout) as f:
                lines = f.read().splitlines()
            numbered = [l for l in lines if l.split()[0].isdigit()]
            first = numbered[0] if numbered else ""
            last = numbered[-1] if numbered else ""
            want_last = recover_token or "(null)"
            ok = (rc == 0 and lines[-1].startswith("done") and
                  f"token={first_token or '(null)'} " in first and
                  f"token={want_last} " in last and
                  all(f"plain={plain}" in l for l in numbered))
            check(ok, f"env, getenv after --recover with {label}: exit {rc}, first line "
                  f"'{first[:40]}...', last '{last}'")
            # the checksums are those of an uninterrupted run
            with open(os.path.join(work, "env-reference.out"), "w") as ref:
                subprocess.run([a.plain, ROUNDS], stdout=ref, check=True,
                               env=base_env(copy, **given))
            with open(os.path.join(work, "env-reference.out")) as ref:
                want = [l.split()[:2] for l in ref.read().splitlines()]
            check([l.split()[:2] for l in lines] == want,
                  f"env, checksums after --recover with {label} equal an uninterrupted run's")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--exe", required=True)
    p.add_argument("--plain", required=True)
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="aalc-privacy-")
    os.chmod(work, 0o755)  # nobody runs programs in here
    try:
        ref_path = os.path.join(work, "reference.out")
        with open(ref_path, "wb") as ref:
            subprocess.run([a.plain, ROUNDS], stdout=ref, check=True,
                           env=base_env(os.path.join(work, "unused")))
        with open(ref_path, "rb") as ref:
            reference = ref.read()
        test_modes(a, work)
        test_trust(a, work, reference)
        test_env(a, work)
    finally:
        remove_unless_failed(work)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
