/* Graph and distributed-graph communicators: made through the library and
 * recorded like the others (comms.c), so that neighbourhood collectives and
 * topology queries work on them after a recovery.
 *
 * The recipe holds the topology as the new communicator reports it, in its
 * own ranks, not the arguments the program passed: with reorder the library
 * may have renumbered the ranks, and MPI_Dist_graph_create's neighbour
 * order is the library's choice. Rebuilt, the members are split out of the
 * parent in the same order and given that topology without reordering,
 * which gives every neighbourhood collective the same neighbours in the
 * same order. */
#include "topologies.h"

#include "coll.h"
#include "comms.h"
#include "handle_bits.h"
#include "infos.h"
#include "objects.h"

#include <aalc/ckpt_layer_services.h>

int cl_topo_in_degree(MPI_Comm real)
{
    int in, out;
    cl_topo_degrees(real, &in, &out);
    return in;
}

void cl_topo_degrees(MPI_Comm real, int *in, int *out)
{
    int kind = MPI_UNDEFINED, weighted = 0, rank = 0;
    *in = *out = 0;
    PMPI_Topo_test(real, &kind);
    if (kind == MPI_CART) {
        PMPI_Cartdim_get(real, in);
        *in = *out = 2 * *in;
    } else if (kind == MPI_GRAPH) {
        PMPI_Comm_rank(real, &rank);
        PMPI_Graph_neighbors_count(real, rank, in);
        *out = *in;
    } else if (kind == MPI_DIST_GRAPH) {
        PMPI_Dist_graph_neighbors_count(real, in, out, &weighted);
    }
}

/* parent color key nnodes nedges index[nnodes] edges[nedges] */
static int64_t *graph_recipe(MPI_Comm parent, MPI_Comm real, int *nargs)
{
    int nnodes = 0, nedges = 0;
    if (real != MPI_COMM_NULL)
        PMPI_Graphdims_get(real, &nnodes, &nedges);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(5 + nnodes + nedges));
    int *index = ckpt_untracked_malloc(sizeof *index * (size_t)(nnodes + nedges + 1));
    if (real != MPI_COMM_NULL)
        PMPI_Graph_get(real, nnodes, nedges, index, index + nnodes);
    args[0] = CL_ARG(parent);
    cl_comm_membership(real, &args[1], &args[2]);
    args[3] = nnodes;
    args[4] = nedges;
    for (int i = 0; i < nnodes + nedges; i++)
        args[5 + i] = index[i];
    ckpt_untracked_free(index);
    *nargs = 5 + nnodes + nedges;
    return args;
}

int MPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[],
                     int reorder, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Graph_create")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int rc = PMPI_Graph_create(c.real, nnodes, index, edges, reorder, &real), nargs;
    int64_t *args = graph_recipe(comm, real, &nargs);
    *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_GRAPH, args, nargs);
    ckpt_untracked_free(args);
    return rc;
}

/* parent color key indegree outdegree weighted sources[in] sourceweights[in]
 * destinations[out] destweights[out] */
static int64_t *dist_graph_recipe(MPI_Comm parent, MPI_Comm real, int *nargs)
{
    int in = 0, out = 0, weighted = 0;
    PMPI_Dist_graph_neighbors_count(real, &in, &out, &weighted);
    int n = 2 * (in + out);
    int *lists = ckpt_untracked_malloc(sizeof *lists * (size_t)(n + 1));
    int *sources = lists, *sweights = lists + in, *dests = lists + 2 * in,
        *dweights = dests + out;
    PMPI_Dist_graph_neighbors(real, in, sources, weighted ? sweights : MPI_UNWEIGHTED, out,
                              dests, weighted ? dweights : MPI_UNWEIGHTED);
    if (!weighted)
        for (int i = 0; i < in; i++)
            sweights[i] = 1;
    if (!weighted)
        for (int i = 0; i < out; i++)
            dweights[i] = 1;
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(6 + n));
    args[0] = CL_ARG(parent);
    cl_comm_membership(real, &args[1], &args[2]);
    args[3] = in;
    args[4] = out;
    args[5] = weighted;
    for (int i = 0; i < n; i++)
        args[6 + i] = lists[i];
    ckpt_untracked_free(lists);
    *nargs = 6 + n;
    return args;
}

