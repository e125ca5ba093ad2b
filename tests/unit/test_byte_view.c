/* Unit test of coordlayer/src/byte_view.c: a datatype's byte view must have
 * the same size, lower bound and extent as the type, and take from memory
 * the same bytes in the same order: packing two elements of an arena of
 * random bytes through the view gives what MPI_Pack gives for the type.
 * Named types with a hole (MPI_SHORT_INT) included; and the prefix walk
 * (typemap_prefix.c) must give up on such a hole rather than take its
 * padding for data. */
#include "byte_view.h"
#include "typemap_prefix.h"

#include "test_datatypes.h"
#include "test_support.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA (1 << 20)
#define COUNT 2

static void check_view(const char *name, MPI_Datatype type, unsigned char *arena,
                       uint64_t *seed)
{
    MPI_Type_commit(&type);
    MPI_Datatype view = cl_type_byte_view(type);
    CHECK(view != MPI_DATATYPE_NULL, "%s: no byte view", name);
    if (view == MPI_DATATYPE_NULL)
        return;
    int size, vsize;
    MPI_Aint lb, extent, vlb, vextent, tlb, textent, vtlb, vtextent;
    MPI_Type_size(type, &size);
    MPI_Type_size(view, &vsize);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_extent(view, &vlb, &vextent);
    MPI_Type_get_true_extent(type, &tlb, &textent);
    MPI_Type_get_true_extent(view, &vtlb, &vtextent);
    CHECK(size == vsize, "%s: size %d, view %d", name, size, vsize);
    CHECK(lb == vlb && extent == vextent, "%s: bounds (%ld, %ld), view (%ld, %ld)", name,
          (long)lb, (long)extent, (long)vlb, (long)vextent);
    CHECK(tlb == vtlb && textent == vtextent, "%s: true bounds (%ld, %ld), view (%ld, %ld)",
          name, (long)tlb, (long)textent, (long)vtlb, (long)vtextent);

    unsigned char *base = arena + ARENA / 2; /* some types reach below the buffer */
    fill_random(arena, ARENA, seed);
    static unsigned char packed[ARENA], viewed[ARENA];
    int p1 = 0, p2 = 0;
    MPI_Pack(base, COUNT, type, packed, ARENA, &p1, MPI_COMM_SELF);
    MPI_Pack(base, COUNT, view, viewed, ARENA, &p2, MPI_COMM_SELF);
    CHECK(p1 == p2 && memcmp(packed, viewed, (size_t)p1) == 0,
          "%s: the view takes other bytes (%d and %d packed)", name, p1, p2);
    MPI_Type_free(&view);
    MPI_Type_free(&type);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    unsigned char *arena = malloc(ARENA);
    uint64_t seed = 0x2545f4914f6cdd1dull;
    MPI_Datatype t, inner, inner2;

    MPI_Type_dup(MPI_SHORT_INT, &t);
    check_view("MPI_SHORT_INT", t, arena, &seed);
    MPI_Type_vector(5, 2, 3, MPI_SHORT_INT, &t);
    check_view("vector of MPI_SHORT_INT", t, arena, &seed);
    MPI_Type_dup(MPI_DOUBLE_INT, &t);
    check_view("MPI_DOUBLE_INT", t, arena, &seed);
    MPI_Type_vector(8, 1, 2, MPI_C_DOUBLE_COMPLEX, &t);
    check_view("vector of complex", t, arena, &seed);

    /* struct {double; int}: 12 bytes of data, extent 16 from alignment. */
    int plens[] = {1, 1};
    MPI_Aint pdisps[] = {0, 8};
    MPI_Datatype ptypes[] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, plens, pdisps, ptypes, &t);
    check_view("struct {double; int}", t, arena, &seed);

    check_block_constructors(check_view, arena, &seed);

    /* Nested: a resized struct out of memory order, in a vector, dup'd,
     * inside a struct. */
    int slens[] = {1, 2, 3};
    MPI_Aint sdisps[] = {16, 0, 40};
    MPI_Datatype stypes[] = {MPI_DOUBLE, MPI_INT, MPI_CHAR};
    MPI_Type_create_struct(3, slens, sdisps, stypes, &inner);
    MPI_Type_create_resized(inner, -8, 64, &inner2);
    MPI_Type_free(&inner);
    MPI_Type_vector(3, 2, 4, inner2, &inner);
    MPI_Type_free(&inner2);
    MPI_Type_dup(inner, &inner2);
    MPI_Type_free(&inner);
    int nlens[] = {2, 1};
    MPI_Aint ndisps[] = {8, -500};
    MPI_Datatype ntypes[] = {MPI_SHORT, inner2};
    MPI_Type_create_struct(2, nlens, ndisps, ntypes, &t);
    check_view("nested struct of a dup'd vector of resized structs", t, arena, &seed);
    MPI_Type_free(&inner2);

    int sizes[] = {32, 32}, subsizes[] = {16, 16}, starts[] = {4, 4};
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &t);
    check_view("subarray", t, arena, &seed);
    int gsizes[] = {40, 30}, distribs[] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC},
        dargs[] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[] = {2, 3};
    MPI_Type_create_darray(6, 4, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_FORTRAN,
                           MPI_FLOAT, &t);
    check_view("darray", t, arena, &seed);

    /* The prefix walk must not take MPI_SHORT_INT's padding for data. */
    MPI_Type_contiguous(20, MPI_SHORT_INT, &t);
    MPI_Type_commit(&t);
    static struct cl_prefix prefix;
    CHECK(cl_type_prefix(t, CL_WIRE_LIMIT, &prefix) == -1,
          "contiguous MPI_SHORT_INT: the prefix walk should give up");
    MPI_Type_free(&t);

    free(arena);
    MPI_Finalize();
    return checks_summary("test_byte_view");
}
