"""What the Python test scripts share: a tally of named checks, the
environment a test runs its programs in, the checkpoints a directory holds,
damaging a file the way a failing disk would (one byte in its middle
flipped), excerpts of what a run printed, and the launcher's own report taken
out of a job's output."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

passes, failures = 0, []


def check(ok, what, detail=""):
    """Counts and prints one check; detail (its tail) is printed when it failed."""
    global passes
    if ok:
        passes += 1
        print(f"  ok    {what}", flush=True)
    else:
        failures.append(what)
        print(f"  FAIL  {what}", flush=True)
        if detail:
            print(detail[-4000:], flush=True)


def summary():
    """Prints the counts; the exit status for them."""
    print(f"{passes} passed, {len(failures)} failed", flush=True)
    for f in failures:
        print(f"  failed: {f}", flush=True)
    return 1 if failures else 0


def remove_unless_failed(work):
    """Removes a test's directory, unless a check failed: then says it is kept."""
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"kept {work} for inspection")


class CheckFailed(Exception):
    """A harness's step that went wrong, with what it saw."""


class Trials:
    """The tally of a harness whose checks each run in a directory of their
    own, removed when the check passes and kept when it fails."""

    caught = (CheckFailed,)  # what a failing check raises

    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def log(self, text):
        print(f"{self.name}: {text}", flush=True)

    def check(self, title, func, *fargs):
        """Runs one check, counts it, keeps its directory on failure."""
        workdir = tempfile.mkdtemp(prefix=f"aalc-{self.name}-")
        try:
            detail = func(workdir, *fargs)
            self.passed += 1
            self.log(f"ok    {title}: {detail}")
            shutil.rmtree(workdir, ignore_errors=True)
            return True
        except self.caught as e:
            self.failed += 1
            self.log(f"FAIL  {title}: {e}\n    (files kept in {workdir})")
            return False

    def tally(self):
        """Prints the counts; the exit status for them."""
        print(f"{self.name}: {self.passed} passed, {self.failed} failed", flush=True)
        return 0 if self.failed == 0 else 1


def clean_env(**extra):
    """The caller's environment without CKPT_* settings, plus extra (as strings)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CKPT_")}
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run_or_exit(cmd, env, timeout=120):
    """Run cmd; its (stdout, stderr) as text, or exit the test with FAIL and
    its stderr when it fails."""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if p.returncode:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{p.stderr}")
    return p.stdout, p.stderr


def committed(ckdir):
    """The names (ckpt-NNNNNN) of the committed checkpoints in ckdir, oldest first."""
    if not os.path.isdir(ckdir):
        return []
    return sorted(d for d in os.listdir(ckdir)
                  if re.fullmatch(r"ckpt-\d+", d) and
                  os.path.exists(os.path.join(ckdir, d, "COMMITTED")))


def tail(data, lines=6):
    """The last lines of a run's output (bytes), indented."""
    text = data.decode(errors="replace").rstrip("\n").split("\n")
    return "\n".join("    | " + line for line in text[-lines:])


def diff_excerpt(expected, actual, limit=30, label="recovered output"):
    """The start of a unified diff of two outputs (bytes) against the reference."""
    exp = expected.decode(errors="replace").splitlines(keepends=True)
    act = actual.decode(errors="replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(exp, act, "reference", label, n=2))
    text = "".join(lines[:limit])
    if len(lines) > limit:
        text += f"... ({len(lines) - limit} more diff lines)\n"
    return text


def flip_middle_byte(path):
    with open(path, "r+b") as f:
        size = f.seek(0, 2)
        f.seek(size // 2)
        byte = f.read(1)
        f.seek(size // 2)
        f.write(bytes([byte[0] ^ 0xff]))


# MPICH's mpiexec reports a killed rank on its own stdout; that report is the
# launcher's, not the program's output, so it is taken out before comparing.
LAUNCHER_REPORT = re.compile(
    rb"\n=+\n=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n(=.*\n)*?=+\n"
    rb"YOUR APPLICATION TERMINATED WITH THE EXIT STRING: .*\n"
    rb"(This typically refers to a problem with your application.\n"
    rb"Please see the FAQ page for debugging suggestions\n)?")
