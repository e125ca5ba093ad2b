#!/usr/bin/env python3
"""Tests of ckpt-instrument, the AALC precompiler.

usage: run_tests.py BUILD_DIR [--update | --check-expected] [--only golden|errors]
                     [-j N] [--keep] [NAME ...]

BUILD_DIR/bin/ckpt-instrument is tested. NAME limits the run to tests whose
name contains one of the given strings.

golden/NAME.c, NAME.expected.c
    NAME.c is instrumented (from inside golden/, as 'NAME.c') and the output
    must equal NAME.expected.c. Two things in the output depend on where the
    checkout lives, the unit's absolute path (unit summary) and the function
    ids (xxHash64 of "<absolute path>:<function name>"); the comparison is
    done as if the absolute path were the bare file name 'NAME.c'. The
    runner also checks that
      - every function id is the id of a function of the unit, the one whose
        body holds it;
      - the output compiles with gcc -std=gnu11 -Wall -Werror -c and the
        runtime's header (plus the flags of a '// CC-FLAGS:' line);
      - each line of the input is still at its own line (and file, when the
        input has #line directives of its own) according to the #line
        directives of the output: what gcc and gdb will report;
      - gcc -DLINE_CHECK reports each use of an identifier 'not_declared_*'
        in the output at the file, line and column where it reports it in
        NAME.c itself (only file and line on a line that says LINE-ONLY);
        declare them under '#ifndef LINE_CHECK' to use them inside
        instrumented statements, or use them under '#ifdef LINE_CHECK'.
    --update rewrites NAME.expected.c from the current output (review the diff!).
    --check-expected runs the last three checks on the NAME.expected.c files
    themselves, e.g. after writing one by hand for a precompiler bug.

errors/NAME.c
    ckpt-instrument must refuse the file: exit non-zero (not crash), write no
    output, and print each diagnostic announced in the file by
        // EXPECT-ERROR: [FILE:]LINE:COL: text fragment
        // EXPECT-NOTE: [FILE:]LINE:COL: text fragment
    as 'FILE:LINE:COL: error: ...fragment...' (FILE defaults to NAME.c), each
    expected error exactly once, and no other error.

A golden test may announce the warnings it must print, and no others, with
    // EXPECT-WARNING: LINE:COL: text fragment

Both kinds accept '// INSTRUMENT-FLAGS: ...' (compiler flags after '--';
they are also given to gcc) and '// REACHES: f g ...': the functions of other
units that reach a potential checkpoint ('*': some function whose address is
taken does), as ckpt-link finds them for the whole program and hands them to
ckpt-instrument with --facts. Without it, other units' functions never reach. Prints one line per test and a final line
'precompiler: N passed, M failed'; exits 1 when anything failed.
Environment: CKPT_TEST_CC (default gcc) is the C compiler of the checks.
"""

import argparse
import concurrent.futures
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RUNTIME_INCLUDE = os.path.join(REPO, "runtime", "include")
CC = os.environ.get("CKPT_TEST_CC", "gcc")

# ---------------------------------------------------------------------------
# xxHash64 (seed 0), as llvm::xxHash64 computes the function ids


_M = (1 << 64) - 1
_P1, _P2, _P3 = 11400714785074694791, 14029467366897019727, 1609587929392839161
_P4, _P5 = 9650029242287828579, 2870177450012600261


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & _M


def _round(acc, lane):
    return (_rotl((acc + lane * _P2) & _M, 31) * _P1) & _M


def _merge(acc, v):
    return ((acc ^ _round(0, v)) * _P1 + _P4) & _M


def xxh64(data):
    n, i = len(data), 0
    le = lambda a, b: int.from_bytes(data[a:b], "little")
    if n >= 32:
        v = [(_P1 + _P2) & _M, _P2, 0, (-_P1) & _M]
        while i + 32 <= n:
            v = [_round(v[k], le(i + 8 * k, i + 8 * k + 8)) for k in range(4)]
            i += 32
        h = (_rotl(v[0], 1) + _rotl(v[1], 7) + _rotl(v[2], 12) + _rotl(v[3], 18)) & _M
        for lane in v:
            h = _merge(h, lane)
    else:
        h = _P5
    h = (h + n) & _M
    while i + 8 <= n:
        h = (_rotl(h ^ _round(0, le(i, i + 8)), 27) * _P1 + _P4) & _M
        i += 8
    if i + 4 <= n:
        h = (_rotl(h ^ ((le(i, i + 4) * _P1) & _M), 23) * _P2 + _P3) & _M
        i += 4
    while i < n:
        h = (_rotl(h ^ ((data[i] * _P5) & _M), 11) * _P1) & _M
        i += 1
    h ^= h >> 33
    h = (h * _P2) & _M
    h ^= h >> 29
    h = (h * _P3) & _M
    return h ^ (h >> 32)


