#!/usr/bin/env python3
"""Each file of coordlayer/src includes the headers of the modules it uses,
and no others (issue 22): the include graph is the dependency graph.

A module header declares names starting with cl_ or CL_ (functions, macros,
enumerators, types, struct tags). A file uses a header when it names one of
them; a struct tag the file declares itself (`struct cl_coll;`) is a
forward declaration, not a use. Fails, naming the file, when a file
  - uses a module header it does not include itself (it compiles only
    because another header happens to bring it in), or
  - includes a module header it uses nothing of.
A file's own header (files.c and files.h) is always allowed.

Names are found with regular expressions over the text without comments and
strings, which suffices for this code base's style (one declaration a line,
no macros that make declarations).

Usage: module_includes.py SOURCE_DIR
"""
import pathlib
import re
import sys


def code_of(text):
    """The text without comments, with string literals emptied."""
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def top_level(code):
    """Only what lies outside braces: declarations, not bodies."""
    out, depth = [], 0
    for ch in code:
        if ch == '{':
            depth += 1
        elif ch == '}':
            depth -= 1
            continue
        if depth == 0:
            out.append(ch)
    return ''.join(out)


def declared_names(code):
    names = set(re.findall(r'#\s*define\s+(\w+)', code))
    names |= {'struct ' + m for m in re.findall(r'struct\s+(\w+)\s*\{', code)}
    for body in re.findall(r'enum\s*\w*\s*\{([^}]*)\}', code):
        names |= set(re.findall(r'(\w+)\s*(?:=[^,]*)?(?:,|$)', body.strip()))
    top = top_level(code)
    while True:  # argument lists (nested) become a mark after the function's name
        shorter = re.sub(r'\([^()]*\)', '\x00', top)
        if shorter == top:
            break
        top = shorter
    top = re.sub(r'#[^\n]*', '', top)
    names |= set(re.findall(r'\b(\w+)\s*\x00', top))
    names |= set(re.findall(r'extern\s+[^;]*?\b(\w+)\s*;', top))
    names |= set(re.findall(r'typedef\s+[^;]*?\b(\w+)\s*;', top))
    return {n for n in names if re.match(r'(struct )?(cl_|CL_)', n) or n == 'cl'}


def used_names(code):
    names = set(re.findall(r'\b\w+\b', code))
    forward = set(re.findall(r'^\s*struct\s+(\w+)\s*;', code, re.M))
    names |= {'struct ' + m for m in re.findall(r'struct\s+(\w+)', code) if m not in forward}
    return names


def main():
    src = pathlib.Path(sys.argv[1]) / 'coordlayer' / 'src'
    headers = sorted(p.name for p in src.glob('*.h'))
    declared = {h: declared_names(code_of((src / h).read_text())) for h in headers}
    problems = []
    for path in sorted(list(src.glob('*.c')) + list(src.glob('*.h'))):
        text = path.read_text()
        used = used_names(code_of(text))
        included = re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)
        own = path.stem + '.h'
        for h in headers:
            if h == path.name:
                continue
            uses = sorted(declared[h] & used)
            if uses and h not in included:
                problems.append('%s uses %s (%s) without including it'
                                % (path.name, h, ', '.join(uses[:4])))
            if not uses and h in included and h != own:
                problems.append('%s includes %s but uses nothing it declares' % (path.name, h))
    for p in problems:
        print('FAIL  coordlayer/src/' + p)
    print('module_includes: %d headers, %d problems' % (len(headers), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
