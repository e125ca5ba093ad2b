#!/usr/bin/env python3
"""The docs against the tree: the drift that comes first (issue 22, point 4).

--check tables: the file tables. A table in docs/*.md whose first column
names files in backquotes (`coordlayer/src/comms.c`; a bare name after a
path, `datatypes.c`, is in that path's directory) must name files that exist.
A table whose header starts with "file" must also name every .c, .cpp and
.c.in file on disk in each source directory (runtime/src, coordlayer/src,
precompiler/src, templates) it names a file of; it may name headers, and need
not.

--check environment: every CKPT_* variable the code reads (the "CKPT_..."
strings of the C files under runtime/ and coordlayer/, the $CKPT_...
expansions of precompiler/ckptcc.in) is named in docs/user-guide.md.

Each failure names the doc, its line and the file or variable. Standard
library only. Exit status 0 when every check passed.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, summary  # noqa: E402

SOURCE_DIRS = ("runtime/src", "coordlayer/src", "precompiler/src", "templates")
SOURCE_ENDINGS = (".c", ".cpp", ".c.in")
FILE_NAME = re.compile(r"^[\w./-]+\.\w+$")


def cells(line):
    """The cells of a table row; a | inside backquotes is part of its cell."""
    out, cell, quoted = [], "", False
    for ch in line.strip().strip("|"):
        if ch == "`":
            quoted = not quoted
        if ch == "|" and not quoted:
            out.append(cell.strip())
            cell = ""
        else:
            cell += ch
    out.append(cell.strip())
    return out


def tables(path):
    """(line number of the header, header cells, [(line number, cells)]) of each table."""
    found, rows = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines + [""], 1):
        if line.lstrip().startswith("|"):
            rows.append((number, cells(line)))
            continue
        if len(rows) >= 2 and re.fullmatch(r"[\s:|-]+", "|".join(rows[1][1]) or "x"):
            found.append((rows[0][0], rows[0][1], rows[2:]))
        rows = []
    return found


def named_files(cell):
    """The repository paths a first cell names, bare names resolved."""
    paths, directory = [], None
    for token in re.findall(r"`([^`]+)`", cell):
        if not FILE_NAME.match(token):
            continue
        if "/" in token:
            paths.append(token)
            directory = os.path.dirname(token)
        elif directory is not None:
            paths.append(f"{directory}/{token}")
    return paths


def on_disk(root, directory):
    full = os.path.join(root, directory)
    return sorted(f"{directory}/{n}" for n in os.listdir(full)
                  if n.endswith(SOURCE_ENDINGS) and os.path.isfile(os.path.join(full, n)))


def check_tables(root):
    docs = os.path.join(root, "docs")
    seen = 0
    for name in sorted(os.listdir(docs)):
        if not name.endswith(".md"):
            continue
        for header_line, header, rows in tables(os.path.join(docs, name)):
            listed = {}
            for number, row in rows:
                for path in named_files(row[0]):
                    listed.setdefault(path, number)
            if not listed:
                continue
            seen += 1
            where = f"docs/{name}:{header_line}"
            problems = [f"{where}: the table names {path} (line {number}), which does not exist"
                        for path, number in listed.items()
                        if not os.path.exists(os.path.join(root, path))]
            covered = sorted({os.path.dirname(p) for p in listed} & set(SOURCE_DIRS))
            complete = header and header[0].lower().startswith("file")
            if complete:
                problems += [f"{where}: {path} is on disk but not in the table"
                             for d in covered for path in on_disk(root, d) if path not in listed]
            for p in problems:
                check(False, p)
            if not problems:
                check(True, f"{where}: the {len(listed)} files the table names exist"
                      + (f", and it names every source file of {', '.join(covered)}"
                         if complete and covered else ""))
    check(seen > 0, "the docs have file tables to check (docs/protocol.md's at least)")


def variables_read(root):
    """{name: a file that reads it}."""
    names = {}
    for top in ("runtime", "coordlayer"):
        for directory, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.join(directory, f)
                    with open(path, encoding="utf-8", errors="replace") as src:
                        for n in re.findall(r'"(CKPT_[A-Z0-9_]*[A-Z0-9])', src.read()):
                            names.setdefault(n, os.path.relpath(path, root))
    driver = os.path.join(root, "precompiler", "ckptcc.in")
    with open(driver, encoding="utf-8") as src:
        for n in re.findall(r"\$\{?(CKPT_[A-Z0-9_]*[A-Z0-9])", src.read()):
            names.setdefault(n, "precompiler/ckptcc.in")
    return names


def check_environment(root):
    with open(os.path.join(root, "docs", "user-guide.md"), encoding="utf-8") as f:
        guide = f.read()
    names = variables_read(root)
    check(len(names) > 10, f"the code reads {len(names)} CKPT_* variables")
    missing = [n for n in sorted(names) if not re.search(rf"\b{n}\b", guide)]
    for n in missing:
        check(False, f"{n}, read in {names[n]}, is not in docs/user-guide.md")
    if not missing:
        check(True, f"docs/user-guide.md names all {len(names)} of them")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   "..", ".."))
    ap.add_argument("--check", choices=("tables", "environment"), action="append")
    a = ap.parse_args()
    for what in a.check or ("tables", "environment"):
        {"tables": check_tables, "environment": check_environment}[what](a.root)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