# ---------------------------------------------------------------------------
# Small C text helpers


def strip_comments(text):
    """Comments become spaces (newlines kept), string and char literals stay."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"""[A-Za-z_]\w*|\d[\w.]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|"""
                   r"""<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\S""")
RENAMED = re.compile(r"^([A-Za-z_]\w*?)__ckpt\d+$")
HEADER_COPY = re.compile(r"^ckpt_header_(?=[A-Za-z_])")
ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}


def tokens(line):
    return TOKEN.findall(line)


def is_subsequence(needle, haystack):
    it = iter(haystack)
    return all(any(t == h for h in it) for t in needle)


def directives(text, name):
    """Values of '// NAME: value' lines."""
    return [m.group(1).strip() for m in re.finditer(r"//\s*" + name + r":(.*)$", text, re.M)]


def facts_option(source, work, name):
    """--facts FILE for the test's '// REACHES:' lines, or nothing."""
    names = [n for d in directives(source, "REACHES") for n in d.split()]
    if not names:
        return []
    path = os.path.join(work, name + ".facts")
    with open(path, "w") as f:
        for n in names:
            f.write("indirect\n" if n == "*" else "reaches %s\n" % n)
    return ["--facts", path]


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, env=dict(os.environ, LC_ALL="C"))
    return p.returncode, p.stdout, p.stderr


def crashed(rc, stderr):
    return rc < 0 or "Stack dump" in stderr or "PLEASE submit a bug report" in stderr


def indent(text, prefix="      | ", limit=60):
    lines = text.rstrip("\n").split("\n")
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d more lines)" % (len(lines) - limit)]
    return "\n".join(prefix + l for l in lines)


# ---------------------------------------------------------------------------
# Golden tests


ID_USE = re.compile(r"\b(ckpt_resume_label|ckpt_frame_save)\((0x[0-9a-f]{16})ull")
# A line that starts a function definition (at column 0, as the tests write them).
FUNCTION_HEAD = re.compile(r"^(?!(?:if|else|for|while|do|switch|case|return|goto)\b)"
                           r"[A-Za-z_][^;=]*?\b([A-Za-z_]\w*)\s*\((?!\*)[^;]*$")


def normalise(output, source, name, unit):
    """The output as if the unit's absolute path were `name`; problems with ids."""
    problems = []
    identifiers = set(re.findall(r"[A-Za-z_]\w*", source))
    # The headers next to the test: their static functions get copies in the
    # output (ckpt_header_NAME), whose ids use the copy's name.
    for header in re.findall(r'^\s*#\s*include\s*"([^"]+)"', source, re.M):
        path = os.path.join(os.path.dirname(unit), header)
        if os.path.exists(path):
            identifiers |= set(re.findall(r"[A-Za-z_]\w*", open(path).read()))
    identifiers |= {"ckpt_header_" + ident for ident in identifiers}
    by_id = {xxh64((unit + ":" + ident).encode()): ident for ident in identifiers}
    lines = output.split("\n")
    current = None
    for no, line in enumerate(lines):
        head = FUNCTION_HEAD.match(line)
        if head and not line.startswith(("#", "static const char ckpt_unit_summary")):
            current = head.group(1)

        def fix(m, no=no):
            value = int(m.group(2), 16)
            fn = by_id.get(value)
            if fn is None:
                problems.append("output line %d: function id %s is not the id of any "
                                "function of %s" % (no + 1, m.group(2), name))
                return m.group(0)
            if current is not None and fn != current:
                problems.append("output line %d: %s in '%s' uses the id of '%s'"
                                % (no + 1, m.group(1), current, fn))
            return "%s(0x%016xull" % (m.group(1), xxh64((name + ":" + fn).encode()))

        lines[no] = ID_USE.sub(fix, line)
    text = "\n".join(lines)
    escaped = unit.replace("\\", "\\\\").replace('"', '\\"')
    text = text.replace('"U ' + escaped + '\\n"', '"U ' + name + '\\n"')
    text = text.replace(escaped + "#", name + "#")
    return text, problems


