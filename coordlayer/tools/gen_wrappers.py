#!/usr/bin/env python3
"""Writes the generated wrappers of the coordination layer for every MPI call
that coordlayer/src does not implement by hand, from the prototypes of the
installed MPI's mpi.h as its compiler wrapper preprocesses it (MPICH's mpi.h
brings in ROMIO's mpio.h, the MPI-IO calls; Open MPI's declares them itself):

  forward.c      local calls that take handles of objects the program created
                 (MPI_Comm_rank, MPI_Type_size, MPI_Cart_shift, ...): the
                 program's virtual handles are translated to the library's
                 (objects.h) and the call is passed on; and the large-count
                 form (MPI_Send_c, ...) of a call the layer handles whose
                 counts differ only in scalars: passed to that call when
                 they fit in an int, refused at the call otherwise;
  unsupported.c  calls the layer cannot make safe across a checkpoint (the
                 Fortran conversions of handles among them), and any other
                 call that takes MPI handles: the program stops at that call
                 with a message naming it, instead of running on and
                 restoring wrongly.

Calls without handles that the layer need not see (MPI_Get_address,
MPI_Dims_create, ...) get no wrapper. The build runs it (coordlayer/CMakeLists.txt)
with the MPI's compiler wrapper, so the wrappers always match the MPI the layer
is built for:

    gen_wrappers.py --mpicc MPICC HAND_WRITTEN_SOURCES_DIR OUTPUT_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

HANDLE_TYPES = {"MPI_Comm": "cl_real_comm", "MPI_Datatype": "cl_real_type",
                "MPI_Group": "cl_real_group", "MPI_Op": "cl_real_op",
                "MPI_Errhandler": "cl_real_errhandler", "MPI_Info": "cl_real_info"}
# Handles the layer has no translation for: a call that takes one and is
# not written by hand is refused (a request handle is the layer's own).
OPAQUE_HANDLES = {"MPI_Request", "MPI_Message", "MPI_Win", "MPI_File", "MPI_Session"}

# Handles with a Fortran integer the program could get or give: real functions
# in Open MPI (in MPICH only the file's; the others are macros there).
FORTRAN_CONVERTIBLE = ["MPI_Comm", "MPI_Type", "MPI_Group", "MPI_Op", "MPI_Errhandler",
                       "MPI_Info", "MPI_Request", "MPI_Message", "MPI_Win", "MPI_File",
                       "MPI_Session"]

# (prefixes or names, reason): refused even though they look harmless.
REFUSED = [
    ([h + conv for h in FORTRAN_CONVERTIBLE for conv in ("_c2f", "_f2c")],
     "Fortran handle conversion is not handled by the coordination layer"),
    (["MPI_Comm_spawn", "MPI_Comm_connect", "MPI_Comm_accept", "MPI_Comm_join",
      "MPI_Comm_get_parent", "MPI_Open_port", "MPI_Close_port", "MPI_Publish_name",
      "MPI_Unpublish_name", "MPI_Lookup_name"],
     "dynamic processes are not handled by the coordination layer: a recovery could not "
     "start the same processes again"),
    (["MPI_Session_create_errhandler"],
     "an error handler the program makes for sessions would be called with the library's "
     "session handle, not the program's; use MPI_ERRORS_RETURN, MPI_ERRORS_ARE_FATAL or "
     "MPI_ERRORS_ABORT"),
    (["MPI_Win_", "MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate",
      "MPI_Fetch_and_op", "MPI_Compare_and_swap", "MPI_Rput", "MPI_Rget", "MPI_Raccumulate",
      "MPI_Rget_accumulate"],
     "one-sided communication is not handled by the coordination layer"),
    (["MPI_File_read_shared", "MPI_File_write_shared", "MPI_File_iread_shared",
      "MPI_File_iwrite_shared", "MPI_File_read_ordered", "MPI_File_write_ordered",
      "MPI_File_seek_shared", "MPI_File_get_position_shared"],
     "shared file pointers are not saved by the coordination layer; use explicit offsets or "
     "the individual file pointer"),
    (["MPI_File_"], "not handled by the coordination layer's MPI-IO support"),
]

# Local calls: they communicate with no one, so translating handles suffices.
LOCAL = ["MPI_Comm_rank", "MPI_Comm_size", "MPI_Comm_compare", "MPI_Comm_test_inter",
         "MPI_Comm_get_name", "MPI_Comm_set_name", "MPI_Comm_get_attr", "MPI_Comm_set_attr",
         "MPI_Comm_delete_attr", "MPI_Comm_get_info", "MPI_Comm_set_info",
         "MPI_Comm_call_errhandler", "MPI_Group_size", "MPI_Group_rank",
         "MPI_Group_translate_ranks", "MPI_Group_compare", "MPI_Type_size",
         "MPI_Type_get_extent", "MPI_Type_get_true_extent", "MPI_Type_get_name",
         "MPI_Type_get_envelope", "MPI_Type_extent", "MPI_Type_lb", "MPI_Type_ub",
         "MPI_Type_set_name", "MPI_Type_get_attr", "MPI_Type_set_attr", "MPI_Type_delete_attr",
         "MPI_Pack", "MPI_Unpack", "MPI_Pack_size", "MPI_Pack_external", "MPI_Unpack_external",
         "MPI_Pack_external_size", "MPI_Cart_shift", "MPI_Cart_coords", "MPI_Cart_rank",
         "MPI_Cart_get", "MPI_Cartdim_get", "MPI_Cart_map", "MPI_Topo_test",
         "MPI_Status_set_elements", "MPI_Abort", "MPI_Op_commutative", "MPI_Get_elements_x",
         "MPI_Type_size_x", "MPI_Type_get_extent_x", "MPI_Type_get_true_extent_x",
         "MPI_Get_count", "MPI_Get_elements", "MPI_Status_set_elements_x",
         "MPI_Graph_neighbors_count", "MPI_Graph_neighbors", "MPI_Graphdims_get",
         "MPI_Graph_get", "MPI_Graph_map", "MPI_Dist_graph_neighbors_count",
         "MPI_Dist_graph_neighbors", "MPI_Comm_remote_size"]


# Declared by MPICH but not in its library: no wrapper.
SKIP = {"MPI_DUP_FN"}


def matches(name, names):
    base = name[:-2] if name.endswith("_c") else name
    return any(base == n or name == n or (n.endswith("_") and name.startswith(n))
               for n in names)


def hand_written(src_dir):
    names = set()
    for f in os.listdir(src_dir):
        if f.endswith(".c"):
            # A definition starts its line with its return type: int,
            # double, MPI_Comm (MPI_Comm_f2c), ...
            names |= set(re.findall(r"^(?:\w+ )+\**(MPI_\w+)\(",
                                    open(os.path.join(src_dir, f)).read(), re.M))
    return names


# One parameter: its type, its name, the brackets of an array.
PARAM = r"(.*?)(\w+)\s*((?:\[[^\]]*\])*)$"


def params_of(params):
    if params.strip() == "void":
        return []
    out = []
    for p in params.split(","):
        p = p.strip()
        if p == "...":
            out.append(("...", "", ""))
            continue
        m = re.match(PARAM, p)
        out.append((m.group(1).strip(), m.group(2), m.group(3)))
    return out


def without_attributes(params):
    """The parameters without MPICH's trailing type-tag attributes."""
    return re.sub(r"\)\s*MPICH_ATTR\w*\(.*$", "", " ".join(params.split()))


