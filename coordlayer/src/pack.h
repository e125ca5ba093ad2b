/* Packing the program's buffers, MPI_BOTTOM included (pack.c). */
#ifndef AALC_CL_PACK_H
#define AALC_CL_PACK_H

#include <mpi.h>

/* MPI_Pack and MPI_Unpack (on MPI_COMM_WORLD) of the library's
 * type `real`, MPI_BOTTOM included. */
int cl_pack(const void *buf, int count, MPI_Datatype real, void *out, int outsize, int *position);
int cl_unpack(const void *in, int insize, int *position, void *buf, int count, MPI_Datatype real);

#endif
