"""What the Python test scripts share: a tally of named checks, damaging a
file the way a failing disk would (one byte in its middle flipped), and the
launcher's own report taken out of a job's output."""
import re
import sys

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
