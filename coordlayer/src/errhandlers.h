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
/* A reference to a handler the program made, held by the layer for a file
 * it is set on (predefined handlers are passed over); released, the
 * handler goes with its last reference, as MPI_Errhandler_free does it. */
void cl_errhandler_hold(MPI_Errhandler errhandler);
int cl_errhandler_release(MPI_Errhandler errhandler);

#endif
