/* Communicators and groups (comms.c): made through the library, recorded as
 * splits of their parent, handed to the program as virtual handles. */
#ifndef AALC_CL_COMMS_H
#define AALC_CL_COMMS_H

#include <mpi.h>
#include <stdint.h>

struct cl_coll;
struct cl_idup;

/* The library made `real` (maybe MPI_COMM_NULL) by the collective c; it is
 * recorded, even for a rank left out, which must take part again on
 * recovery. Returns the program's handle. */
MPI_Comm cl_comm_made(struct cl_coll *c, MPI_Comm real, int call, const int64_t *args, int nargs);
/* A recipe's colour and key: the world rank of the new communicator's rank
 * 0 and this rank's place in it, so that a split rebuilds its members in
 * order (MPI_UNDEFINED for a rank left out). */
void cl_comm_membership(MPI_Comm real, int64_t *color, int64_t *key);
/* A duplicate for the layer's own use (no attributes copied), recorded and
 * counted like MPI_Comm_dup. */
MPI_Comm cl_comm_dup_private(MPI_Comm comm);
/* MPI_Comm_idup's request is done (requests.c): the communicator is
 * recorded and given to the program. */
void cl_comm_idup_completed(struct cl_idup *d);

#endif