CONST_WORDS = {"const", "__const", "__const__"}
LINE_DIRECTIVE = re.compile(r'\s*#\s*(?:line\s+)?(\d+)(?:\s+"([^"]*)")?\s*$')


def presumed_lines(text, name):
    """For each line of `text`: the (file, line) its #line directives give it, or
    None for the directives themselves and for lines before the first one when
    `name` is None."""
    result = []
    current = None if name is None else [name, 1]
    for raw in strip_comments(text).split("\n"):
        m = LINE_DIRECTIVE.match(raw)
        if m:
            current = [m.group(2) or (current[0] if current else ""), int(m.group(1))]
            result.append(None)
            continue
        result.append(None if current is None else tuple(current))
        if current is not None:
            current[1] += 1
    return result


def check_line_map(source, output, name):
    """Each line of the source must still be at its own (file, line) in the output.
    A line that '// NORMALIZED-LINES: N ...' names had reaching calls moved out of
    its expressions, or a macro's use expanded (normalizer.h): its words but the
    file's macro names must be at that line or the next few (a for loop's
    increment moves to the end of the body)."""
    problems = []
    normalized = {int(n) for d in directives(source, "NORMALIZED-LINES") for n in d.split()}
    # A restored local loses its const, and a const typedef of its declaration
    # gives way to '__typeof__(T)' (const_locals.h): those words may be gone.
    droppable = CONST_WORDS | {n for d in directives(source, "CONST-TYPEDEFS") for n in d.split()}
    # the uses of the file's macros are replaced by what they expand to there
    macros = set(re.findall(r"^[ \t]*#[ \t]*define[ \t]+(\w+)", source, re.M))
    # A byte-order mark is not a token of line 1 (the output keeps it first).
    source, output = source.removeprefix("\ufeff"), output.removeprefix("\ufeff")
    where = {}
    for raw, at in zip(strip_comments(output).split("\n"), presumed_lines(output, None)):
        if at is not None:
            # A local renamed because it hides another (NAME__ckptN) is still NAME,
            # and the copy of a header's static function (ckpt_header_NAME) NAME.
            where.setdefault(at, []).extend(HEADER_COPY.sub("", RENAMED.sub(r"\1", t))
                                            for t in tokens(raw))
    in_directive = False
    # The ckpt directives themselves are replaced; what else is on their line stays.
    text = re.sub(r'_Pragma\s*\(\s*"ckpt[^"]*"\s*\)', "", strip_comments(source))
    # So are the uses of a macro that is such a _Pragma alone (CKPT_POTENTIAL).
    for macro in re.findall(r'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+_Pragma\s*\(\s*"ckpt[^"]*"\s*\)[ \t]*$',
                            strip_comments(source), re.M):
        text = re.sub(r"\b%s\b" % macro, "", text)
    for line, at in zip(text.split("\n"), presumed_lines(source, name)):
        stripped = line.strip()
        if in_directive or stripped.startswith("#"):
            in_directive = stripped.endswith("\\")
            continue
        want = [t for t in tokens(line) if t not in droppable]
        if not want or at is None:
            continue
        have = where.get(at, [])
        if is_subsequence(want, have):
            continue
        if at[1] in normalized:
            near = set()
            for k in range(6):
                near.update(where.get((at[0], at[1] + k), []))
            # A loop's 'continue' becomes 'goto' a label before its moved increment
            # or condition; 'do ... while (C);' becomes 'for (;;) { ... break; }'.
            for old, new in (("continue", "goto"), ("do", "for"), ("while", "break")):
                if new in near:
                    near.add(old)
            missing = [t for t in want if re.match(r"\w", t) and t not in near and t not in macros]
            if missing:
                problems.append("normalized line %s:%d: %s not in the output at or after it"
                                % (at[0], at[1], " ".join(missing)))
            continue
        # 'x = f(a);' and 'return f(a);' keep their call at the line, not the target.
        for k, t in enumerate(want):
            if t in ASSIGN_OPS or t == "return":
                if is_subsequence(want[k + 1:], have):
                    break
        else:
            problems.append("'%s' (%s:%d) is not at that line in the output's #line map;"
                            " there: %s" % (stripped, at[0], at[1], " ".join(have) or "(nothing)"))
    return problems


