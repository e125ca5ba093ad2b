/* Derived datatypes and user-defined reductions (datatypes.c). */
#ifndef AALC_CL_DATATYPES_H
#define AALC_CL_DATATYPES_H

#include <mpi.h>

/* A duplicate of a derived type for the layer's own use. */
MPI_Datatype cl_type_dup_private(MPI_Datatype type);

#endif
