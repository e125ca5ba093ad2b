#!/usr/bin/env python3
"""The C library calls the runtime redirects are listed once, in
runtime/wrapped-symbols.opt (the --wrap options ckptcc links with). Fails
when that list and the runtime's __wrap_ functions disagree:
  - a listed call with no __wrap_ function: a program calling it fails to link;
  - a __wrap_ function not listed: never linked in, so the program's calls go
    straight to the C library and their state escapes the checkpoint.

usage: wrapped_symbols.py --list wrapped-symbols.opt --archive libckptrt.a --nm NM
"""
import argparse
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", required=True)
    ap.add_argument("--archive", required=True)
    ap.add_argument("--nm", default="nm")
    a = ap.parse_args()
    listed = set()
    for line in open(a.list):
        m = re.fullmatch(r"--wrap=(\w+)", line.strip())
        if not m:
            sys.exit("wrapped_symbols: %s: not a --wrap option: %r" % (a.list, line.strip()))
        listed.add(m.group(1))
    out = subprocess.run([a.nm, "--defined-only", a.archive], capture_output=True, text=True,
                         check=True).stdout
    defined = set(re.findall(r" T __wrap_(\w+)$", out, re.M))
    problems = ["%s is listed in %s but the runtime defines no __wrap_%s" % (s, a.list, s)
                for s in sorted(listed - defined)]
    problems += ["__wrap_%s is defined by the runtime but %s is not in %s" % (s, s, a.list)
                 for s in sorted(defined - listed)]
    print("wrapped_symbols: %d calls listed, %d wrappers defined" % (len(listed), len(defined)))
    for p in problems:
        print("FAIL  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
