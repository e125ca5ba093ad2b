/* Blocking collectives: counted, logged in the window after a checkpoint,
 * served from the log on recovery (coll.h). In normal operation a collective
 * costs a counter and two tests on top of MPI's: no extra communication. */
#include "coll.h"

#include "objects.h"
#include "topologies.h"

#include <aalc/ckpt_layer_services.h>


/* Logging or replaying: the outputs matter only then. */
static int outputs_needed(const struct cl_coll *c, int replay)
{
    return replay || c->log;
}

static int finish(struct cl_coll *c, int replay, int rc, const struct cl_block *out, int nout)
{
    if (replay)
        return cl_coll_replay(c, out, nout);
    cl_coll_end(c, out, nout);
    return rc;
}


static int finish_blocks(struct cl_coll *c, int replay, int rc, struct cl_block *out, int nout)
{
    rc = finish(c, replay, rc, out, nout);
    ckpt_untracked_free(out);
    return rc;
}

int MPI_Barrier(MPI_Comm comm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Barrier"))
        return cl_coll_replay(&c, NULL, 0);
    int rc = PMPI_Barrier(c.real);
    cl_coll_end(&c, NULL, 0);
    return rc;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {buf, count, type};
    int nout = cl_coll_from_root(root);
    if (cl_coll_begin(&c, comm, "MPI_Bcast"))
        return cl_coll_replay(&c, &out, nout);
    int rc = PMPI_Bcast(buf, count, cl_real_type(type), root, c.real);
    cl_coll_end(&c, &out, nout);
    return rc;
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, count, type};
    if (cl_coll_begin(&c, comm, "MPI_Allreduce"))
        return cl_coll_replay(&c, &out, 1);
    int rc = PMPI_Allreduce(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real);
    cl_coll_end(&c, &out, 1);
    return rc;
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Reduce"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Reduce(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), root,
                         c.real);
    struct cl_block out = {recvbuf, count, type};
    int nout = outputs_needed(&c, replay) && cl_coll_is_root(&c, root);
    return finish(&c, replay, rc, &out, nout);
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, count, type};
    if (cl_coll_begin(&c, comm, "MPI_Scan"))
        return cl_coll_replay(&c, &out, 1);
    int rc = PMPI_Scan(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real);
    cl_coll_end(&c, &out, 1);
    return rc;
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, count, type};
    if (cl_coll_begin(&c, comm, "MPI_Exscan"))
        return cl_coll_replay(&c, &out, 1);
    int rc = PMPI_Exscan(sendbuf, recvbuf, count, cl_real_type(type), cl_real_op(op), c.real);
    cl_coll_end(&c, &out, 1);
    return rc;
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, recvcount, type};
    if (cl_coll_begin(&c, comm, "MPI_Reduce_scatter_block"))
        return cl_coll_replay(&c, &out, 1);
    int rc = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, cl_real_type(type),
                                       cl_real_op(op), c.real);
    cl_coll_end(&c, &out, 1);
    return rc;
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Reduce_scatter"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, cl_real_type(type),
                                 cl_real_op(op), c.real);
    struct cl_block out = {recvbuf, 0, type};
    if (outputs_needed(&c, replay))
        out.count = recvcounts[cl_coll_rank(&c)];
    return finish(&c, replay, rc, &out, 1);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Gather"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Gather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                         cl_real_type(recvtype), root, c.real);
    struct cl_block out = {recvbuf, 0, recvtype};
    int nout = outputs_needed(&c, replay) && cl_coll_is_root(&c, root);
    if (nout)
        out.count = recvcount * cl_coll_size(&c);
    return finish(&c, replay, rc, &out, nout);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Gatherv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Gatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcounts,
                          displs, cl_real_type(recvtype), root, c.real);
    if (!outputs_needed(&c, replay) || !cl_coll_is_root(&c, root))
        return finish(&c, replay, rc, NULL, 0);
    int n = cl_coll_size(&c);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n);
    return finish_blocks(&c, replay, rc, out, n);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, recvcount, recvtype}; /* MPI_IN_PLACE at the root: none */
    if (cl_coll_begin(&c, comm, "MPI_Scatter"))
        return cl_coll_replay(&c, &out, cl_coll_from_root(root));
    int rc = PMPI_Scatter(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                          cl_real_type(recvtype), root, c.real);
    cl_coll_end(&c, &out, cl_coll_from_root(root));
    return rc;
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm)
{
    struct cl_coll c;
    struct cl_block out = {recvbuf, recvcount, recvtype};
    if (cl_coll_begin(&c, comm, "MPI_Scatterv"))
        return cl_coll_replay(&c, &out, cl_coll_from_root(root));
    int rc = PMPI_Scatterv(sendbuf, sendcounts, displs, cl_real_type(sendtype), recvbuf,
                           recvcount, cl_real_type(recvtype), root, c.real);
    cl_coll_end(&c, &out, cl_coll_from_root(root));
    return rc;
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Allgather"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Allgather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                            cl_real_type(recvtype), c.real);
    struct cl_block out = {recvbuf, 0, recvtype};
    if (outputs_needed(&c, replay))
        out.count = recvcount * cl_coll_size(&c);
    return finish(&c, replay, rc, &out, 1);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Allgatherv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Allgatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcounts,
                             displs, cl_real_type(recvtype), c.real);
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    int n = cl_coll_size(&c);
    struct cl_block *out = cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n);
    return finish_blocks(&c, replay, rc, out, n);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Alltoall"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Alltoall(sendbuf, sendcount, cl_real_type(sendtype), recvbuf, recvcount,
                           cl_real_type(recvtype), c.real);
    struct cl_block out = {recvbuf, 0, recvtype};
    if (outputs_needed(&c, replay))
        out.count = recvcount * cl_coll_size(&c);
    return finish(&c, replay, rc, &out, 1);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                  const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Alltoallv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Alltoallv(sendbuf, sendcounts, sdispls, cl_real_type(sendtype), recvbuf,
                            recvcounts, rdispls, cl_real_type(recvtype), c.real);
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    int n = cl_coll_size(&c);
    return finish_blocks(&c, replay, rc, cl_coll_blocks(recvbuf, recvcounts, rdispls, recvtype, n),
                         n);
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Alltoallw"), rc = MPI_SUCCESS;
    int n = cl_coll_size(&c);
    if (!replay) {
        MPI_Datatype *st = sendbuf == MPI_IN_PLACE ? NULL : cl_real_types(sendtypes, n);
        MPI_Datatype *rt = cl_real_types(recvtypes, n);
        rc = PMPI_Alltoallw(sendbuf, sendcounts, sdispls, st ? st : rt, recvbuf, recvcounts,
                            rdispls, rt, c.real);
        ckpt_untracked_free(st);
        ckpt_untracked_free(rt);
    }
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    return finish_blocks(&c, replay, rc, cl_coll_blocks_w(recvbuf, recvcounts, rdispls,
                                                          recvtypes, n), n);
}

