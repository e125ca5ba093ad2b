/* Blocking point-to-point calls, probes and MPI_Wtime (p2p.c): what the
 * other wrappers share of them. */
#ifndef AALC_CL_P2P_H
#define AALC_CL_P2P_H

#include "coord.h"
#include "piggyback.h"

#include <mpi.h>

/* A point-to-point call's count, peer and tag, as MPI checks them;
 * a bad one raised on the communicator (table index): its code, else
 * MPI_SUCCESS. Checked before the layer counts a message to that peer. */
int cl_check_p2p(int comm, int count, int peer, int tag, int is_recv);
/* A message has arrived through `l`: count it, keep late data. */
void cl_arrived(struct cl_recv_layout *l, MPI_Status *st, int nbytes);
void cl_count_arrival(int comm, int source, int tag, const struct cl_header *h, const void *payload,
                      int nbytes);
/* A message that left MPI earlier (held after a probe, or late when
 * recovering) into the user's buffer: 1 if there was one. */
int cl_take_kept(int comm, int source, int tag, void *buf, int count, MPI_Datatype type,
                 MPI_Status *st);

#endif
