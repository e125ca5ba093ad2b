/* Persistent collectives (MPI 4's MPI_Allreduce_init and the rest).
 *
 * MPI_X_init records the call and its arguments; each MPI_Start starts the
 * non-blocking collective MPI_IX through the layer (nbcollectives.c), so
 * that every start is numbered, logged and replayed across the recovery
 * line like any other collective, and the persistent request is done when
 * that one is (requests.c). The record holds the program's own pointers and
 * handles: they are valid after a recovery, where the request comes back
 * from the image and is started again by the program.
 *
 * MPI matches persistent collectives by the order of their init calls, not
 * of their starts (MPICH's coll/p_order starts a broadcast and a barrier in
 * different orders on different ranks). So each request starts its
 * collectives on a duplicate of the communicator of its own, made by the
 * init call (a collective, as the init is) and freed with the request: the
 * n-th start of a request meets the n-th start of the same request on every
 * rank. */
#include "persistent_coll.h"

#include "comms.h"
#include "coord.h"
#include "handle_bits.h"
#include "requests.h"

#include <aalc/ckpt_layer_services.h>
#include <stdint.h>
#include <string.h>

/* Which arguments are datatypes: kept alive while the request exists, as
 * MPI keeps them (an MPI_Type_free after the init must not break a start). */
static const unsigned type_slots[CL_PCOLL_CALLS] = {
    [CL_PCOLL_BARRIER] = 0, [CL_PCOLL_BCAST] = 1u << 2,
    [CL_PCOLL_GATHER] = 1u << 2 | 1u << 5, [CL_PCOLL_GATHERV] = 1u << 2 | 1u << 6,
    [CL_PCOLL_SCATTER] = 1u << 2 | 1u << 5, [CL_PCOLL_SCATTERV] = 1u << 3 | 1u << 6,
    [CL_PCOLL_ALLGATHER] = 1u << 2 | 1u << 5, [CL_PCOLL_ALLGATHERV] = 1u << 2 | 1u << 6,
    [CL_PCOLL_ALLTOALL] = 1u << 2 | 1u << 5, [CL_PCOLL_ALLTOALLV] = 1u << 3 | 1u << 7,
    [CL_PCOLL_ALLTOALLW] = 0, [CL_PCOLL_ALLREDUCE] = 1u << 3, [CL_PCOLL_REDUCE] = 1u << 3,
    [CL_PCOLL_REDUCE_SCATTER] = 1u << 3, [CL_PCOLL_REDUCE_SCATTER_BLOCK] = 1u << 3,
    [CL_PCOLL_SCAN] = 1u << 3, [CL_PCOLL_EXSCAN] = 1u << 3,
    [CL_PCOLL_NEIGHBOR_ALLGATHER] = 1u << 2 | 1u << 5,
    [CL_PCOLL_NEIGHBOR_ALLGATHERV] = 1u << 2 | 1u << 6,
    [CL_PCOLL_NEIGHBOR_ALLTOALL] = 1u << 2 | 1u << 5,
    [CL_PCOLL_NEIGHBOR_ALLTOALLV] = 1u << 3 | 1u << 7, [CL_PCOLL_NEIGHBOR_ALLTOALLW] = 0};

/* The communicator is the last argument of every call. */
static const int comm_slot[CL_PCOLL_CALLS] = {
    [CL_PCOLL_BARRIER] = 0, [CL_PCOLL_BCAST] = 4, [CL_PCOLL_GATHER] = 7,
    [CL_PCOLL_GATHERV] = 8, [CL_PCOLL_SCATTER] = 7, [CL_PCOLL_SCATTERV] = 8,
    [CL_PCOLL_ALLGATHER] = 6, [CL_PCOLL_ALLGATHERV] = 7, [CL_PCOLL_ALLTOALL] = 6,
    [CL_PCOLL_ALLTOALLV] = 8, [CL_PCOLL_ALLTOALLW] = 8, [CL_PCOLL_ALLREDUCE] = 5,
    [CL_PCOLL_REDUCE] = 6, [CL_PCOLL_REDUCE_SCATTER] = 5, [CL_PCOLL_REDUCE_SCATTER_BLOCK] = 5,
    [CL_PCOLL_SCAN] = 5, [CL_PCOLL_EXSCAN] = 5, [CL_PCOLL_NEIGHBOR_ALLGATHER] = 6,
    [CL_PCOLL_NEIGHBOR_ALLGATHERV] = 7, [CL_PCOLL_NEIGHBOR_ALLTOALL] = 6,
    [CL_PCOLL_NEIGHBOR_ALLTOALLV] = 8, [CL_PCOLL_NEIGHBOR_ALLTOALLW] = 8};

int cl_pcoll_valid(const struct cl_pcoll *p)
{
    return p->call >= 0 && p->call < CL_PCOLL_CALLS;
}

