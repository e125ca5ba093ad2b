#!/usr/bin/env python3
"""The boundary between the runtime and the MPI coordination layer (issue 22).

Fails, naming the file and line, when
  - a file of coordlayer/src includes a quoted header that is not in
    coordlayer/src (a runtime-private header: the layer may use of the
    runtime only runtime/include, aalc/ckpt_layer_services.h first of all);
  - coordlayer/CMakeLists.txt puts runtime/src on an include path;
  - runtime/src or runtime/include mentions MPI (mpi.h, MPI_, PMI_, OMPI_,
    PMIX_) outside comments: the runtime knows nothing of MPI, and launcher
    knowledge lives in the layer (guess_rank in aalc/ckpt_layer.h).

Usage: layer_boundary.py SOURCE_DIR
"""
import pathlib
import re
import sys

MPI_WORDS = re.compile(r'\bmpi\.h\b|\b(?:MPI_|PMI_|OMPI_|PMIX_)\w*')
QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
INCLUDE_COMMANDS = re.compile(r'\b(?:target_)?include_directories\s*\(([^)]*)\)', re.I)


def without_comments(text):
    """C text with its comments blanked (newlines kept, so lines still count);
    string and character literals are kept: a name in one is code."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            end = text.find('*/', i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:end]))
            i = end
        elif text.startswith('//', i):
            end = text.find('\n', i)
            end = n if end < 0 else end
            out.append(' ' * (end - i))
            i = end
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def line_of(text, pos):
    return text.count('\n', 0, pos) + 1


def layer_includes(root):
    src = root / 'coordlayer' / 'src'
    for path in sorted(src.iterdir()):
        if path.suffix not in ('.c', '.h', '.def'):
            continue
        text = without_comments(path.read_text(errors='replace'))
        for m in QUOTED_INCLUDE.finditer(text):
            if not (src / m.group(1)).is_file():
                yield '%s:%d: includes "%s", which is not in coordlayer/src' % (
                    path.relative_to(root), line_of(text, m.start()), m.group(1))


def layer_include_path(root):
    cmake = root / 'coordlayer' / 'CMakeLists.txt'
    text = re.sub(r'#[^\n]*', '', cmake.read_text())
    for m in INCLUDE_COMMANDS.finditer(text):
        if 'runtime/src' in m.group(1):
            yield '%s:%d: puts runtime/src on the include path' % (
                cmake.relative_to(root), line_of(text, m.start()))


def runtime_mpi(root):
    for folder in ('runtime/src', 'runtime/include'):
        for path in sorted((root / folder).rglob('*')):
            if path.suffix not in ('.c', '.h', '.S', '.cpp'):
                continue
            text = without_comments(path.read_text(errors='replace'))
            for m in MPI_WORDS.finditer(text):
                yield '%s:%d: mentions %s outside a comment' % (
                    path.relative_to(root), line_of(text, m.start()), m.group(0))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    problems = [*layer_includes(root), *layer_include_path(root), *runtime_mpi(root)]
    for p in problems:
        print('layer_boundary: ' + p)
    if problems:
        print('layer_boundary: %d problem(s); see tests/house/layer_boundary.py' % len(problems))
        return 1
    print('layer_boundary: the layer includes only runtime/include; the runtime names no MPI')
    return 0


if __name__ == '__main__':
    sys.exit(main())
