/* MPI_Info objects (infos.c) under handles that stay valid across recovery. */
#ifndef AALC_CL_INFOS_H
#define AALC_CL_INFOS_H

#include <mpi.h>
#include <stddef.h>

/* The library's info for a handle the program passes (MPI_INFO_NULL and
 * MPI_INFO_ENV pass unchanged); stops the program on a handle it does not
 * have. */
MPI_Info cl_real_info(MPI_Info info);
/* A new communicator's hints as the library gets them: without
 * mpi_assert_allow_overtaking, which would let it match one sender's
 * messages out of order, and the protocol relies on that order
 * (requests.c, registries.h). When the key was there, a copy without it
 * (*made = 1: the caller frees it after the call); else cl_real_info's. */
MPI_Info cl_comm_hints(MPI_Info info, int *made);
/* The program's handle for an info the library made for it (MPI_Comm_get_info,
 * MPI_File_get_info). */
MPI_Info cl_info_adopt(MPI_Info real);

/* Image: every live info's keys and values; loading makes them anew. */
void cl_infos_save(void **bytes, size_t *n);
int cl_infos_load(const void *bytes, size_t n);

#endif