/* Local, but it takes the program's handles. */
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype type, MPI_Op op)
{
    return PMPI_Reduce_local(inbuf, inoutbuf, count, cl_real_type(type), cl_real_op(op));
}

/* ---- neighbourhood collectives: the output is one block per in-neighbour ---- */

int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Neighbor_allgather"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Neighbor_allgather(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                     recvcount, cl_real_type(recvtype), c.real);
    struct cl_block out = {recvbuf, 0, recvtype};
    if (outputs_needed(&c, replay))
        out.count = recvcount * cl_topo_in_degree(c.real);
    return finish(&c, replay, rc, &out, 1);
}

int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Neighbor_allgatherv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Neighbor_allgatherv(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                      recvcounts, displs, cl_real_type(recvtype), c.real);
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    int n = cl_topo_in_degree(c.real);
    return finish_blocks(&c, replay, rc, cl_coll_blocks(recvbuf, recvcounts, displs, recvtype, n),
                         n);
}

int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Neighbor_alltoall"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Neighbor_alltoall(sendbuf, sendcount, cl_real_type(sendtype), recvbuf,
                                    recvcount, cl_real_type(recvtype), c.real);
    struct cl_block out = {recvbuf, 0, recvtype};
    if (outputs_needed(&c, replay))
        out.count = recvcount * cl_topo_in_degree(c.real);
    return finish(&c, replay, rc, &out, 1);
}

int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Neighbor_alltoallv"), rc = MPI_SUCCESS;
    if (!replay)
        rc = PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, cl_real_type(sendtype),
                                     recvbuf, recvcounts, rdispls, cl_real_type(recvtype),
                                     c.real);
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    int n = cl_topo_in_degree(c.real);
    return finish_blocks(&c, replay, rc, cl_coll_blocks(recvbuf, recvcounts, rdispls, recvtype, n),
                         n);
}

int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                           MPI_Comm comm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, comm, "MPI_Neighbor_alltoallw"), rc = MPI_SUCCESS;
    int in, out;
    cl_topo_degrees(c.real, &in, &out);
    if (!replay) {
        MPI_Datatype *st = cl_real_types(sendtypes, out), *rt = cl_real_types(recvtypes, in);
        rc = PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, st, recvbuf, recvcounts,
                                     rdispls, rt, c.real);
        ckpt_untracked_free(st);
        ckpt_untracked_free(rt);
    }
    if (!outputs_needed(&c, replay))
        return finish(&c, replay, rc, NULL, 0);
    return finish_blocks(&c, replay, rc,
                         cl_coll_blocks_aint(recvbuf, recvcounts, rdispls, recvtypes, in), in);
}
