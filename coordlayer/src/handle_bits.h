/* An MPI handle as an integer, whatever the MPI makes of it, and the
 * virtual handles the layer gives the program in its place.
 *
 * MPICH's handles are ints whose top bits name the kind of object; Open
 * MPI's are pointers to the library's structures (predefined ones point at
 * its globals, which stay put across runs: the runtime starts every run
 * without address randomization). The layer handles both as cl_bits, and
 * makes its virtual handles so that no handle of the library can equal one:
 *   MPICH     MPICH's prefix of the kind | 0x00F00000 | index (20 bits), a
 *             mark no MPICH handle of a user object carries at this size;
 *   Open MPI  0xC1A0 in the top 16 bits (not a canonical x86-64 address,
 *             so never a pointer) | the kind << 32 | index. */
#ifndef AALC_HANDLE_BITS_H
#define AALC_HANDLE_BITS_H

#include <mpi.h>
#include <stdint.h>

typedef uintptr_t cl_bits;

/* A virtual handle's table index: its low 20 bits. */
#define CL_VIRTUAL_INDEX 0xFFFFF

/* The kinds of objects with virtual handles (MPI_Info's are kept by infos.c). */
enum cl_object_kind { CL_OBJ_COMM, CL_OBJ_GROUP, CL_OBJ_TYPE, CL_OBJ_OP, CL_OBJ_ERRHANDLER,
                      CL_OBJ_SESSION, CL_OBJ_KINDS, CL_OBJ_INFO = CL_OBJ_KINDS };

#if defined(OPEN_MPI) && OPEN_MPI
#define CL_BITS(h) ((cl_bits)(h))
#define CL_HANDLE(type, bits) ((type)(cl_bits)(bits))
#define CL_VIRTUAL_SELECT ((cl_bits)0xFFFFFFFF00000000ULL)
static inline cl_bits cl_virtual_base(int kind)
{
    return (cl_bits)0xC1A0000000000000ULL | (cl_bits)kind << 32;
}
#else
_Static_assert(sizeof(MPI_Comm) == sizeof(int) && sizeof(MPI_Datatype) == sizeof(int) &&
                   sizeof(MPI_Op) == sizeof(int) && sizeof(MPI_Group) == sizeof(int),
               "the coordination layer knows two kinds of MPI handles: MPICH's integers and "
               "Open MPI's pointers");
#define CL_BITS(h) ((cl_bits)(unsigned)(h))
#define CL_HANDLE(type, bits) ((type)(unsigned)(bits))
#define CL_VIRTUAL_SELECT ((cl_bits)0xFFF00000u)
/* MPICH's handle prefix per kind, with the mark; a constant, so that the
 * test of a predefined handle (on every call) folds to one compare. */
static inline cl_bits cl_virtual_base(int kind)
{
    static const unsigned prefix[CL_OBJ_KINDS + 1] = {
        [CL_OBJ_COMM] = 0x84000000u, [CL_OBJ_GROUP] = 0x88000000u,
        [CL_OBJ_TYPE] = 0x8c000000u, [CL_OBJ_OP] = 0x98000000u,
        [CL_OBJ_ERRHANDLER] = 0x94000000u, [CL_OBJ_SESSION] = 0xb8000000u,
        [CL_OBJ_INFO] = 0x9c000000u};
    return prefix[kind] | 0x00F00000u;
}
#endif

/* A handle as a recipe argument (objects.h), and back. */
#define CL_ARG(h) ((int64_t)CL_BITS(h))
#define CL_ARG_HANDLE(type, arg) CL_HANDLE(type, (cl_bits)(arg))

static inline int cl_bits_virtual(cl_bits handle, int kind)
{
    return (handle & CL_VIRTUAL_SELECT) == cl_virtual_base(kind);
}
static inline int cl_bits_index(cl_bits handle) { return (int)(handle & CL_VIRTUAL_INDEX); }
static inline cl_bits cl_bits_virtual_of(int index, int kind)
{
    return cl_virtual_base(kind) | (cl_bits)index;
}

#endif
