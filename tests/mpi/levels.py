#!/usr/bin/env python3
"""Checkpoint levels (docs/levels.md) on simulated nodes: each rank believes
it runs on node a, b or c (CKPT_DEBUG_NODE, set per rank in mpiexec's MPMD
form), so its local level is CKPT_LOCAL_DIR/<node>, and deleting that
directory loses the node's disk.

Each case runs EXE with a local level, SIGKILLs one rank while it writes a
checkpoint (CKPT_DEBUG_KILL_IN_WRITE, or CKPT_DEBUG_KILL_IN_FLUSH while it
copies one to CKPT_DIR), perhaps deletes local levels, then runs
`EXE --recover`, whose stdout must equal the plain build's byte for byte and
whose ranks must all resume from the checkpoint the case expects:
  local      nothing deleted: the newest committed checkpoint, from the local levels
  partner    one node's disk gone, no flush: the newest, from the partner copies
  node-lost  one node's disk gone, CKPT_PARTNER=0, CKPT_FLUSH_EVERY=3: the last
             flushed checkpoint
  partner-lost  one node's disk and its partner's gone, CKPT_FLUSH_EVERY=3: the
             last flushed checkpoint (with 3 nodes, one rank's files from CKPT_DIR,
             one's from a partner copy, one's own)
  all-lost   every local level gone: the newest checkpoint committed in CKPT_DIR
  full       the last node's local level has no room (CKPT_DEBUG_LOCAL_FREE=0 on
             its rank), no flush: that rank's images go to CKPT_DIR directly,
             with a warning; its node's disk gone, the newest checkpoint
  in-flush   killed half-way through a flush, every local level gone: that
             flush is not committed in CKPT_DIR and recovery takes the one before
  nothing    no checkpoint at any level: --recover fails, naming both directories
  over-old   a fresh run in the directories an earlier, finished run left its
             checkpoints in (CKPT_KEEP_ON_EXIT=1), rank 0's node with a fresh disk:
             it numbers its own above the old ones,
             and its recovery resumes from its own newest, never the older run's
  job-lost   the last node's disk gone, the newest checkpoint not flushed: that
             node's JOB record comes from another node, and a recovery whose last
             rank has other arguments is refused
  store-fails  a partner copy cannot be stored (CKPT_DEBUG_FAIL=partner:3): that
             checkpoint is given up everywhere, later ones commit, the run ends
             normally with the reference output (no hang)

usage: levels.py --exe HALO --plain HALO.plain --mpiexec MPIEXEC [--np 2] [--args "400"]
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, clean_env, committed, remove_unless_failed, summary  # noqa: E402

NODES = "abc"
KILLED_RANK = 1
KILL_AT = 5  # the checkpoint being written when the rank dies


def mpmd(a, exe, per_rank_env, extra=(), rank_args=None):
    """mpiexec -n 1 -env CKPT_DEBUG_NODE a EXE ARGS : -n 1 -env ... (one block per rank;
    Open MPI's mpiexec takes -x NAME=VALUE instead of Hydra's -env NAME VALUE)."""
    openmpi = "openmpi" in os.path.basename(a.mpiexec) or "orterun" in a.mpiexec

    def setting(k, v):
        return ["-x", f"{k}={v}"] if openmpi else ["-env", k, str(v)]
    cmd = [a.mpiexec]
    for r in range(a.np):
        if r:
            cmd.append(":")
        cmd += ["-n", "1", *setting("CKPT_DEBUG_NODE", NODES[r])]
        for k, v in per_rank_env.get(r, {}).items():
            cmd += setting(k, v)
        cmd += [exe, *(rank_args or {}).get(r, a.args.split()), *extra]
    return cmd


def run(cmd, env):
    return subprocess.run(cmd, capture_output=True, env=env, timeout=180)


def resumed_from(stderr):
    return set(re.findall(rb"resumed from checkpoint (\d+)", stderr))


def newest_at_local_levels(local):
    """The newest checkpoint committed in any node's local level (CKPT_LOCAL_DIR/<node>/job-*)."""
    found = [newest(d) for d in glob.glob(os.path.join(local, "*", "job-*"))]
    return max(found, default=0)


def newest(ckdir):
    names = committed(ckdir)
    return int(names[-1][5:]) if names else 0


