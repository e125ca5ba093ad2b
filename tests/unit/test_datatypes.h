/* Derived datatypes that the unit tests of the type-map walks
 * (typemap_prefix.c, byte_view.c) both check: one of each block
 * constructor, with odd strides, unsorted and negative displacements. */
#ifndef AALC_TEST_DATATYPES_H
#define AALC_TEST_DATATYPES_H

#include <mpi.h>
#include <stdint.h>

/* Checks one type and frees it. */
typedef void (*check_type_fn)(const char *name, MPI_Datatype type, unsigned char *arena,
                              uint64_t *seed);

static inline void check_block_constructors(check_type_fn check, unsigned char *arena,
                                            uint64_t *seed)
{
    MPI_Datatype t;
    MPI_Type_create_hvector(30, 2, 37, MPI_SHORT, &t);
    check("hvector, odd stride", t, arena, seed);

    int blocklens[] = {3, 1, 4, 1, 5, 9, 2, 6}, disps[] = {50, 0, 20, 90, 7, 30, 70, 200};
    MPI_Type_indexed(8, blocklens, disps, MPI_FLOAT, &t);
    check("indexed, unsorted", t, arena, seed);

    MPI_Aint hdisps[] = {-64, 100, 3, 400, 211, 17, 90, 1000};
    MPI_Type_create_hindexed(8, blocklens, hdisps, MPI_CHAR, &t);
    check("hindexed, negative displacement", t, arena, seed);

    int bdisps[] = {9, 2, 30, 15};
    MPI_Type_create_indexed_block(4, 3, bdisps, MPI_DOUBLE, &t);
    check("indexed block", t, arena, seed);

    MPI_Aint bhdisps[] = {40, -8, 200, 120};
    MPI_Type_create_hindexed_block(4, 5, bhdisps, MPI_INT, &t);
    check("hindexed block", t, arena, seed);
}

#endif