def marker_errors(path, flags, cwd):
    """{identifier: (file, line, col)} of the not_declared_* errors of gcc -DLINE_CHECK."""
    rc, out, err = run([CC, "-std=gnu11", "-fsyntax-only", "-DLINE_CHECK", "-I", RUNTIME_INCLUDE,
                        "-I", cwd] + flags + [path], cwd=cwd)
    reported = {}
    for m in re.finditer(r"^(.*?):(\d+):(\d+): error: '(not_declared_\w+)' undeclared", err, re.M):
        reported.setdefault(m.group(4), (m.group(1), int(m.group(2)), int(m.group(3))))
    return reported


def check_line_markers(source_path, source, out_path, name, flags):
    """gcc -DLINE_CHECK must report each use of a not_declared_* identifier in the
    output where it reports it in the source itself."""
    markers = {}
    declaring = False  # inside '#ifndef LINE_CHECK', where the identifiers are declared
    for line in source.split("\n"):
        if re.match(r"\s*#\s*ifndef\s+LINE_CHECK\b", line):
            declaring = True
        elif declaring and re.match(r"\s*#\s*endif\b", line):
            declaring = False
        elif not declaring:
            for m in re.finditer(r"\bnot_declared_\w+", line):
                markers[m.group(0)] = "LINE-ONLY" in line
    if not markers:
        return []
    directory = os.path.dirname(source_path)
    want = marker_errors(name, flags, directory)
    got = marker_errors(out_path, flags, directory)
    problems = []
    for ident, line_only in sorted(markers.items()):
        if ident not in want:
            problems.append("test error: gcc -DLINE_CHECK does not report '%s' in %s itself"
                            % (ident, name))
        elif ident not in got:
            problems.append("gcc -DLINE_CHECK does not report '%s' in the output" % ident)
        elif got[ident][:2] != want[ident][:2] or (not line_only and got[ident] != want[ident]):
            problems.append("gcc reports '%s' at %s:%d:%d in the output, at %s:%d:%d in the source"
                            % ((ident,) + got[ident] + want[ident]))
    return problems


def golden_test(tool, src, update, work, notes):
    name = os.path.basename(src)
    base = name[:-2]
    directory = os.path.dirname(src)
    expected_path = os.path.join(directory, base + ".expected.c")
    source = open(src).read()
    flags = [f for d in directives(source, "INSTRUMENT-FLAGS") for f in shlex.split(d)]
    cc_flags = [f for d in directives(source, "CC-FLAGS") for f in shlex.split(d)]
    out_path = os.path.join(work, base + ".instrumented.c")
    facts = facts_option(source, work, base)
    rc, out, err = run([tool] + facts + ["-o", out_path, name, "--"] + flags, cwd=directory)
    if crashed(rc, err):
        return ["ckpt-instrument crashed (status %d):\n%s" % (rc, indent(err))]
    if rc != 0:
        return ["ckpt-instrument refused the file (status %d):\n%s" % (rc, indent(err))]
    problems = expected_warnings(source, name, err)
    output = open(out_path).read()
    unit = os.path.join(os.path.realpath(directory), name)
    normalised, id_problems = normalise(output, source, name, unit)
    problems += id_problems

    if update:
        if not os.path.exists(expected_path) or open(expected_path).read() != normalised:
            with open(expected_path, "w") as f:
                f.write(normalised)
            notes.append("updated " + os.path.relpath(expected_path, HERE))
    elif not os.path.exists(expected_path):
        problems.append("no %s (run with --update to create it)" % os.path.basename(expected_path))
    else:
        expected = open(expected_path).read()
        if expected != normalised:
            diff = difflib.unified_diff(expected.splitlines(True), normalised.splitlines(True),
                                        os.path.basename(expected_path), "actual output")
            problems.append("output differs from %s:\n%s"
                            % (os.path.basename(expected_path), indent("".join(diff), limit=200)))

    rc, cout, cerr = run([CC, "-std=gnu11", "-Wall", "-Werror", "-c", "-o", os.devnull,
                          "-I", RUNTIME_INCLUDE, "-I", directory] + flags + cc_flags + [out_path],
                         cwd=directory)
    if rc != 0:
        problems.append("the output does not compile cleanly:\n" + indent(cerr))
    problems += check_line_map(source, output, name)
    problems += check_line_markers(src, source, out_path, name, flags)
    return problems


