/* A derived datatype's constructor and arguments (type_contents.c), for
 * the walks over type maps. */
#ifndef AALC_CL_TYPE_CONTENTS_H
#define AALC_CL_TYPE_CONTENTS_H

#include <mpi.h>

/* cl_type_contents_get returns 0 for a named type (only combiner set;
 * nothing to free), else 1, and the caller frees with cl_type_contents_free. */
struct cl_type_contents {
    int combiner, ntypes;
    int *ints;
    MPI_Aint *aints;
    MPI_Datatype *types;
};
int cl_type_contents_get(MPI_Datatype t, struct cl_type_contents *c);
void cl_type_contents_free(struct cl_type_contents *c);
/* Datatype k of the library type t's contents: a new reference to it, as
 * MPI_Type_get_contents hands out (the others it returns are let go). */
MPI_Datatype cl_type_contents_of(MPI_Datatype t, int k);

#endif
