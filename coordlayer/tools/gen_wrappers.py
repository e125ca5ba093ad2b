#!/usr/bin/env python3
"""Writes the generated wrappers of the coordination layer, from MPICH's
mpi_proto.h (the MPI standard's signatures) and ROMIO's mpio.h beside it (the
MPI-IO calls), for every MPI call that
coordlayer/src does not implement by hand:

  forward.c      local calls that take handles of objects the program created
                 (MPI_Comm_rank, MPI_Type_size, MPI_Cart_shift, ...): the
                 program's virtual handles are translated to the library's
                 (objects.h) and the call is passed on; and the large-count
                 form (MPI_Send_c, ...) of a call the layer handles whose
                 counts differ only in scalars: passed to that call when
                 they fit in an int, refused at the call otherwise;
  unsupported.c  calls the layer cannot make safe across a checkpoint, and any
                 other call that takes MPI handles: the program stops at that
                 call with a message naming it, instead of running on and
                 restoring wrongly.

Calls without handles that the layer need not see (MPI_Get_address,
MPI_Dims_create, ...) get no wrapper. The build runs it (coordlayer/CMakeLists.txt)
on the installed MPI's header, so the wrappers always match the MPI the layer is
built for:

    gen_wrappers.py MPI_PROTO_HEADER HAND_WRITTEN_SOURCES_DIR OUTPUT_DIR
"""
import os
import re
import sys

HANDLE_TYPES = {"MPI_Comm": "cl_real_comm", "MPI_Datatype": "cl_real_type",
                "MPI_Group": "cl_real_group", "MPI_Op": "cl_real_op",
                "MPI_Errhandler": "cl_real_errhandler", "MPI_Info": "cl_real_info"}
# Handles the layer has no translation for: a call that takes one and is
# not written by hand is refused (a request handle is the layer's own).
OPAQUE_HANDLES = {"MPI_Request", "MPI_Message", "MPI_Win", "MPI_File", "MPI_Session"}

# (prefixes or names, reason): refused even though they look harmless.
REFUSED = [
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
    (["MPI_File_create_errhandler"],
     "an error handler the program makes for files would not be set again on a reopened "
     "file; use MPI_ERRORS_RETURN or MPI_ERRORS_ARE_FATAL"),
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
            names |= set(re.findall(r"^(?:int|double) (MPI_\w+)\(",
                                    open(os.path.join(src_dir, f)).read(), re.M))
    return names


def params_of(params):
    if params.strip() == "void":
        return []
    out = []
    for p in params.split(","):
        p = p.strip()
        if p == "...":
            out.append(("...", "", ""))
            continue
        m = re.match(r"(.*?)(\w+)\s*((?:\[[^\]]*\])*)$", p)
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


def prototypes(header):
    """(return type, name, parameters) of every call in mpi_proto.h and, beside
    it, ROMIO's mpio.h (the MPI-IO calls)."""
    text = open(header).read()
    mpio = os.path.join(os.path.dirname(header), "mpio.h")
    if os.path.exists(mpio):
        text += open(mpio).read()
    return re.findall(r"^(int|double) (MPI_\w+)\(([^;]*?)\)\s*(?:MPICH|ROMIO)_API_PUBLIC", text,
                      re.M | re.S)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen_wrappers.py MPI_PROTO_HEADER HAND_WRITTEN_SOURCES_DIR OUTPUT_DIR")
    src_dir, out_dir = sys.argv[2], sys.argv[3]
    mine = hand_written(src_dir)
    protos = prototypes(sys.argv[1])
    doc = __doc__.replace('"""', "")
    forward = header(doc, sys.argv[1]) + ['#include "coord.h"', '#include "infos.h"', '#include "objects.h"', "",
                             "#include <limits.h>", ""]
    refuse = header(doc, sys.argv[1]) + ['#include "coord.h"', ""]
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