def check_expected(src, work):
    """The checks of the output, applied to NAME.expected.c itself (for hand-written ones)."""
    name = os.path.basename(src)
    directory = os.path.dirname(src)
    expected_path = os.path.join(directory, name[:-2] + ".expected.c")
    if not os.path.exists(expected_path):
        return ["no " + os.path.basename(expected_path)]
    source = open(src).read()
    flags = [f for d in directives(source, "INSTRUMENT-FLAGS") for f in shlex.split(d)]
    cc_flags = [f for d in directives(source, "CC-FLAGS") for f in shlex.split(d)]
    expected = open(expected_path).read()
    out_path = os.path.join(work, os.path.basename(expected_path))
    with open(out_path, "w") as f:
        f.write(expected)
    problems = []
    rc, cout, cerr = run([CC, "-std=gnu11", "-Wall", "-Werror", "-c", "-o", os.devnull,
                          "-I", RUNTIME_INCLUDE, "-I", directory] + flags + cc_flags + [out_path],
                         cwd=directory)
    if rc != 0:
        problems.append("%s does not compile cleanly:\n%s" % (os.path.basename(expected_path), indent(cerr)))
    problems += check_line_map(source, expected, name)
    problems += check_line_markers(src, source, out_path, name, flags)
    return problems


WARNING = re.compile(r"//\s*EXPECT-WARNING:\s*(\d+):(\d+):\s*(.*?)\s*$", re.M)


def expected_warnings(source, name, err):
    """A golden test prints no diagnostic but the warnings it announces with
    '// EXPECT-WARNING: LINE:COL: text fragment', each once."""
    wanted = [(int(m.group(1)), int(m.group(2)), m.group(3)) for m in WARNING.finditer(source)]
    got = [(m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5))
           for m in DIAG.finditer(err)]
    problems = []
    for line, col, fragment in wanted:
        hits = [d for d in got if d[3] == "warning" and d[1:3] == (line, col) and fragment in d[4]]
        if len(hits) != 1:
            problems.append("expected warning %d:%d ...%s... %d times, not once"
                            % (line, col, fragment, len(hits)))
    unexpected = [d for d in got if d[3] != "note" and not any(
        d[3] == "warning" and d[1:3] == (line, col) and fragment in d[4]
        for line, col, fragment in wanted)]
    if unexpected or (err.strip() and not got):
        problems.append("ckpt-instrument printed diagnostics:\n" + indent(err))
    return problems


# ---------------------------------------------------------------------------
# Refusal tests


EXPECT = re.compile(r"//\s*EXPECT-(ERROR|NOTE):\s*(?:([^:\s]+):)?(\d+):(\d+):\s*(.*?)\s*$", re.M)
DIAG = re.compile(r"^(.+?):(\d+):(\d+): (error|fatal error|warning|note): (.*)$", re.M)