static int dist_graph_made(struct cl_coll *c, MPI_Comm comm, int rc, MPI_Comm real,
                           MPI_Comm *newcomm)
{
    if (rc != MPI_SUCCESS) {
        *newcomm = cl_comm_made(c, MPI_COMM_NULL, CL_MAKE_COMM_SPLIT,
                                (int64_t[]){CL_ARG(comm), MPI_UNDEFINED, 0}, 3);
        return rc;
    }
    int nargs;
    int64_t *args = dist_graph_recipe(comm, real, &nargs);
    *newcomm = cl_comm_made(c, real, CL_MAKE_COMM_DIST_GRAPH, args, nargs);
    ckpt_untracked_free(args);
    return rc;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[], const int destweights[],
                                   MPI_Info info, int reorder, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Dist_graph_create_adjacent")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int made_hints;
    MPI_Info hints = cl_comm_hints(info, &made_hints);
    int rc = PMPI_Dist_graph_create_adjacent(c.real, indegree, sources, sourceweights, outdegree,
                                             destinations, destweights, hints, reorder, &real);
    if (made_hints)
        PMPI_Info_free(&hints);
    return dist_graph_made(&c, comm, rc, real, newcomm);
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[],
                          const int destinations[], const int weights[], MPI_Info info,
                          int reorder, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Dist_graph_create")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int made_hints;
    MPI_Info hints = cl_comm_hints(info, &made_hints);
    int rc = PMPI_Dist_graph_create(c.real, n, sources, degrees, destinations, weights, hints,
                                    reorder, &real);
    if (made_hints)
        PMPI_Info_free(&hints);
    return dist_graph_made(&c, comm, rc, real, newcomm);
}

/* ---- rebuilt on recovery (objects.c) ---- */

/* The members, split out of the parent in their old order. */
static MPI_Comm members_of(MPI_Comm parent, const int64_t *a)
{
    MPI_Comm members = MPI_COMM_NULL;
    PMPI_Comm_split(parent, (int)a[1], (int)a[2], &members);
    return members;
}

MPI_Comm cl_topo_build_graph(MPI_Comm parent, const int64_t *a)
{
    MPI_Comm members = members_of(parent, a), out = MPI_COMM_NULL;
    if (members == MPI_COMM_NULL)
        return out;
    int nnodes = (int)a[3], *lists = cl_int_args(a + 5, nnodes + (int)a[4]);
    PMPI_Graph_create(members, nnodes, lists, lists + nnodes, 0, &out);
    PMPI_Comm_free(&members);
    ckpt_untracked_free(lists);
    return out;
}

MPI_Comm cl_topo_build_dist_graph(MPI_Comm parent, const int64_t *a)
{
    MPI_Comm members = members_of(parent, a), out = MPI_COMM_NULL;
    if (members == MPI_COMM_NULL)
        return out;
    int in = (int)a[3], out_degree = (int)a[4], weighted = (int)a[5];
    int *lists = cl_int_args(a + 6, 2 * (in + out_degree));
    int *dests = lists + 2 * in;
    const int *sweights = weighted ? (in ? lists + in : MPI_WEIGHTS_EMPTY) : MPI_UNWEIGHTED;
    const int *dweights =
        weighted ? (out_degree ? dests + out_degree : MPI_WEIGHTS_EMPTY) : MPI_UNWEIGHTED;
    PMPI_Dist_graph_create_adjacent(members, in, lists, sweights, out_degree, dests, dweights,
                                    MPI_INFO_NULL, 0, &out);
    PMPI_Comm_free(&members);
    ckpt_untracked_free(lists);
    return out;
}
