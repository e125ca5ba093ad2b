#!/usr/bin/env python3
"""Differential testing of ckptcc with random programs from csmith (issue 17, point 6).

For each seed: csmith writes a small random C program that prints checksums of
its globals; `#pragma ckpt potential` is inserted mechanically (first line of
every braced function body and loop body); the program is built with plain cc
and with ckptcc (CKPT_CC=cc); then the ckptcc build must print exactly what the
cc build prints, uninterrupted (with and without checkpoints) and when killed
with SIGKILL (inside the write of its k-th checkpoint, right after its k-th
commit, or at a random moment) and continued with `--recover`, possibly
several times, stdout appended to one regular file throughout.

csmith calls nearly every function inside a larger expression; ckpt-instrument
moves such calls out (normalizer.h), and in the campaigns of December 2026
every program was accepted with the full insertion. A refusal, should one come
back, is counted (by cause), and then the pragmas are taken out of each
function a refusal names, until ckptcc accepts the program or no refusal
names one (pruning keeps the loops of main and of the functions only called
as statements, e.g. func_1). What is tested is that pruned insertion.

Classes (one per seed): timed out / plain build failed (skipped: csmith
programs can loop forever), refused (by the first error's text with quoted
identifiers and numbers stripped), compiled, and of those: passed, mismatched
uninterrupted, mismatched after recovery, crashed (the ckptcc build, its
recovery, ckpt-instrument itself, or cc on its output).

  csmith_diff.py --build BUILD --seeds 1-300 --table counts.txt --bug-dir DIR   # a campaign
  csmith_diff.py --build BUILD --seeds 1,3 --kills write --require-compiled    # ctest mode
  csmith_diff.py --build BUILD --seeds 7 --keep /tmp/s7 --verbose               # keep the files
  csmith_diff.py --build BUILD --seeds 1-100 --expr-complexity 10               # deeper expressions

Exit status: 0 when no program mismatched or crashed (and, with
--require-compiled, every seed compiled), 77 when csmith 2.3.0 or its headers
are missing (csmith's output for a seed depends on its version). Standard
library only; generated programs live in a temporary directory only.
"""

import argparse
import collections
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import checks  # noqa: E402
from checks import diff_excerpt, tail  # noqa: E402
from trial_settings import vary_images  # noqa: E402

SKIP = 77
CSMITH_VERSION = "2.3.0"
CSMITH_INCLUDE = "/usr/include/csmith"
# Small programs that run in milliseconds: few functions, shallow blocks, short
# expressions and arrays. --concise drops csmith's block-id comments, so that
# a brace is alone on its line and the insertion below stays a line matter.
CSMITH_OPTS = ["--max-funcs", "4", "--max-block-depth", "3", "--max-block-size", "4",
               "--max-expr-complexity", "5", "--max-array-dim", "2",
               "--max-array-len-per-dim", "6", "--max-struct-fields", "5", "--concise"]


def csmith_options(args):
    """CSMITH_OPTS with --expr-complexity in place of its 5 (deeper nesting of
    calls in expressions: more for the normalizer to move)."""
    opts = list(CSMITH_OPTS)
    opts[opts.index("--max-expr-complexity") + 1] = str(args.expr_complexity)
    return opts
# main(argc, argv) prints every global's checksum when given "1": a longer
# output (a few hundred lines, printed in main's loops, between potential
# points) than the single final checksum, so a wrong global shows by name.
PROGRAM_ARGS = ["1"]
CFLAGS = ["-w", "-O1", "-I", CSMITH_INCLUDE]
PRAGMA = "#pragma ckpt potential"

COMMITTED = re.compile(rb"checkpoint (\d+) committed")
RESUMED = b"resumed from checkpoint"
NO_CHECKPOINT = b"no checkpoint found"
DIAG = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)
REACHES = re.compile(r"the call to '(\w+)'")
FUNC_DEF = re.compile(r"^(?:static\s+)?[\w\s\*]*?\b(\w+)\s*\(.*\)\s*$")