def errors_test(tool, src, work):
    name = os.path.basename(src)
    directory = os.path.dirname(src)
    source = open(src).read()
    flags = [f for d in directives(source, "INSTRUMENT-FLAGS") for f in shlex.split(d)]
    expectations = [(m.group(1).lower(), m.group(2) or name, int(m.group(3)), int(m.group(4)),
                     m.group(5)) for m in EXPECT.finditer(source)]
    if not any(e[0] == "error" for e in expectations):
        return ["the test announces no EXPECT-ERROR"]
    out_path = os.path.join(work, name[:-2] + ".instrumented.c")
    facts = facts_option(source, work, name[:-2])
    rc, out, err = run([tool] + facts + ["-o", out_path, name, "--"] + flags, cwd=directory)
    if crashed(rc, err):
        return ["ckpt-instrument crashed (status %d):\n%s" % (rc, indent(err))]
    problems = []
    if rc == 0:
        problems.append("ckpt-instrument accepted the file (status 0)")
    if os.path.exists(out_path):
        problems.append("an output file was written")

    def same_file(reported, wanted):
        # as given ('NAME.c'), or the same file spelled otherwise ('./x.h', an absolute path)
        return reported == wanted or os.path.realpath(os.path.join(directory, reported)) == \
            os.path.realpath(os.path.join(directory, wanted))

    def shown(path):
        return os.path.relpath(os.path.join(directory, path), directory)

    diags = [(m.group(4).replace("fatal error", "error"), m.group(1), int(m.group(2)),
              int(m.group(3)), m.group(5)) for m in DIAG.finditer(err)]
    matched, accounted = set(), set()
    for kind, file, line, col, fragment in expectations:
        here = [i for i, d in enumerate(diags)
                if d[0] == kind and same_file(d[1], file) and d[2:4] == (line, col)]
        hits = [i for i in here if fragment in diags[i][4]]
        matched.update(hits)
        if hits:
            if kind == "error" and len(hits) > 1:
                problems.append("error %s:%d:%d reported %d times" % (file, line, col, len(hits)))
        elif here:
            accounted.update(here)
            problems.append("%s %s:%d:%d does not say '%s':%s"
                            % (kind, file, line, col, fragment,
                               "".join("\n        got: " + diags[i][4] for i in here)))
        else:
            near = [d for d in diags if d[0] == kind and same_file(d[1], file) and d[2] == line]
            problems.append("missing %s %s:%d:%d: ...%s...%s"
                            % (kind, file, line, col, fragment,
                               "".join("\n        got %s:%d:%d: %s" % (shown(d[1]), d[2], d[3], d[4])
                                       for d in near)))
    for i, d in enumerate(diags):
        if d[0] == "error" and i not in matched and i not in accounted:
            problems.append("unexpected error %s:%d:%d: %s" % (shown(d[1]), d[2], d[3], d[4]))
    return problems


# ---------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build_dir")
    parser.add_argument("--update", action="store_true",
                        help="rewrite golden/*.expected.c from the current output")
    parser.add_argument("--only", choices=["golden", "errors"])
    parser.add_argument("--check-expected", action="store_true",
                        help="do not run ckpt-instrument: check that golden/*.expected.c compile "
                             "and keep the line numbers (for hand-written expected outputs)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="tests run in parallel (default: the number of CPUs)")
    parser.add_argument("names", nargs="*", help="run only tests whose name contains one of these")
    args = parser.parse_intermixed_args()

    tool = os.path.join(os.path.realpath(args.build_dir), "bin", "ckpt-instrument")
    if not os.access(tool, os.X_OK):
        print("run_tests.py: %s not found or not executable" % tool, file=sys.stderr)
        return 2
    if shutil.which(CC) is None:
        print("run_tests.py: C compiler '%s' not found" % CC, file=sys.stderr)
        return 2

    tests = []
    for kind in ("golden", "errors"):
        if (args.only and args.only != kind) or (args.check_expected and kind != "golden"):
            continue
        directory = os.path.join(HERE, kind)
        for entry in sorted(os.listdir(directory)):
            if not entry.endswith(".c") or entry.endswith(".expected.c"):
                continue
            test = "%s/%s" % (kind, entry[:-2])
            if not args.names or any(n in test for n in args.names):
                tests.append((kind, test, os.path.join(directory, entry)))

    work = tempfile.mkdtemp(prefix="ckpt-precompiler-tests.")

    def run_one(item):
        kind, test, src = item
        scratch = os.path.join(work, test)
        os.makedirs(scratch)
        notes = []
        try:
            if kind == "golden" and args.check_expected:
                problems = check_expected(src, scratch)
            elif kind == "golden":
                problems = golden_test(tool, src, args.update, scratch, notes)
            else:
                problems = errors_test(tool, src, scratch)
        except Exception as e:  # a broken test must not stop the others
            problems = ["runner error: %r" % (e,)]
        return notes, problems

    passed = failed = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            for (kind, test, src), (notes, problems) in zip(tests, pool.map(run_one, tests)):
                print(("FAIL  " if problems else "PASS  ") + test)
                for n in notes:
                    print("      " + n)
                for p in problems:
                    print("    - " + p)
                sys.stdout.flush()
                if problems:
                    failed += 1
                else:
                    passed += 1
    finally:
        if args.keep:
            print("scratch kept in " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("precompiler: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