def case(a, work, reference, name, flush_every, kill_env, lose, expect, rank_env=None,
         **settings):
    d = os.path.join(work, name)
    local, shared = os.path.join(d, "local"), os.path.join(d, "shared")
    env = clean_env(CKPT_DIR=shared, CKPT_LOCAL_DIR=local, CKPT_EVERY=a.every,
                    CKPT_FLUSH_EVERY=flush_every, CKPT_VERBOSE=1, **settings)
    per_rank = {r: dict(e) for r, e in (rank_env or {}).items()}
    per_rank.setdefault(KILLED_RANK, {}).update(kill_env)
    failed = run(mpmd(a, a.exe, per_rank), env)
    check(failed.returncode != 0, f"{name}: the run with a rank killed fails",
          f"exit {failed.returncode}")
    for node in lose:
        shutil.rmtree(os.path.join(local, NODES[node]), ignore_errors=True)
    want = expect(local, shared)
    check(want > 0, f"{name}: a checkpoint to recover from is there",
          f"local {[committed(os.path.join(local, n)) for n in NODES[:a.np]]}, "
          f"shared {committed(shared)}")
    rec = run(mpmd(a, a.exe, rank_env or {}, ["--recover"]), env)
    check(rec.returncode == 0 and rec.stdout == reference,
          f"{name}: the recovered run prints the reference",
          f"exit {rec.returncode}\n{rec.stderr.decode(errors='replace')[-6000:]}")
    got = resumed_from(rec.stderr)
    check(got == {str(want).encode()}, f"{name}: every rank resumed from checkpoint {want}",
          f"resumed from {sorted(got)}")
    return d, failed.stderr + rec.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--np", type=int, default=2)
    ap.add_argument("--args", default="400")
    ap.add_argument("--every", default="50")
    a = ap.parse_args()
    plain = run([a.mpiexec, "-n", str(a.np), a.plain, *a.args.split()], clean_env())
    if plain.returncode:
        sys.exit(f"FAIL: the reference run exited {plain.returncode}\n{plain.stderr.decode()}")
    reference = plain.stdout
    work = tempfile.mkdtemp(prefix="aalc-levels-")
    killed = {"CKPT_DEBUG_KILL_IN_WRITE": KILL_AT}
    last = a.np - 1  # the node whose disk goes

    def newest_local(local, shared):
        # KILL_AT is never committed: the one before it, on every node
        return KILL_AT - 1

    case(a, work, reference, "local", 1, killed, [], newest_local)
    _, err = case(a, work, reference, "partner", 0, killed, [last], newest_local)
    check(b"from rank" in err and b"partner copy" in err,
          "partner: the lost node's ranks took their files from a partner copy")
    d, _ = case(a, work, reference, "node-lost", 3, killed, [last],
                lambda local, shared: newest(shared), CKPT_PARTNER=0)
    check(newest(os.path.join(d, "shared")) < KILL_AT - 1,
          "node-lost: the flush in CKPT_DIR is older than the local levels' newest")
    # the last node's partner is the first (nodes in a ring)
    d, err = case(a, work, reference, "partner-lost", 3, killed, [last, 0],
                  lambda local, shared: newest(shared))
    if a.np >= 3:
        check(b"partner copy" in err and os.path.join(d, "shared").encode() in err,
              "partner-lost: files came from a partner copy and from CKPT_DIR")
    case(a, work, reference, "all-lost", 1, killed, range(a.np),
         lambda local, shared: newest(shared))

    full_rank = a.np - 1
    full = {"CKPT_DEBUG_LOCAL_FREE": 0}

    def direct(local, shared):
        image = os.path.join(shared, f"ckpt-{KILL_AT - 1:06d}", f"rank-{full_rank:06d}.img")
        check(os.path.exists(image), "full: the full node's rank wrote straight to CKPT_DIR")
        return KILL_AT - 1
    _, err = case(a, work, reference, "full", 0, {"CKPT_DEBUG_KILL_IN_WRITE": KILL_AT}, [last],
                  direct, rank_env={full_rank: full})
    check(b"too few for this rank's image" in err, "full: the rank warned that it had no room")

    def before_flush(local, shared):
        half = os.path.join(shared, f"ckpt-{KILL_AT:06d}")
        check(os.path.isdir(half) and not os.path.exists(os.path.join(half, "COMMITTED")),
              "in-flush: the half-flushed checkpoint is in CKPT_DIR, not committed")
        return newest(shared)
    case(a, work, reference, "in-flush", 1, {"CKPT_DEBUG_KILL_IN_FLUSH": KILL_AT},
             range(a.np), before_flush)

    empty = os.path.join(work, "nothing")
    env = clean_env(CKPT_DIR=os.path.join(empty, "shared"),
                    CKPT_LOCAL_DIR=os.path.join(empty, "local"))
    none = run(mpmd(a, a.exe, {}, ["--recover"]), env)
    err = none.stderr.decode(errors="replace")
    check(none.returncode != 0 and "no checkpoint found" in err and
          os.path.join(empty, "shared") in err and os.path.join(empty, "local") in err,
          "nothing: --recover fails and names both levels", err[-600:])
    check(none.stdout == b"", "nothing: the program printed nothing")
    # over-old: an earlier run's checkpoints stay; the new one numbers above them
    d = os.path.join(work, "over-old")
    local, shared = os.path.join(d, "local"), os.path.join(d, "shared")
    env = clean_env(CKPT_DIR=shared, CKPT_LOCAL_DIR=local, CKPT_EVERY=a.every, CKPT_VERBOSE=1)
    old = run(mpmd(a, a.exe, {}), dict(env, CKPT_KEEP_ON_EXIT="1"))
    old_newest = newest(shared)
    check(old.returncode == 0 and old_newest > 0, "over-old: the earlier run left checkpoints",
          f"exit {old.returncode}, newest {old_newest}")
    # rank 0's node got a fresh disk in between: the old run's checkpoints
    # are only in CKPT_DIR and on the other nodes
    shutil.rmtree(os.path.join(local, NODES[0]), ignore_errors=True)
    kill_at = old_newest + KILL_AT
    new = run(mpmd(a, a.exe, {KILLED_RANK: {"CKPT_DEBUG_KILL_IN_WRITE": kill_at}}), env)
    check(new.returncode != 0, "over-old: the new run with a rank killed fails")
    want = newest_at_local_levels(local)
    check(want == kill_at - 1, f"over-old: the new run committed up to {kill_at - 1}",
          f"newest local {want}")
    rec = run(mpmd(a, a.exe, {}, ["--recover"]), env)
    got = resumed_from(rec.stderr)
    check(rec.returncode == 0 and rec.stdout == reference and got == {str(want).encode()},
          f"over-old: recovery resumes from the new run's checkpoint {want}",
          f"exit {rec.returncode}, resumed from {sorted(got)}\n"
          f"{rec.stderr.decode(errors='replace')[-3000:]}")

    # job-lost: the lost node's JOB record is not in CKPT_DIR (not flushed):
    # it comes from another node, and other arguments on its rank are refused
    d = os.path.join(work, "job-lost")
    local, shared = os.path.join(d, "local"), os.path.join(d, "shared")
    env = clean_env(CKPT_DIR=shared, CKPT_LOCAL_DIR=local, CKPT_EVERY=a.every,
                    CKPT_FLUSH_EVERY=0, CKPT_VERBOSE=1)
    run(mpmd(a, a.exe, {KILLED_RANK: {"CKPT_DEBUG_KILL_IN_WRITE": KILL_AT}}), env)
    shutil.rmtree(os.path.join(local, NODES[last]), ignore_errors=True)
    other = a.args.split()
    other[0] = str(int(other[0]) + 1)
    refused = run(mpmd(a, a.exe, {}, ["--recover"], rank_args={last: other}), env)
    err = refused.stderr.decode(errors="replace")
    check(refused.returncode != 0 and "belongs to another job" in err and
          "records no job" not in err,
          "job-lost: other arguments on the lost node's rank are refused", err[-2000:])
    rec = run(mpmd(a, a.exe, {}, ["--recover"]), env)
    check(rec.returncode == 0 and rec.stdout == reference and
          resumed_from(rec.stderr) == {str(KILL_AT - 1).encode()},
          "job-lost: with the same arguments it recovers the newest checkpoint",
          rec.stderr.decode(errors="replace")[-2000:])

    # store-fails: the partner cannot store a copy: given up, no hang
    d = os.path.join(work, "store-fails")
    env = clean_env(CKPT_DIR=os.path.join(d, "shared"), CKPT_LOCAL_DIR=os.path.join(d, "local"),
                    CKPT_EVERY=a.every, CKPT_VERBOSE=1, CKPT_DEBUG_FAIL="partner:3")
    r = run(mpmd(a, a.exe, {}), env)
    err = r.stderr.decode(errors="replace")
    check(r.returncode == 0 and r.stdout == reference,
          "store-fails: the run ends normally with the reference output",
          f"exit {r.returncode}\n{err[-3000:]}")
    check("cannot store rank" in err and re.search(r"checkpoint 3 (abandoned|not committed)", err)
          is not None and re.search(r"checkpoint [4-9]\d* committed", err) is not None,
          "store-fails: checkpoint 3 is given up, a later one commits", err[-3000:])
    rc = summary()
    remove_unless_failed(work) if rc == 0 else print(f"kept {work}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