def sh(cmd, timeout, **kw):
    """Runs cmd (nice'd by the caller's niceness) and returns (rc, out, err, seconds);
    rc None when it timed out."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout, **kw)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b"", time.monotonic() - start


def csmith_available():
    """None when csmith CSMITH_VERSION and its headers are here, else why not."""
    if not shutil.which("csmith"):
        return "csmith is not installed (apt-get install csmith libcsmith-dev)"
    # csmith writes platform.info into its working directory
    rc, out, err, _ = sh(["csmith", "--version"], 30, cwd=tempfile.gettempdir())
    if rc != 0 or CSMITH_VERSION.encode() not in out:
        return (f"csmith {CSMITH_VERSION} is needed (the seeds' programs depend on the "
                f"version); `csmith --version` says {out.decode(errors='replace').strip()!r}")
    if not os.path.isfile(os.path.join(CSMITH_INCLUDE, "csmith.h")):
        return f"{CSMITH_INCLUDE}/csmith.h is missing (apt-get install libcsmith-dev)"
    return None


# -- inserting the pragma --------------------------------------------------------

class Source:
    """A csmith program as lines; the places a pragma may go, by function.

    A place is the index of a line holding only '{' that opens a function body
    (the line before is the definition's head, not a prototype) or a loop body
    (the line before is a for/while head): a pragma right after it is a
    statement of that block, as the precompiler requires. Unbraced loop
    bodies (csmith's array initializers) get none."""

    def __init__(self, text):
        self.lines = text.split("\n")
        self.places = {}      # line index of '{' -> name of the enclosing function
        self.calls = {}       # function -> the functions its body names
        func = None
        for i, line in enumerate(self.lines):
            stripped = line.strip()
            if stripped == "{" and i > 0:
                prev = self.lines[i - 1].strip()
                m = FUNC_DEF.match(prev) if not line.startswith(" ") else None
                if m and not prev.endswith(";"):
                    func = m.group(1)
                    self.places[i] = func
                elif func and re.match(r"(for|while)\s*\(", prev):
                    self.places[i] = func
            if func:
                self.calls.setdefault(func, set()).update(
                    re.findall(r"\b(func_\d+)\s*\(", line))
            if line.startswith("}"):
                func = None

    def reached_from(self, names):
        """The functions named and all they may call (csmith's names only)."""
        todo, seen = list(names), set()
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += self.calls.get(name, ())
        return seen

    def render(self, chosen):
        """The program with a pragma after each chosen place; line i of the
        original (0-based) moves down by the pragmas before it."""
        out = []
        for i, line in enumerate(self.lines):
            out.append(line)
            if i in chosen:
                out.append(PRAGMA)
        return "\n".join(out)

    def pragma_at(self, rendered_line, chosen):
        """The place whose pragma is on this 1-based line of the rendered
        program, or None when the line is one of csmith's."""
        n = 0
        for i in range(len(self.lines)):
            n += 1
            if i in chosen:
                n += 1
                if n == rendered_line:
                    return i
            if n >= rendered_line:
                return None
        return None


def cause_of(message):
    """An error's text with what names a place stripped, so that counts per
    cause add up across programs."""
    text = re.sub(r"'[^']*'", "'_'", message)
    text = re.sub(r"\b(func|g|l|p)_\d+\b", "_", text)
    return re.sub(r"\b\d+\b", "N", text).strip()


# -- one program -----------------------------------------------------------------

class Outcome(Exception):
    """Ends the work on one program with its class and a detail for the report."""

    def __init__(self, kind, detail=""):
        super().__init__(kind)
        self.kind = kind
        self.detail = detail


class Program:
    def __init__(self, seed, args, workdir):
        self.seed = seed
        self.args = args
        self.dir = workdir
        self.rng = random.Random(seed * 7919 + args.trial_seed)
        self.notes = []
        self.first_cause = None  # the refusal of the full insertion, if any
        self.pruned = []         # functions whose pragmas were taken out
        self.chosen = set()

    def path(self, name):
        return os.path.join(self.dir, name)

    def log(self, text):
        if self.args.verbose:
            print(f"  seed {self.seed}: {text}", flush=True)

    # Building ----------------------------------------------------------------

    def generate(self):
        rc, _, err, _ = sh(["csmith", "--seed", str(self.seed)] + csmith_options(self.args) +
                           ["-o", self.path("orig.c")], 60, cwd=self.dir)
        if rc != 0:
            raise Outcome("csmith failed", tail(err))
        with open(self.path("orig.c")) as f:
            self.src = Source(f.read())

    def build_plain(self):
        rc, _, err, _ = sh(["cc"] + CFLAGS + ["-o", self.path("plain"), self.path("orig.c")], 120)
        if rc != 0:
            raise Outcome("skipped: plain build failed", tail(err))
        rc, out, err, t = sh([self.path("plain")] + PROGRAM_ARGS, self.args.timeout,
                             cwd=self.dir)
        if rc is None:
            raise Outcome("timed out (plain run, skipped)", f"over {self.args.timeout} s")
        if rc != 0:
            raise Outcome("skipped: plain run failed", f"exit {rc}\n{tail(err)}")
        self.reference, self.t_ref = out, t
        self.hard_limit = 20.0 + 30.0 * t

    def ckptcc(self, chosen):
        """Builds the program with these pragmas; returns None or the diagnostics."""
        with open(self.path("prog.c"), "w") as f:
            f.write(self.src.render(chosen))
        cmd = [self.args.ckptcc] + CFLAGS + ["-o", self.path("prog"), "prog.c"]
        rc, out, err, _ = sh(cmd, 300, cwd=self.dir, env=dict(os.environ, CKPT_CC="cc"))
        if rc == 0:
            return None
        if rc is None:
            raise Outcome("crashed: ckptcc hung", " ".join(cmd))
        return err.decode(errors="replace")

    def instrument_alone(self):
        """After a failed ckptcc: whether ckpt-instrument refused (rc > 0 with
        diagnostics), crashed, or passed (then cc rejected its output)."""
        rc, show, _, _ = sh([self.args.ckptcc] + CFLAGS + ["-show", "-o", "prog", "prog.c"], 60,
                            cwd=self.dir, env=dict(os.environ, CKPT_CC="cc"))
        first = show.decode().split("\n")[0].split()
        first[first.index("-o") + 1] = self.path("instrumented.c")
        rc, _, err, _ = sh(first, 300, cwd=self.dir)
        return rc, err.decode(errors="replace")

    def build_ckpt(self):
        """Full insertion first; on refusals naming functions, their pragmas
        come out, until ckptcc accepts the program."""
        chosen = set(self.src.places)
        for attempt in range(40):
            self.chosen = chosen
            err = self.ckptcc(chosen)
            if err is None:
                return
            rc, ierr = self.instrument_alone()
            if rc is None or rc < 0 or "Stack dump" in ierr or "Assertion" in ierr:
                raise Outcome("crashed: ckpt-instrument", tail(ierr.encode(), 12))
            if rc == 0:
                raise Outcome("crashed: cc rejects ckpt-instrument's output", tail(err.encode(), 12))
            diags = DIAG.findall(ierr)
            if not diags:
                raise Outcome("crashed: ckpt-instrument failed without a diagnostic",
                              tail(ierr.encode(), 12))
            cause = cause_of(diags[0][3])
            if self.first_cause is None:
                self.first_cause = cause
            prune, refused_pragmas = set(), set()
            for file, line, _, text in diags:
                prune.update(REACHES.findall(text))
                # A pragma refused itself (not between two statements) comes out.
                place = self.src.pragma_at(int(line), chosen) if file.endswith("prog.c") else None
                if place is not None:
                    refused_pragmas.add(place)
            # A named function without pragmas of its own reaches one through
            # a callee: those come out too.
            prune = self.src.reached_from(prune)
            kept = {p for p in chosen
                    if self.src.places[p] not in prune and p not in refused_pragmas}
            self.pruned += sorted({self.src.places[p] for p in chosen - kept} - set(self.pruned))
            if kept == chosen:
                raise Outcome(f"refused: {cause}", diags[0][3])
            chosen = kept
        raise Outcome("refused: pruning did not end", "")

    def insertion(self):
        """Where the pragmas went, as lines of csmith's output (1-based)."""
        lines = sorted(i + 1 for i in self.chosen)
        return (f"after the '{{' on lines {lines} of `csmith --seed {self.seed} "
                f"{' '.join(csmith_options(self.args))}`" +
                (f" (pragmas taken out of {', '.join(self.pruned)})" if self.pruned else ""))

    # Running -----------------------------------------------------------------

    def run(self, out_path, settings, recover=False, in_write=None, after_commit=None,
            after=None):
        """One run of the ckptcc build with these CKPT_* settings, stdout
        appended to out_path. Killed with SIGKILL inside the write of checkpoint
        in_write (by the runtime), when its stderr reports the after_commit-th
        commit, or after `after` seconds. Returns (rc, stderr, killed)."""
        cmd = [self.path("prog")] + (["--recover"] if recover else []) + PROGRAM_ARGS
        env = checks.clean_env(**settings)
        if in_write:
            env["CKPT_DEBUG_KILL_IN_WRITE"] = str(in_write)
        start = time.monotonic()
        with open(out_path, "ab") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env,
                                    stdin=subprocess.DEVNULL, cwd=self.dir)
            err, sent = b"", False
            # Read stderr as it comes: the kill follows a commit closely.
            os.set_blocking(proc.stderr.fileno(), False)
            while True:
                err += proc.stderr.read() or b""
                elapsed = time.monotonic() - start
                if not sent and ((after_commit and len(COMMITTED.findall(err)) >= after_commit)
                                 or (after is not None and elapsed >= after)):
                    proc.send_signal(signal.SIGKILL)
                    sent = True
                if proc.poll() is not None:
                    err += proc.stderr.read() or b""
                    break
                if elapsed > self.hard_limit:
                    proc.send_signal(signal.SIGKILL)
                    proc.wait()
                    raise Outcome("crashed: hung", f"{' '.join(cmd)} still running after "
                                  f"{self.hard_limit:.0f} s\n{tail(err)}")
                time.sleep(0.0005 if after_commit or after is not None else 0.002)
            proc.stderr.close()
        # A kill sent after the process had ended on its own is no kill.
        killed = proc.returncode == -signal.SIGKILL and (sent or in_write is not None)
        return proc.returncode, err, killed

    def compare(self, out_path, kind, what):
        with open(out_path, "rb") as f:
            got = f.read()
        if got != self.reference:
            raise Outcome(kind, f"{what}: output differs ({len(got)} vs {len(self.reference)} "
                          f"bytes)\n{diff_excerpt(self.reference, got, 16)}")

    def uninterrupted(self):
        """Without checkpoints, then with CKPT_EVERY lowered until a run takes a
        few checkpoints; returns (every, checkpoints in a run)."""
        out = self.path("plain-run.out")
        open(out, "wb").close()
        rc, err, _ = self.run(out, {"CKPT_DIR": self.path("ck0")})
        if rc != 0:
            raise Outcome("crashed: uninterrupted run", f"exit {rc}\n{tail(err)}")
        self.compare(out, "mismatched uninterrupted", "run without checkpoints")
        every, n = 100000, 0
        for _ in range(12):
            out = self.path(f"every{every}.out")
            open(out, "wb").close()
            ckdir = self.path(f"ck-every{every}")
            rc, err, _ = self.run(out, {"CKPT_DIR": ckdir, "CKPT_EVERY": every, "CKPT_VERBOSE": 1})
            if rc != 0:
                raise Outcome("crashed: uninterrupted run with checkpoints",
                              f"CKPT_EVERY={every}: exit {rc}\n{tail(err)}")
            self.compare(out, "mismatched uninterrupted", f"run with CKPT_EVERY={every}")
            n = len(COMMITTED.findall(err))
            shutil.rmtree(ckdir, ignore_errors=True)
            if n > self.args.max_checkpoints:
                # Points are about every * n: aim at a dozen checkpoints.
                every = every * n // 12
                continue
            if n >= 4 or every == 1:
                return every, n
            every = max(1, every // 10 if n == 0 else every * n // 12)
        return every, n

    def trial(self, number, every, n):
        rng = self.rng
        out = self.path(f"trial{number}.out")
        open(out, "wb").close()
        settings = {"CKPT_DIR": self.path(f"trial{number}.ckpt"), "CKPT_EVERY": every,
                    "CKPT_VERBOSE": 1}
        how = f"CKPT_EVERY={every}" + vary_images(rng, settings)
        # write: the runtime kills itself inside the write of checkpoint k
        # (repeatable); commit: killed as soon as its stderr reports commit k
        # (the program has gone on a little); time: at a random moment.
        mode = rng.choice(self.args.kills)
        kill = {}
        if mode == "write":
            kill["in_write"] = rng.randint(min(2, n), n)
            how += f", killed itself writing checkpoint {kill['in_write']}"
        elif mode == "commit":
            kill["after_commit"] = rng.randint(1, n)
            how += f", killed after commit {kill['after_commit']}"
        else:
            kill["after"] = rng.uniform(0.0, self.t_run)
            how += f", killed at {kill['after'] * 1000:.1f} ms"
        rc, err, killed = self.run(out, settings, **kill)
        numbers = [int(k) for k in COMMITTED.findall(err)]
        if rc != 0 and not killed:
            raise Outcome("crashed: killed run", f"trial {number} ({how}): exit {rc}\n{tail(err)}")
        if rc == 0:
            # Ended before the kill (a kill after the last commit, or late).
            self.compare(out, "mismatched uninterrupted", f"trial {number} ({how}, ended first)")
            return how + ": ended before the kill"
        recoveries = kills = 0
        while True:
            recoveries += 1
            if recoveries > 12:
                raise Outcome("crashed: recovery", f"trial {number} ({how}): no recovery "
                              f"completed after 12 attempts")
            kill = {}
            if kills < 2 and rng.random() < 0.3:
                # Recovered runs number their checkpoints on from the newest.
                if mode == "write":
                    kill["in_write"] = max(numbers + [n]) + rng.randint(1, 2)
                else:
                    kill["after_commit"] = rng.randint(1, 2)
            rc, err, killed = self.run(out, settings, recover=True, **kill)
            numbers += [int(k) for k in COMMITTED.findall(err)]
            if killed:
                kills += 1
                how += f", recovery {recoveries} killed ({kill})"
                continue
            if rc == 0:
                break
            if rc == 1 and NO_CHECKPOINT in err and not numbers:
                # Killed before the first commit: a user starts afresh.
                how += ", no checkpoint yet: started afresh"
                os.truncate(out, 0)
                rc, err, _ = self.run(out, settings)
                if rc != 0:
                    raise Outcome("crashed: run", f"trial {number} ({how}): exit {rc}\n{tail(err)}")
                self.compare(out, "mismatched uninterrupted", f"trial {number} ({how})")
                return how
            if rc == 1 and NO_CHECKPOINT in err:
                with open(out, "rb") as f:
                    got = f.read()
                if got == self.reference:
                    # Killed after the run had written everything and removed
                    # its checkpoints (it had ended but for exiting): done.
                    return how + ", killed after the end: output complete, nothing to recover"
                if len(got) < len(self.reference) and self.reference.startswith(got):
                    # The run removed its checkpoints at the end, and was
                    # killed before its last output was written.
                    raise Outcome("mismatched after recovery: checkpoints removed before the "
                                  "output was complete",
                                  f"trial {number} ({how}): checkpoints {numbers} were committed, "
                                  f"--recover finds none, and the output has {len(got)} of "
                                  f"{len(self.reference)} bytes\n{tail(err)}")
            raise Outcome("crashed: recovery", f"trial {number} ({how}): --recover exited "
                          f"{rc}\n{tail(err)}")
        if RESUMED not in err:
            raise Outcome("crashed: recovery", f"trial {number} ({how}): the completed "
                          f"--recover did not resume:\n{tail(err)}")
        self.compare(out, "mismatched after recovery", f"trial {number} ({how}), "
                     f"{recoveries} recoveries")
        return how + f", {recoveries} recoveries: identical"

    def test(self):
        self.generate()
        self.build_plain()
        self.build_ckpt()
        every, n = self.uninterrupted()
        if n == 0:
            raise Outcome("passed, no checkpoint reached",
                          "no potential point is reached at run time")
        # How long a run with these checkpoints takes, for the time kills.
        out = self.path("timing.out")
        start = time.monotonic()
        self.run(out, {"CKPT_DIR": self.path("ck-timing"), "CKPT_EVERY": every})
        self.t_run = time.monotonic() - start
        done = [self.trial(i + 1, every, n) for i in range(self.args.trials)]
        raise Outcome("passed", f"{n} checkpoints per run at CKPT_EVERY={every}; " +
                      "; ".join(done))


# -- the campaign ----------------------------------------------------------------

def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            seeds += range(int(lo), int(hi) + 1)
        elif part:
            seeds.append(int(part))
    return seeds


BUGS = ("mismatched", "crashed")
# Classes of programs ckptcc accepted (the others never got that far).
RAN = ("passed", "mismatched", "crashed: uninterrupted", "crashed: killed", "crashed: recovery",
       "crashed: hung", "crashed: run", "crashed: harness")
NOT_TRIED = ("timed out", "skipped", "csmith failed")


def write_table(path, args, results, first_causes, elapsed):
    counts = collections.Counter(kind for kind, _, _ in results.values())
    tried = [s for s, (kind, _, _) in results.items() if not kind.startswith(NOT_TRIED)]
    lines = [f"csmith differential campaign: {len(results)} seeds ({args.seeds}), "
             f"csmith {CSMITH_VERSION} {' '.join(csmith_options(args))}",
             f"plain: cc {' '.join(CFLAGS)}; ckptcc: {args.ckptcc}, the same flags, CKPT_CC=cc; "
             f"program argument {' '.join(PROGRAM_ARGS)}",
             f"{args.trials} kill/recover trials per program that reaches a checkpoint "
             f"(kills: {','.join(args.kills)}); "
             f"{elapsed / 60:.1f} min", "",
             f"{'class (the insertion pruned until ckptcc accepts it)':60s}programs",
             f"  {'compiled by ckptcc':58s}{sum(c for k, c in counts.items() if k.startswith(RAN)):5d}"]
    for k in sorted(counts, key=lambda k: (not k.startswith(RAN), k.startswith(NOT_TRIED), k)):
        lines.append(f"    {k:56s}{counts[k]:5d}")
    accepted = sum(1 for s in tried if s not in first_causes)
    lines += ["", f"the full insertion (every braced function and loop body), {len(tried)} "
              f"programs that ran under cc: ckptcc's first error",
              f"  {accepted:5d}  (none: accepted as is)"]
    for cause, c in collections.Counter(first_causes[s] for s in tried
                                        if s in first_causes).most_common():
        lines.append(f"  {c:5d}  {cause}")
    bugs = [(s, r) for s, r in sorted(results.items()) if r[0].startswith(BUGS)]
    lines += ["", f"mismatches and crashes: {len(bugs)}"]
    for seed, (kind, detail, insertion) in bugs:
        lines += [f"- seed {seed}: {kind}", f"  insertion: {insertion}",
                  "  " + detail.replace("\n", "\n  ")]
    text = "\n".join(lines) + "\n"
    if path:
        with open(path, "w") as f:
            f.write(text)
    return text


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", required=True, help="the AALC build directory (bin/ckptcc)")
    p.add_argument("--seeds", required=True, help="csmith seeds: 1-300 or 3,5,8")
    p.add_argument("--table", help="write the counts table here too")
    p.add_argument("--trials", type=int, default=3, help="kill/recover trials per program")
    p.add_argument("--expr-complexity", type=int, default=5,
                   help="csmith's --max-expr-complexity (its other options stay)")
    p.add_argument("--trial-seed", type=int, default=0, help="varies the kills")
    p.add_argument("--kills", default="write,commit,commit,time",
                   help="how trials kill, chosen at random from this list (write, commit, "
                        "time; see Program.trial)")
    p.add_argument("--timeout", type=float, default=3.0,
                   help="seconds the plain build may run (longer: 'timed out')")
    p.add_argument("--max-checkpoints", type=int, default=40,
                   help="at most this many checkpoints per run (CKPT_EVERY is raised)")
    p.add_argument("--require-compiled", action="store_true",
                   help="fail when a seed is not accepted by ckptcc (ctest mode)")
    p.add_argument("--keep", help="keep each program's files under this directory")
    p.add_argument("--bug-dir", help="copy the files of each mismatch or crash here")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    args.kills = args.kills.split(",")
    why = csmith_available()
    if why:
        print(f"SKIP: {why}", flush=True)
        return SKIP
    args.ckptcc = os.path.join(os.path.abspath(args.build), "bin", "ckptcc")
    if not os.access(args.ckptcc, os.X_OK):
        print(f"FAIL: {args.ckptcc} is missing: build AALC first", flush=True)
        return 1
    start = time.monotonic()
    results, first_causes = {}, {}
    for seed in parse_seeds(args.seeds):
        workdir = (os.path.join(args.keep, f"seed{seed}") if args.keep
                   else tempfile.mkdtemp(prefix=f"aalc-csmith{seed}-"))
        os.makedirs(workdir, exist_ok=True)
        prog = Program(seed, args, workdir)
        t0 = time.monotonic()
        try:
            prog.test()
            raise Outcome("passed")
        except Outcome as o:
            kind, detail = o.kind, o.detail
        except (OSError, subprocess.SubprocessError) as e:
            kind, detail = "crashed: harness", traceback.format_exc()
        if prog.first_cause:
            first_causes[seed] = prog.first_cause
        results[seed] = (kind, detail, prog.insertion())
        print(f"seed {seed}: {kind} ({time.monotonic() - t0:.1f} s)"
              + (f"\n    {detail.splitlines()[0] if detail else ''}" if args.verbose
                 or kind.startswith(BUGS) else ""), flush=True)
        if args.require_compiled:
            checks.check(kind.startswith("passed") and kind != "passed, no checkpoint reached",
                         f"seed {seed}: {kind}", detail + "\n" + prog.insertion())
        if kind.startswith(BUGS) and args.bug_dir:
            dest = os.path.join(args.bug_dir, f"seed{seed}")
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(workdir, dest, ignore=shutil.ignore_patterns("*.ckpt", "ck*"))
            with open(os.path.join(dest, "REPORT.txt"), "w") as f:
                f.write(f"seed {seed}: {kind}\ninsertion: {prog.insertion()}\n{detail}\n")
            print(f"    files copied to {dest}", flush=True)
        if kind.startswith(BUGS) and not args.keep:
            print(f"    files kept in {workdir}", flush=True)
        elif not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print(write_table(args.table, args, results, first_causes, time.monotonic() - start),
          flush=True)
    if args.require_compiled:
        return checks.summary()
    return 1 if any(k.startswith(BUGS) for k, _, _ in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
