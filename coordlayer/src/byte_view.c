/* A datatype's byte view: the same type map, lower bound and extent, built
 * from MPI_BYTE instead of the program's basic types.
 *
 * A direct receive (piggyback.c) is posted into the program's buffer before
 * it is known whether the message carries a header. A message with a header
 * (2 + n or 12 bytes) need not split into whole basic elements of the
 * program's type (a struct {double; int} takes 12 bytes per element), and
 * MPI refuses such a message as truncated. Through the byte view any length
 * is accepted, and data that came alone lands exactly where the program's
 * type would have put it (one node: no representation conversion). The
 * view is rebuilt with the same constructors, level by level, each resized
 * to the original's bounds (a struct of bytes has no alignment padding). */
#include "byte_view.h"

#include "type_contents.h"


#include <aalc/ckpt_layer_services.h>
#include <stddef.h>

static MPI_Datatype view_of(MPI_Datatype t);

/* v, given t's bounds; frees v's handle when a new one is made. */
static MPI_Datatype with_bounds_of(MPI_Datatype t, MPI_Datatype v)
{
    MPI_Aint lb, extent, vlb, vextent;
    PMPI_Type_get_extent(t, &lb, &extent);
    PMPI_Type_get_extent(v, &vlb, &vextent);
    if (lb == vlb && extent == vextent)
        return v;
    MPI_Datatype resized;
    PMPI_Type_create_resized(v, lb, extent, &resized);
    PMPI_Type_free(&v);
    return resized;
}

/* A named type: its bytes, unless they have holes. MPI_SHORT_INT is the one
 * pair type with a hole inside (a short, padding, an int). */
static MPI_Datatype named_view(MPI_Datatype t)
{
    struct short_int { short s; int i; };
    int size;
    MPI_Aint tlb, textent;
    MPI_Datatype v;
    PMPI_Type_size(t, &size);
    PMPI_Type_get_true_extent(t, &tlb, &textent);
    if (t == MPI_SHORT_INT) {
        int lengths[2] = {(int)sizeof(short), (int)sizeof(int)};
        MPI_Aint disps[2] = {offsetof(struct short_int, s), offsetof(struct short_int, i)};
        PMPI_Type_create_hindexed(2, lengths, disps, MPI_BYTE, &v);
    } else if (size > 0 && tlb == 0 && textent == size) {
        PMPI_Type_contiguous(size, MPI_BYTE, &v);
    } else {
        return MPI_DATATYPE_NULL;
    }
    return with_bounds_of(t, v);
}

static void free_views(MPI_Datatype *views, int n)
{
    for (int i = 0; i < n; i++)
        if (views[i] != MPI_DATATYPE_NULL)
            PMPI_Type_free(&views[i]);
}

static MPI_Datatype view_of(MPI_Datatype t)
{
    struct cl_type_contents c;
    if (!cl_type_contents_get(t, &c))
        return named_view(t);
    const int *ints = c.ints;
    const MPI_Aint *aints = c.aints;
    int nd = c.ntypes, combiner = c.combiner;
    MPI_Datatype *types = c.types;
    MPI_Datatype *views = ckpt_untracked_malloc(sizeof(MPI_Datatype) * (size_t)(nd + 1));
    int ok = 1;
    for (int i = 0; i < nd; i++) {
        views[i] = ok ? view_of(types[i]) : MPI_DATATYPE_NULL;
        ok = ok && views[i] != MPI_DATATYPE_NULL;
    }
    MPI_Datatype v = MPI_DATATYPE_NULL;
    int rc = MPI_ERR_TYPE;
    if (ok) {
        switch (combiner) {
        case MPI_COMBINER_DUP:
            rc = PMPI_Type_dup(views[0], &v);
            break;
        case MPI_COMBINER_RESIZED:
            rc = PMPI_Type_create_resized(views[0], aints[0], aints[1], &v);
            break;
        case MPI_COMBINER_CONTIGUOUS:
            rc = PMPI_Type_contiguous(ints[0], views[0], &v);
            break;
        case MPI_COMBINER_VECTOR:
            rc = PMPI_Type_vector(ints[0], ints[1], ints[2], views[0], &v);
            break;
        case MPI_COMBINER_HVECTOR:
            rc = PMPI_Type_create_hvector(ints[0], ints[1], aints[0], views[0], &v);
            break;
        case MPI_COMBINER_INDEXED:
            rc = PMPI_Type_indexed(ints[0], ints + 1, ints + 1 + ints[0], views[0], &v);
            break;
        case MPI_COMBINER_HINDEXED:
            rc = PMPI_Type_create_hindexed(ints[0], ints + 1, aints, views[0], &v);
            break;
        case MPI_COMBINER_INDEXED_BLOCK:
            rc = PMPI_Type_create_indexed_block(ints[0], ints[1], ints + 2, views[0], &v);
            break;
        case MPI_COMBINER_HINDEXED_BLOCK:
            rc = PMPI_Type_create_hindexed_block(ints[0], ints[1], aints, views[0], &v);
            break;
        case MPI_COMBINER_STRUCT:
            rc = PMPI_Type_create_struct(ints[0], ints + 1, aints, views, &v);
            break;
        case MPI_COMBINER_SUBARRAY: {
            int n = ints[0];
            rc = PMPI_Type_create_subarray(n, ints + 1, ints + 1 + n, ints + 1 + 2 * n,
                                           ints[1 + 3 * n], views[0], &v);
            break;
        }
        case MPI_COMBINER_DARRAY: {
            int n = ints[2];
            rc = PMPI_Type_create_darray(ints[0], ints[1], n, ints + 3, ints + 3 + n,
                                         ints + 3 + 2 * n, ints + 3 + 3 * n, ints[3 + 4 * n],
                                         views[0], &v);
            break;
        }
        default: /* Fortran types: no view, the program's type is used */
            break;
        }
    }
    free_views(views, nd); /* the new type holds what it needs of them */
    cl_type_contents_free(&c);
    ckpt_untracked_free(views);
    if (rc != MPI_SUCCESS || v == MPI_DATATYPE_NULL)
        return MPI_DATATYPE_NULL;
    return with_bounds_of(t, v);
}

MPI_Datatype cl_type_byte_view(MPI_Datatype real)
{
    MPI_Datatype v = view_of(real);
    if (v != MPI_DATATYPE_NULL)
        PMPI_Type_commit(&v);
    return v;
}