MPI_Comm cl_pcoll_comm(const struct cl_pcoll *p)
{
    return (MPI_Comm)p->a[comm_slot[p->call]];
}

void cl_pcoll_each_datatype(const struct cl_pcoll *p, void (*fn)(void *ctx, MPI_Datatype type),
                            void *ctx)
{
    for (int k = 0; k < CL_PCOLL_ARGS; k++)
        if (type_slots[p->call] & 1u << k)
            fn(ctx, (MPI_Datatype)p->a[k]);
}

/* Arguments back to their C types. */
#define PTR(k) ((void *)(intptr_t)a[k])
#define INT(k) ((int)a[k])
#define TYPE(k) ((MPI_Datatype)a[k])
#define OP(k) ((MPI_Op)a[k])
#define COMM(k) ((MPI_Comm)a[k])

int cl_pcoll_start(const struct cl_pcoll *p, MPI_Request *inner)
{
    const int64_t *a = p->a;
    switch (p->call) {
    case CL_PCOLL_BARRIER: return MPI_Ibarrier(COMM(0), inner);
    case CL_PCOLL_BCAST: return MPI_Ibcast(PTR(0), INT(1), TYPE(2), INT(3), COMM(4), inner);
    case CL_PCOLL_GATHER:
        return MPI_Igather(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5), INT(6), COMM(7),
                           inner);
    case CL_PCOLL_GATHERV:
        return MPI_Igatherv(PTR(0), INT(1), TYPE(2), PTR(3), PTR(4), PTR(5), TYPE(6), INT(7),
                            COMM(8), inner);
    case CL_PCOLL_SCATTER:
        return MPI_Iscatter(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5), INT(6), COMM(7),
                            inner);
    case CL_PCOLL_SCATTERV:
        return MPI_Iscatterv(PTR(0), PTR(1), PTR(2), TYPE(3), PTR(4), INT(5), TYPE(6), INT(7),
                             COMM(8), inner);
    case CL_PCOLL_ALLGATHER:
        return MPI_Iallgather(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5), COMM(6), inner);
    case CL_PCOLL_ALLGATHERV:
        return MPI_Iallgatherv(PTR(0), INT(1), TYPE(2), PTR(3), PTR(4), PTR(5), TYPE(6),
                               COMM(7), inner);
    case CL_PCOLL_ALLTOALL:
        return MPI_Ialltoall(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5), COMM(6), inner);
    case CL_PCOLL_ALLTOALLV:
        return MPI_Ialltoallv(PTR(0), PTR(1), PTR(2), TYPE(3), PTR(4), PTR(5), PTR(6), TYPE(7),
                              COMM(8), inner);
    case CL_PCOLL_ALLTOALLW:
        return MPI_Ialltoallw(PTR(0), PTR(1), PTR(2), PTR(3), PTR(4), PTR(5), PTR(6), PTR(7),
                              COMM(8), inner);
    case CL_PCOLL_ALLREDUCE:
        return MPI_Iallreduce(PTR(0), PTR(1), INT(2), TYPE(3), OP(4), COMM(5), inner);
    case CL_PCOLL_REDUCE:
        return MPI_Ireduce(PTR(0), PTR(1), INT(2), TYPE(3), OP(4), INT(5), COMM(6), inner);
    case CL_PCOLL_REDUCE_SCATTER:
        return MPI_Ireduce_scatter(PTR(0), PTR(1), PTR(2), TYPE(3), OP(4), COMM(5), inner);
    case CL_PCOLL_REDUCE_SCATTER_BLOCK:
        return MPI_Ireduce_scatter_block(PTR(0), PTR(1), INT(2), TYPE(3), OP(4), COMM(5), inner);
    case CL_PCOLL_SCAN:
        return MPI_Iscan(PTR(0), PTR(1), INT(2), TYPE(3), OP(4), COMM(5), inner);
    case CL_PCOLL_EXSCAN:
        return MPI_Iexscan(PTR(0), PTR(1), INT(2), TYPE(3), OP(4), COMM(5), inner);
    case CL_PCOLL_NEIGHBOR_ALLGATHER:
        return MPI_Ineighbor_allgather(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5),
                                       COMM(6), inner);
    case CL_PCOLL_NEIGHBOR_ALLGATHERV:
        return MPI_Ineighbor_allgatherv(PTR(0), INT(1), TYPE(2), PTR(3), PTR(4), PTR(5),
                                        TYPE(6), COMM(7), inner);
    case CL_PCOLL_NEIGHBOR_ALLTOALL:
        return MPI_Ineighbor_alltoall(PTR(0), INT(1), TYPE(2), PTR(3), INT(4), TYPE(5), COMM(6),
                                      inner);
    case CL_PCOLL_NEIGHBOR_ALLTOALLV:
        return MPI_Ineighbor_alltoallv(PTR(0), PTR(1), PTR(2), TYPE(3), PTR(4), PTR(5), PTR(6),
                                       TYPE(7), COMM(8), inner);
    case CL_PCOLL_NEIGHBOR_ALLTOALLW:
        return MPI_Ineighbor_alltoallw(PTR(0), PTR(1), PTR(2), PTR(3), PTR(4), PTR(5), PTR(6),
                                       PTR(7), COMM(8), inner);
    }
    ckpt_fatal("internal error: persistent collective %d unknown", p->call);
}

