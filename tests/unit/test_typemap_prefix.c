/* Unit test of coordlayer/src/typemap_prefix.c: the walk of a datatype's
 * first bytes of data must find the bytes MPI_Pack puts first, in the same
 * order, for the constructors it knows, and give up on the others.
 *
 * For each type: a buffer of random bytes is packed by MPI; the walk's
 * gather must equal the first bytes of that; a scatter of a pattern into
 * bytes [from, to) of the prefix, packed again, must show the pattern there
 * and the old bytes everywhere else. */
#include "coord.h"
#include "typemap_prefix.h"

#include "test_datatypes.h"
#include "test_support.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA (1 << 20)

/* Packs as many elements of type as hold `limit` bytes, from base. */
static int pack_prefix(MPI_Datatype type, const unsigned char *base, unsigned char *out,
                       int room)
{
    int size, position = 0;
    MPI_Type_size(type, &size);
    int count = (CL_WIRE_LIMIT + size - 1) / size;
    MPI_Pack(base, count, type, out, room, &position, MPI_COMM_SELF);
    return position;
}

static void check_type(const char *name, MPI_Datatype type, unsigned char *arena,
                       uint64_t *seed)
{
    MPI_Type_commit(&type);
    /* The buffer sits in the middle of the arena: some types reach below it. */
    unsigned char *base = arena + ARENA / 2;
    fill_random(arena, ARENA, seed);
    static unsigned char packed[ARENA], again[ARENA];
    int n = pack_prefix(type, base, packed, ARENA);
    CHECK(n >= CL_WIRE_LIMIT, "%s: packed only %d bytes", name, n);

    static struct cl_prefix prefix;
    CHECK(cl_type_prefix(type, CL_WIRE_LIMIT, &prefix) == 0, "%s: the walk gave up", name);
    unsigned char gathered[CL_WIRE_LIMIT];
    cl_prefix_gather(&prefix, base, gathered);
    CHECK(memcmp(gathered, packed, CL_WIRE_LIMIT) == 0,
          "%s: gathered bytes differ from MPI_Pack's (%d blocks)", name, prefix.n);

    /* Scatter a pattern into a few ranges of the prefix. */
    static const int ranges[][2] = {{0, CL_WIRE_LIMIT}, {0, 8}, {13, 21}, {CL_WIRE_LIMIT - 16, CL_WIRE_LIMIT},
                                        {7, CL_WIRE_LIMIT - 8}};
    for (unsigned r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        int from = ranges[r][0], to = ranges[r][1];
        unsigned char pattern[CL_WIRE_LIMIT];
        for (int i = 0; i < to - from; i++)
            pattern[i] = (unsigned char)(0xA5 ^ (i * 7 + r));
        cl_prefix_scatter(&prefix, base, pattern, from, to);
        pack_prefix(type, base, again, ARENA);
        int bad = -1;
        for (int i = 0; i < CL_WIRE_LIMIT && bad < 0; i++) {
            unsigned char want = i >= from && i < to ? pattern[i - from] : packed[i];
            if (again[i] != want)
                bad = i;
        }
        CHECK(bad < 0, "%s: scatter of [%d, %d) wrong at packed byte %d", name, from, to, bad);
        /* Put the old bytes back for the next range. */
        cl_prefix_scatter(&prefix, base, packed, 0, CL_WIRE_LIMIT);
    }
    MPI_Type_free(&type);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    unsigned char *arena = malloc(ARENA);
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    MPI_Datatype t, inner, inner2;

    MPI_Type_contiguous(300, MPI_BYTE, &t);
    check_type("contiguous bytes", t, arena, &seed);

    MPI_Type_vector(64, 1, 64, MPI_DOUBLE, &t); /* a matrix column: one large element */
    check_type("column", t, arena, &seed);

    MPI_Type_vector(1, 1, 64, MPI_DOUBLE, &inner);
    MPI_Type_create_resized(inner, 0, 64 * sizeof(double), &t); /* one value per row */
    check_type("resized column element", t, arena, &seed);
    MPI_Type_free(&inner);

    MPI_Type_vector(40, 3, 5, MPI_INT, &t);
    check_type("vector of ints", t, arena, &seed);

    check_block_constructors(check_type, arena, &seed);

    /* A record whose fields are declared out of memory order. */
    int slens[] = {1, 2, 3};
    MPI_Aint sdisps[] = {16, 0, 40};
    MPI_Datatype stypes[] = {MPI_DOUBLE, MPI_INT, MPI_CHAR};
    MPI_Type_create_struct(3, slens, sdisps, stypes, &inner);
    MPI_Type_create_resized(inner, 0, 48, &t);
    check_type("struct out of order, resized", t, arena, &seed);
    MPI_Type_free(&inner);

    /* Nested: a vector of those records, inside a struct with a dup. */
    MPI_Type_create_struct(3, slens, sdisps, stypes, &inner);
    MPI_Type_vector(3, 2, 4, inner, &inner2);
    MPI_Type_free(&inner);
    MPI_Type_dup(inner2, &inner);
    int nlens[] = {2, 1};
    MPI_Aint ndisps[] = {8, -500};
    MPI_Datatype ntypes[] = {MPI_SHORT, inner};
    MPI_Type_create_struct(2, nlens, ndisps, ntypes, &t);
    check_type("nested struct of a dup'd vector of structs", t, arena, &seed);
    MPI_Type_free(&inner);
    MPI_Type_free(&inner2);

    /* Subarray: not walked; the caller packs whole elements instead. */
    int sizes[] = {32, 32}, subsizes[] = {16, 16}, starts[] = {4, 4};
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    static struct cl_prefix prefix;
    CHECK(cl_type_prefix(t, CL_WIRE_LIMIT, &prefix) == -1, "subarray: the walk should give up");
    MPI_Type_free(&t);

    free(arena);
    MPI_Finalize();
    return checks_summary("test_typemap_prefix");
}
