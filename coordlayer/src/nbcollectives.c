/* Non-blocking collectives: numbered when started, like the blocking ones
 * (coll.h); the request the program gets completes through requests.c, and
 * the result is logged at completion when it must be. Served from the log
 * on recovery, the request is complete at once: the output buffer may hold
 * the result early, since the program must not read it before completion. */
#include "coll.h"

#include "objects.h"
#include "requests.h"
#include "topologies.h"

#include <aalc/ckpt_layer_services.h>


/* The request for a collective just started (or served from the log). */
static int started(struct cl_coll *c, int replay, int rc, MPI_Request real,
                   const struct cl_block *out, int nout, MPI_Request *request)
{
    if (replay) {
        cl_coll_replay(c, out, nout);
        *request = cl_request_collective(NULL, MPI_REQUEST_NULL);
        return MPI_SUCCESS;
    }
    *request = cl_request_collective(cl_coll_nb_new(c, out, nout), real);
    return rc;
}


static int started_blocks(struct cl_coll *c, int replay, int rc, MPI_Request real,
                          struct cl_block *out, int nout, MPI_Request *request)
{
    rc = started(c, replay, rc, real, out, nout, request);
    ckpt_untracked_free(out);
    return rc;
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ibarrier"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Ibarrier(c.real, &real);
    return started(&c, replay, rc, real, NULL, 0, request);
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
               MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {buf, count, type};
    int replay = cl_coll_begin(&c, comm, "MPI_Ibcast"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Ibcast(buf, count, cl_real_type(type), root, c.real, &real);
    return started(&c, replay, rc, real, &out, cl_coll_from_root(root), request);
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, count, type};
    int replay = cl_coll_begin(&c, comm, "MPI_Iallreduce"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Iallreduce(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real,
                             &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ireduce"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, count, type};
    int nout = cl_coll_is_root(&c, root);
    if (!replay)
        rc = PMPI_Ireduce(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), root,
                          c.real, &real);
    return started(&c, replay, rc, real, &out, nout, request);
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
              MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, count, type};
    int replay = cl_coll_begin(&c, comm, "MPI_Iscan"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Iscan(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real,
                        &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, count, type};
    int replay = cl_coll_begin(&c, comm, "MPI_Iexscan"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Iexscan(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real,
                          &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                              MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, recvcount, type};
    int replay = cl_coll_begin(&c, comm, "MPI_Ireduce_scatter_block"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, cl_real_type(type),
                                        cl_real_op(op), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ireduce_scatter"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, recvcounts[cl_coll_rank(&c)], type};
    if (!replay)
        rc = PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, cl_real_type(type),
                                  cl_real_op(op), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Igather"), rc = MPI_SUCCESS;
    int nout = cl_coll_is_root(&c, root);
    struct cl_block out = {recvbuf, nout ? recvcount * cl_coll_size(&c) : 0, recvtype};
    if (!replay)
        rc = PMPI_Igather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                          cl_real_type(recvtype), root, c.real, &real);
    return started(&c, replay, rc, real, &out, nout, request);
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Igatherv"), rc = MPI_SUCCESS;
    int n = cl_coll_is_root(&c, root) ? cl_coll_size(&c) : 0;
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n);
    if (!replay)
        rc = PMPI_Igatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcounts,
                           displs, cl_real_type(recvtype), root, c.real, &real);
    return started_blocks(&c, replay, rc, real, out, n, request);
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, recvcount, recvtype};
    int replay = cl_coll_begin(&c, comm, "MPI_Iscatter"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Iscatter(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                           cl_real_type(recvtype), root, c.real, &real);
    return started(&c, replay, rc, real, &out, cl_coll_from_root(root), request);
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    struct cl_block out = {recvbuf, recvcount, recvtype};
    int replay = cl_coll_begin(&c, comm, "MPI_Iscatterv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Iscatterv(sendbuf, sendcounts, displs, cl_real_type(sendtype), recvbuf,
                            recvcount, cl_real_type(recvtype), root, c.real, &real);
    return started(&c, replay, rc, real, &out, cl_coll_from_root(root), request);
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Iallgather"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, recvcount * cl_coll_size(&c), recvtype};
    if (!replay)
        rc = PMPI_Iallgather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                             cl_real_type(recvtype), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Iallgatherv"), rc = MPI_SUCCESS;
    int n = cl_coll_size(&c);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n);
    if (!replay)
        rc = PMPI_Iallgatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcounts,
                              displs, cl_real_type(recvtype), c.real, &real);
    return started_blocks(&c, replay, rc, real, out, n, request);
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ialltoall"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, recvcount * cl_coll_size(&c), recvtype};
    if (!replay)
        rc = PMPI_Ialltoall(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                            cl_real_type(recvtype), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ialltoallv"), rc = MPI_SUCCESS;
    int n = cl_coll_size(&c);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, rdispls, recvtype, n);
    if (!replay)
        rc = PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, cl_real_type(sendtype), recvbuf,
                             recvcounts, rdispls, cl_real_type(recvtype), c.real, &real);
    return started_blocks(&c, replay, rc, real, out, n, request);
}