/* ---- the init calls: recorded, nothing started ---- */

static int recorded(int call, const int64_t *args, int nargs, MPI_Request *request)
{
    cl_poll();
    struct cl_pcoll p = {.call = call};
    memcpy(p.a, args, sizeof *args * (size_t)nargs);
    p.a[comm_slot[call]] = CL_ARG(cl_comm_dup_private(cl_pcoll_comm(&p)));
    *request = cl_request_persistent_collective(&p);
    return MPI_SUCCESS;
}

/* A pointer or a handle as an argument. */
#define P(x) ((int64_t)(intptr_t)(x))
#define RECORD(call, request, ...)                                                             \
    recorded(call, (int64_t[]){__VA_ARGS__}, (int)(sizeof((int64_t[]){__VA_ARGS__}) /         \
                                                   sizeof(int64_t)),                           \
             request)

int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info; /* hints only */
    return RECORD(CL_PCOLL_BARRIER, request, P(comm));
}

int MPI_Bcast_init(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                   MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_BCAST, request, P(buf), count, P(type), root, P(comm));
}

int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_GATHER, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  recvcount, P(recvtype), root, P(comm));
}

int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_GATHERV, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  P(recvcounts), P(displs), P(recvtype), root, P(comm));
}

int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_SCATTER, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  recvcount, P(recvtype), root, P(comm));
}

int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_SCATTERV, request, P(sendbuf), P(sendcounts), P(displs), P(sendtype),
                  P(recvbuf), recvcount, P(recvtype), root, P(comm));
}

int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLGATHER, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  recvcount, P(recvtype), P(comm));
}

int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLGATHERV, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  P(recvcounts), P(displs), P(recvtype), P(comm));
}

int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLTOALL, request, P(sendbuf), sendcount, P(sendtype), P(recvbuf),
                  recvcount, P(recvtype), P(comm));
}

int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                       MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                       const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                       MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLTOALLV, request, P(sendbuf), P(sendcounts), P(sdispls), P(sendtype),
                  P(recvbuf), P(recvcounts), P(rdispls), P(recvtype), P(comm));
}

int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                       MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLTOALLW, request, P(sendbuf), P(sendcounts), P(sdispls),
                  P(P(sendtypes)), P(recvbuf), P(recvcounts), P(rdispls), P(P(recvtypes)), P(comm));
}

int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_ALLREDUCE, request, P(sendbuf), P(recvbuf), count, P(type), P(op), P(comm));
}

int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_REDUCE, request, P(sendbuf), P(recvbuf), count, P(type), P(op), root,
                  P(comm));
}

int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Info info,
                            MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_REDUCE_SCATTER, request, P(sendbuf), P(recvbuf), P(recvcounts), P(type),
                  P(op), P(comm));
}

int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                  MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_REDUCE_SCATTER_BLOCK, request, P(sendbuf), P(recvbuf), recvcount,
                  P(type), P(op), P(comm));
}

int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_SCAN, request, P(sendbuf), P(recvbuf), count, P(type), P(op), P(comm));
}

int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_EXSCAN, request, P(sendbuf), P(recvbuf), count, P(type), P(op), P(comm));
}

int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_NEIGHBOR_ALLGATHER, request, P(sendbuf), sendcount, P(sendtype),
                  P(recvbuf), recvcount, P(recvtype), P(comm));
}

int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const int recvcounts[], const int displs[],
                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_NEIGHBOR_ALLGATHERV, request, P(sendbuf), sendcount, P(sendtype),
                  P(recvbuf), P(recvcounts), P(displs), P(recvtype), P(comm));
}

int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_NEIGHBOR_ALLTOALL, request, P(sendbuf), sendcount, P(sendtype),
                  P(recvbuf), recvcount, P(recvtype), P(comm));
}

int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[],
                                const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int rdispls[],
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_NEIGHBOR_ALLTOALLV, request, P(sendbuf), P(sendcounts), P(sdispls),
                  P(sendtype), P(recvbuf), P(recvcounts), P(rdispls), P(recvtype), P(comm));
}

int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                MPI_Request *request)
{
    (void)info;
    return RECORD(CL_PCOLL_NEIGHBOR_ALLTOALLW, request, P(sendbuf), P(sendcounts), P(sdispls),
                  P(P(sendtypes)), P(recvbuf), P(recvcounts), P(rdispls), P(P(recvtypes)), P(comm));
}