def narrowed(ret, name, params, plist, base_plist):
    """MPI_X_c as a call of the layer's MPI_X, or None when the two differ in
    more than scalar counts (arrays of counts or displacements)."""
    if len(plist) != len(base_plist):
        return None
    wide = []
    for (t, n, a), (bt, bn, ba) in zip(plist, base_plist):
        if (t, a) == (bt, ba):
            continue
        if t == "MPI_Count" and bt == "int" and not a and not ba:
            wide.append(n)
            continue
        return None
    if not wide:
        return None
    fits = " || ".join(f"{n} > INT_MAX || {n} < INT_MIN" for n in wide)
    args = ", ".join(f"(int){n}" if n in wide else n for _, n, _ in plist)
    return [f"{ret} {name}({params})", "{", f"    if ({fits})",
            f'        cl_unsupported("{name}", "a count above INT_MAX is not handled by the '
            f'coordination layer");', f"    return {name[:-2]}({args});", "}", ""]


def header(doc, source):
    return [doc.strip().replace("\n", "\n * ").join(["/* ", " */"]),
            f"/* Generated by coordlayer/tools/gen_wrappers.py from {source}; do not edit. */"]


def preprocessed_prototypes(mpicc):
    """(return type, name, parameters) of every MPI_ function the MPI's own
    headers declare, as MPICC -E leaves them, and the path of its mpi.h."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w") as f:
            f.write("#include <mpi.h>\n")
        try:
            run = subprocess.run([mpicc, "-E", probe], capture_output=True, text=True)
        except OSError as e:
            sys.exit(f"gen_wrappers.py: cannot run '{mpicc}': {e}")
    if run.returncode != 0:
        sys.exit(f"gen_wrappers.py: '{mpicc} -E' of #include <mpi.h> failed:\n{run.stderr}")
    mpi_h, text = mpi_headers_text(run.stdout, include_dirs(mpicc))
    if mpi_h is None:
        sys.exit(f"gen_wrappers.py: '{mpicc} -E' names no mpi.h in its line markers")
    # Open MPI's typedefs name its structures: a prototype that spelled out
    # `struct ompi_communicator_t *` would be a handle all the same.
    handles = set(HANDLE_TYPES) | OPAQUE_HANDLES
    spelled = [(re.compile(rf"\bstruct {s} ?\*"), t + " ")
               for s, t in re.findall(r"typedef struct (\w+)\s*\*\s*(MPI_\w+)\s*;", text)
               if t in handles]
    protos, unreadable = [], []
    for decl in declarations(text):
        for struct, typedef in spelled:
            decl = struct.sub(typedef, decl)
        m = PROTOTYPE.fullmatch(decl)
        if not m or NOT_A_PROTOTYPE & set(m["ret"].split()):
            continue
        if readable(m["params"]):
            ret = " ".join(w for w in m["ret"].replace("*", " *").split() if w != "extern")
            protos.append((ret, m["name"], m["params"]))
        elif handles & set(re.findall(r"\w+", decl)) or any(matches(m["name"], names)
                                                             for names, _ in REFUSED):
            unreadable.append(decl)  # it needs a wrapper: no running on without one
    if unreadable:
        sys.exit("gen_wrappers.py: cannot read the parameters of these calls, which need a "
                 "wrapper:\n  " + "\n  ".join(unreadable))
    if not protos:
        sys.exit(f"gen_wrappers.py: no MPI_ prototype in {mpi_h} as '{mpicc} -E' reads it")
    return protos, mpi_h


def include_dirs(mpicc):
    """The -I directories of MPICC -show (MPICH's and Open MPI's wrappers both
    know it); none when it does not."""
    show = subprocess.run([mpicc, "-show"], capture_output=True, text=True)
    if show.returncode != 0:
        return []
    return [os.path.realpath(d) for d in re.findall(r"(?:^|\s)-I ?(\S+)", show.stdout)]


# `# 12 "/usr/include/mpi.h" 1` (or `#line 12 "..."`): where the next lines come from.
LINE_MARKER = re.compile(r'#\s*(?:line\s+)?\d+\s+"([^"]*)"')


def mpi_headers_text(preprocessed, dirs):
    """The path of mpi.h, and the lines of the preprocessed text that come from
    it or from another file in its directory or the wrapper's include
    directories: not from stddef.h, stdint.h, ..., which declare no MPI calls
    but might hold syntax the parsing below does not know."""
    mpi_h, keep, kept = None, False, []
    for line in preprocessed.splitlines():
        m = LINE_MARKER.match(line)
        if m and not m[1].startswith("<"):
            path = os.path.realpath(m[1])
            if mpi_h is None and os.path.basename(path) == "mpi.h":
                mpi_h = path
                dirs = dirs + [os.path.dirname(path)]
            keep = any(path.startswith(d + os.sep) for d in dirs)
        elif m:
            keep = False
        elif keep and not line.startswith("#"):  # #pragma
            kept.append(line)
    return mpi_h, "\n".join(kept)


def declarations(text):
    """Each declaration of preprocessed C text, on one line, without attributes
    (__attribute__((visibility(...))), Open MPI's deprecations, MPICH's type
    tags) or asm labels, and without the bodies of structures and of any inline
    function."""
    text = without_calls(text, ("__attribute__", "__asm__", "asm", "__declspec"))
    while True:
        text, n = re.subn(r"\{[^{}]*\}", ";", text)
        if not n:
            break
    for decl in text.split(";"):
        yield " ".join(decl.replace("__extension__", "").split())


# A C string literal.
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def without_calls(text, keywords):
    """text without each KEYWORD(...), the parentheses matched (and skipped in
    string literals: a deprecation message may hold one)."""
    call = re.compile(r"\b(?:%s)\s*\(" % "|".join(keywords))
    out, pos = [], 0
    while m := call.search(text, pos):
        out.append(text[pos:m.start()])
        i, depth = m.end(), 1
        while depth and i < len(text):
            if string := STRING.match(text, i):
                i = string.end()
                continue
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        pos = i
    return "".join(out) + text[pos:]


# A function declaration named MPI_ (not PMPI_ or QMPI_), whatever its return type.
PROTOTYPE = re.compile(r"(?P<ret>\w+(?: \w+)*(?: ?\*)*) ?\b(?P<name>MPI_\w+) ?"
                       r"\((?P<params>.*)\)")
# A function type named MPI_ (MPI_Copy_function, ...), or code, is not a call.
NOT_A_PROTOTYPE = {"typedef", "static", "inline", "return"}


def readable(params):
    """Whether params_of can read these parameters: a type and a name each
    (not an unnamed parameter, nor a pointer to a function)."""
    if params.strip() == "void":
        return True
    for p in params.split(","):
        m = re.match(PARAM, p.strip())
        if p.strip() != "..." and (not m or not m[1].strip() or "(" in p or ")" in p):
            return False
    return True


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "--mpicc":
        protos, mpi_h = preprocessed_prototypes(args[1])
        source = f"{mpi_h} as '{args[1]} -E' reads it"
    else:
        sys.exit("usage: gen_wrappers.py --mpicc MPICC HAND_WRITTEN_SOURCES_DIR OUTPUT_DIR")
    src_dir, out_dir = args[-2:]
    mine = hand_written(src_dir)
    doc = __doc__.replace('"""', "")
    forward = header(doc, source) + ['#include "coord.h"', '#include "infos.h"',
                                     '#include "objects.h"', "", "#include <limits.h>", ""]
    refuse = header(doc, source) + ['#include "coord.h"', ""]
    seen = set()
    params_by_name = {name: params_of(without_attributes(params)) for _, name, params in protos}
    for ret, name, params in protos:
        if name in seen or name in mine or name in SKIP:
            continue
        seen.add(name)
        params = " ".join(params.split())
        plist = params_of(params)
        types = [t for t, _, _ in plist]
        by_value = [i for i, (t, _, a) in enumerate(plist) if t in HANDLE_TYPES and not a]
        by_pointer = [i for i, (t, _, a) in enumerate(plist)
                      if (t.replace("const ", "").replace("*", "").strip() in HANDLE_TYPES
                          and (a or "*" in t))]
        opaque = [t for t in types
                  if t.replace("const ", "").replace("*", "").strip() in OPAQUE_HANDLES]
        base = name[:-2] if name.endswith("_c") else None
        if base in mine and base in params_by_name:
            body = narrowed(ret, name, without_attributes(params), params_by_name[name],
                            params_by_name[base])
            if body:
                forward += body
                continue
        reason = next((why for names, why in REFUSED if matches(name, names)), None)
        if reason is None and base and (base in mine or any(matches(base, n) for n, _ in REFUSED)):
            reason = f"the large-count variant is not handled by the coordination layer; use {base}"
        if reason is None and (by_value or by_pointer or opaque):
            if matches(name, LOCAL) and not by_pointer and not opaque and "..." not in types:
                args = ", ".join(f"{HANDLE_TYPES[t]}({n})" if i in by_value else n
                                 for i, (t, n, _) in enumerate(plist))
                forward += [f"{ret} {name}({params})", "{",
                            f"    return P{name}({args});", "}", ""]
                continue
            reason = "it takes MPI handles and is not handled by the coordination layer"
        if reason is None:
            continue
        refuse += [f"{ret} {name}({params})", "{", f'    cl_unsupported("{name}", "{reason}");',
                   "}", ""]
    os.makedirs(out_dir, exist_ok=True)
    write_if_changed(os.path.join(out_dir, "forward.c"), "\n".join(forward))
    write_if_changed(os.path.join(out_dir, "unsupported.c"), "\n".join(refuse))


def write_if_changed(path, text):
    """Rewrites a file only when its text changes: an edit of a hand-written
    file that adds no MPI call then recompiles nothing generated."""
    if os.path.exists(path) and open(path).read() == text:
        return
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
