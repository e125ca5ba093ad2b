/* A datatype's byte view (byte_view.c): the same type map built from
 * MPI_BYTE. */
#ifndef AALC_CL_BYTE_VIEW_H
#define AALC_CL_BYTE_VIEW_H

#include <mpi.h>

/* The library's type `real` with MPI_BYTE for its basic types
 * (same type map and bounds), committed; MPI_DATATYPE_NULL where it cannot
 * be built (Fortran types, named types with holes other than MPI_SHORT_INT).
 * The caller frees it. */
MPI_Datatype cl_type_byte_view(MPI_Datatype real);

#endif