/* The library reads the datatype arrays until completion: the translated
 * ones live with the request. */
int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ialltoallw"), rc = MPI_SUCCESS;
    int n = cl_coll_size(&c);
    struct cl_block *out = cl_coll_blocks_w(recvbuf, recvcounts, rdispls, recvtypes, n);
    if (replay)
        return started_blocks(&c, replay, rc, real, out, n, request);
    MPI_Datatype *types = ckpt_untracked_malloc(sizeof *types * (size_t)(2 * n + 1));
    for (int i = 0; i < n; i++) {
        types[i] = sendbuf == MPI_IN_PLACE ? MPI_DATATYPE_NULL : cl_real_type(sendtypes[i]);
        types[n + i] = cl_real_type(recvtypes[i]);
    }
    rc = PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, types, recvbuf, recvcounts, rdispls,
                         types + n, c.real, &real);
    struct cl_nb_coll *nb = cl_coll_nb_new(&c, out, n);
    nb->keep = types;
    *request = cl_request_collective(nb, real);
    ckpt_untracked_free(out);
    return rc;
}

/* ---- neighbourhood collectives: one output block per in-neighbour ---- */

int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ineighbor_allgather"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, recvcount * cl_topo_in_degree(c.real), recvtype};
    if (!replay)
        rc = PMPI_Ineighbor_allgather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                      recvcount, cl_real_type(recvtype), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ineighbor_allgatherv"), rc = MPI_SUCCESS;
    int n = cl_topo_in_degree(c.real);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n);
    if (!replay)
        rc = PMPI_Ineighbor_allgatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                       recvcounts, displs, cl_real_type(recvtype), c.real,
                                       &real);
    return started_blocks(&c, replay, rc, real, out, n, request);
}

int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ineighbor_alltoall"), rc = MPI_SUCCESS;
    struct cl_block out = {recvbuf, recvcount * cl_topo_in_degree(c.real), recvtype};
    if (!replay)
        rc = PMPI_Ineighbor_alltoall(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                     recvcount, cl_real_type(recvtype), c.real, &real);
    return started(&c, replay, rc, real, &out, 1, request);
}

int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ineighbor_alltoallv"), rc = MPI_SUCCESS;
    int n = cl_topo_in_degree(c.real);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, rdispls, recvtype, n);
    if (!replay)
        rc = PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, cl_real_type(sendtype),
                                      recvbuf, recvcounts, rdispls, cl_real_type(recvtype),
                                      c.real, &real);
    return started_blocks(&c, replay, rc, real, out, n, request);
}

/* The translated datatype arrays live with the request, as for MPI_Ialltoallw. */
int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                            const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                            void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request *request)
{
    struct cl_coll c;
    MPI_Request real = MPI_REQUEST_NULL;
    int replay = cl_coll_begin(&c, comm, "MPI_Ineighbor_alltoallw"), rc = MPI_SUCCESS;
    int in, outdeg;
    cl_topo_degrees(c.real, &in, &outdeg);
    struct cl_block *out = cl_coll_blocks_aint(recvbuf, recvcounts, rdispls, recvtypes, in);
    if (replay)
        return started_blocks(&c, replay, rc, real, out, in, request);
    MPI_Datatype *types = ckpt_untracked_malloc(sizeof *types * (size_t)(in + outdeg + 1));
    for (int i = 0; i < outdeg; i++)
        types[i] = cl_real_type(sendtypes[i]);
    for (int i = 0; i < in; i++)
        types[outdeg + i] = cl_real_type(recvtypes[i]);
    rc = PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, types, recvbuf, recvcounts,
                                  rdispls, types + outdeg, c.real, &real);
    struct cl_nb_coll *nb = cl_coll_nb_new(&c, out, in);
    nb->keep = types;
    *request = cl_request_collective(nb, real);
    ckpt_untracked_free(out);
    return rc;
}
