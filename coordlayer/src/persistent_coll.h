/* Persistent collectives: what MPI_X_init recorded, and how a start
 * becomes the non-blocking collective MPI_IX (persistent_coll.c). The
 * request itself lives in requests.c. */
#ifndef AALC_PERSISTENT_COLL_H
#define AALC_PERSISTENT_COLL_H

#include <mpi.h>
#include <stdint.h>

enum cl_pcoll_call {
    CL_PCOLL_BARRIER, CL_PCOLL_BCAST, CL_PCOLL_GATHER, CL_PCOLL_GATHERV, CL_PCOLL_SCATTER,
    CL_PCOLL_SCATTERV, CL_PCOLL_ALLGATHER, CL_PCOLL_ALLGATHERV, CL_PCOLL_ALLTOALL,
    CL_PCOLL_ALLTOALLV, CL_PCOLL_ALLTOALLW, CL_PCOLL_ALLREDUCE, CL_PCOLL_REDUCE,
    CL_PCOLL_REDUCE_SCATTER, CL_PCOLL_REDUCE_SCATTER_BLOCK, CL_PCOLL_SCAN, CL_PCOLL_EXSCAN,
    CL_PCOLL_NEIGHBOR_ALLGATHER, CL_PCOLL_NEIGHBOR_ALLGATHERV, CL_PCOLL_NEIGHBOR_ALLTOALL,
    CL_PCOLL_NEIGHBOR_ALLTOALLV, CL_PCOLL_NEIGHBOR_ALLTOALLW, CL_PCOLL_CALLS
};

#define CL_PCOLL_ARGS 10
/* The call and its arguments as the program passed them (pointers as
 * addresses, handles the program's): saved in the image as is. */
struct cl_pcoll {
    int32_t call, unused;
    int64_t a[CL_PCOLL_ARGS];
};

/* Starts the non-blocking collective; *inner is its (layer) request. */
int cl_pcoll_start(const struct cl_pcoll *p, MPI_Request *inner);
int cl_pcoll_valid(const struct cl_pcoll *p); /* a record from an image */
/* The request's own duplicate of the program's communicator. */
MPI_Comm cl_pcoll_comm(const struct cl_pcoll *p);
void cl_pcoll_each_datatype(const struct cl_pcoll *p, void (*fn)(void *ctx, MPI_Datatype type),
                            void *ctx);
/* Its request: cl_request_persistent_collective (requests.h). */

#endif
