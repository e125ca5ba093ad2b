/* Error handlers on communicators, called with the program's handles
 * (errhandlers.c). */
#ifndef AALC_CL_ERRHANDLERS_H
#define AALC_CL_ERRHANDLERS_H

#include <mpi.h>

/* What the library calls for every error handler the program made; and an
 * error the layer found, raised on a communicator (table index) as MPI
 * would: its handler runs, the code is returned. */
void cl_errhandler_trampoline(MPI_Comm *real, int *code, ...);
int cl_comm_error(int comm, int code);

#endif
