/* neighbors: process topologies and neighbourhood collectives, with
 * non-blocking ones in flight across the potential checkpoint.
 *
 * Before the loop each rank makes four topology communicators from
 * MPI_COMM_WORLD:
 *   - a graph (MPI_Graph_create, reorder=1): a ring plus one chord between
 *     node 0 and node size/2, listed at both ends so that the adjacency is
 *     symmetric, as neighbourhood collectives on graphs require;
 *   - a weighted distributed graph given by its adjacency
 *     (MPI_Dist_graph_create_adjacent): in-neighbours {r-1, r+2}, hence
 *     out-neighbours {r+1, r-2} (mod size), whose weights depend on the edge;
 *   - an unweighted distributed graph given edge by edge
 *     (MPI_Dist_graph_create, MPI_UNWEIGHTED): rank r declares the edges
 *     r -> r+1 and r+1 -> r+3, so every rank gets the edges x -> x+1 and
 *     x -> x+2; MPI decides the order of the neighbour lists;
 *   - a periodic 1-D Cartesian communicator (MPI_Cart_create).
 * The program reads them back with MPI_Topo_test, MPI_Graphdims_get,
 * MPI_Graph_get, MPI_Graph_neighbors_count/MPI_Graph_neighbors,
 * MPI_Dist_graph_neighbors_count/MPI_Dist_graph_neighbors and
 * MPI_Cart_shift, and folds the answers into the rank's 64-bit state.
 *
 * Every iteration runs MPI_Neighbor_allgather, _allgatherv, _alltoall,
 * _alltoallv and _alltoallw (the latter sends with a vector datatype), each
 * on another of the four communicators (the assignment rotates with the
 * iteration), and one MPI_Allreduce on a topology communicator. Two
 * non-blocking ones are in flight at every potential checkpoint: an
 * MPI_Ineighbor_allgather started at the top of the iteration just before
 * the potential point and waited for after the blocking ones, and an
 * MPI_Ineighbor_alltoall started at the end of the previous iteration (or
 * before the loop) and waited for just after the potential point. Every 10
 * iterations one of the two distributed graphs is freed and made again
 * (with new weights for the adjacent one), and queried again.
 *
 * With few ranks the same process appears several times in a neighbour
 * list (self-loops at 1 rank, both ring neighbours the same process at 2,
 * r-1 == r+2 at 3), and the order of the lists of MPI_Dist_graph_create is
 * the implementation's (MPICH 4.0's changes from run to run). So that the
 * output does not depend on how blocks between the same two processes are
 * matched, nor on that order, what a rank sends to a neighbour (data,
 * counts, datatype) depends only on the pair of ranks, never on the block's
 * position, and the blocks received are folded as a sum over the list of
 * terms that each mix the source rank with its data.
 *
 * Nothing is printed until the end, when rank 0 gathers the states and
 * prints the lengths of its neighbour lists and one line per rank.
 *
 *   mpiexec -n N neighbors [iterations]     default: 80
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXD 8   /* longest neighbour list (the graph at 1 rank has 4) */
#define BLK 10   /* uint64 words per block in the buffers */
#define NTOPO 4

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A topology communicator and its neighbour lists (ranks in comm). */
struct topo {
    const char *name;
    MPI_Comm comm;
    int rank, size, indeg, outdeg;
    int src[MAXD], dst[MAXD];
};
enum { T_GRAPH, T_ADJ, T_EDGES, T_CART };
static struct topo topo[NTOPO] = {
    {.name = "graph"}, {.name = "dist_adjacent"}, {.name = "dist_edges"}, {.name = "cart"}
};
static int generation; /* distributed graphs made so far */

/* Buffers of the collectives, those in flight across the potential point
 * among them. */
static uint64_t sbuf[MAXD * BLK], rbuf[MAXD * BLK];
static uint64_t iag_out[2], iag_in[MAXD * 2];
static uint64_t ia2a_out[MAXD * 3], ia2a_in[MAXD * 3];
static MPI_Request iag_req = MPI_REQUEST_NULL, ia2a_req = MPI_REQUEST_NULL;
static int iag_topo, ia2a_topo;

/* A word of what a rank (state h) sends in operation op to peer. */
static uint64_t word(uint64_t h, int op, int peer, int j)
{
    return mix64(h ^ ((uint64_t)op << 48) ^ ((uint64_t)(peer + 1) << 32) ^ (uint64_t)j);
}

/* The term of a received block: its source and its data. */
static uint64_t term(int src, const uint64_t *v, int n)
{
    uint64_t a = mix64(0x5ca1ab1eULL + (uint64_t)src * 1000 + (uint64_t)n);
    for (int j = 0; j < n; j++)
        a = mix64(a ^ v[j]);
    return a;
}

static int weight(int from, int to)
{
    return 1 + (from * 7 + to * 3 + generation) % 13;
}

/* Counts that depend only on the pair: allgatherv, alltoallv, alltoallw. */
static int gv_count(int r)
{
    return 1 + r % 3;
}
static int av_count(int from, int to)
{
    return 1 + (2 * from + to) % 4;
}
static int aw_count(int from, int to)
{
    return 1 + (from + to) % 2;
}

/* Folds a list: order-sensitive (defined by the program) or not. */
static uint64_t fold_list(uint64_t h, const int *v, int n, int ordered)
{
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        if (ordered)
            h = mix64(h ^ (uint64_t)(v[i] + 1));
        else
            sum += mix64((uint64_t)v[i] + 77);
    }
    return mix64(h ^ sum ^ (uint64_t)n);
}

static int topo_kind(MPI_Comm comm)
{
    int status;
    MPI_Topo_test(comm, &status);
    return status == MPI_GRAPH ? 1 : status == MPI_CART ? 2 : status == MPI_DIST_GRAPH ? 3 : 9;
}

static uint64_t make_graph(uint64_t h, int size)
{
    struct topo *t = &topo[T_GRAPH];
    int *index = malloc((size_t)size * sizeof(int));
    int *edges = malloc((size_t)size * 4 * sizeof(int));
    int n = 0, chord = size / 2;
    for (int i = 0; i < size; i++) {
        edges[n++] = (i + size - 1) % size;
        edges[n++] = (i + 1) % size;
        if (i == 0)
            edges[n++] = chord;
        if (i == chord)
            edges[n++] = 0;
        index[i] = n;
    }
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 1, &t->comm);

    int nnodes, nedges;
    MPI_Graphdims_get(t->comm, &nnodes, &nedges);
    int *gindex = malloc((size_t)nnodes * sizeof(int));
    int *gedges = malloc((size_t)nedges * sizeof(int));
    MPI_Graph_get(t->comm, nnodes, nedges, gindex, gedges);
    h = mix64(h ^ ((uint64_t)nnodes << 32) ^ (uint64_t)nedges);
    h = fold_list(h, gindex, nnodes, 1);
    h = fold_list(h, gedges, nedges, 1);
    for (int i = 0; i < nnodes && i < n; i++)
        if (gindex[i] != index[i])
            h = mix64(h ^ 0xbad);
    MPI_Comm_rank(t->comm, &t->rank);
    MPI_Comm_size(t->comm, &t->size);
    for (int r = 0; r < t->size; r++) { /* every node's list: the queries are local */
        int cnt, nb[MAXD];
        MPI_Graph_neighbors_count(t->comm, r, &cnt);
        if (cnt > MAXD) {
            fprintf(stderr, "neighbors: graph node %d has %d neighbours\n", r, cnt);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        MPI_Graph_neighbors(t->comm, r, cnt, nb);
        h = fold_list(h, nb, cnt, 1);
        if (r == t->rank) {
            t->indeg = t->outdeg = cnt;
            for (int i = 0; i < cnt; i++)
                t->src[i] = t->dst[i] = nb[i];
        }
    }
    free(index);
    free(edges);
    free(gindex);
    free(gedges);
    return mix64(h ^ (uint64_t)topo_kind(t->comm));
}

static uint64_t query_dist(uint64_t h, struct topo *t, int ordered)
{
    int weighted, sw[MAXD], dw[MAXD];
    MPI_Comm_rank(t->comm, &t->rank);
    MPI_Comm_size(t->comm, &t->size);
    MPI_Dist_graph_neighbors_count(t->comm, &t->indeg, &t->outdeg, &weighted);
    if (t->indeg > MAXD || t->outdeg > MAXD) {
        fprintf(stderr, "neighbors: %s: %d in, %d out: too many\n", t->name, t->indeg,
                t->outdeg);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* maxindegree and maxoutdegree exactly: MPICH 4.0 copies that many */
    if (weighted) {
        MPI_Dist_graph_neighbors(t->comm, t->indeg, t->src, sw, t->outdeg, t->dst, dw);
        h = fold_list(h, sw, t->indeg, ordered);
        h = fold_list(h, dw, t->outdeg, ordered);
    } else {
        MPI_Dist_graph_neighbors(t->comm, t->indeg, t->src, MPI_UNWEIGHTED, t->outdeg, t->dst,
                                 MPI_UNWEIGHTED);
    }
    h = fold_list(h, t->src, t->indeg, ordered);
    h = fold_list(h, t->dst, t->outdeg, ordered);
    return mix64(h ^ (uint64_t)topo_kind(t->comm) ^ ((uint64_t)weighted << 8));
}

static uint64_t make_adjacent(uint64_t h, int rank, int size)
{
    struct topo *t = &topo[T_ADJ];
    int src[2] = {(rank + size - 1) % size, (rank + 2) % size};
    int dst[2] = {(rank + 1) % size, (rank + 2 * size - 2) % size};
    int sw[2], dw[2];
    for (int i = 0; i < 2; i++) {
        sw[i] = weight(src[i], rank);
        dw[i] = weight(rank, dst[i]);
    }
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, src, sw, 2, dst, dw, MPI_INFO_NULL, 0,
                                   &t->comm);
    generation++;
    return query_dist(h, t, 1);
}

static uint64_t make_edges(uint64_t h, int rank, int size)
{
    struct topo *t = &topo[T_EDGES];
    int sources[2] = {rank, (rank + 1) % size}, degrees[2] = {1, 1};
    int dests[2] = {(rank + 1) % size, (rank + 3) % size};
    MPI_Dist_graph_create(MPI_COMM_WORLD, 2, sources, degrees, dests, MPI_UNWEIGHTED,
                          MPI_INFO_NULL, 0, &t->comm);
    generation++;
    return query_dist(h, t, 0);
}

static uint64_t make_cart(uint64_t h, int size)
{
    struct topo *t = &topo[T_CART];
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &t->comm);
    MPI_Comm_rank(t->comm, &t->rank);
    MPI_Comm_size(t->comm, &t->size);
    t->indeg = t->outdeg = 2;
    MPI_Cart_shift(t->comm, 0, 1, &t->src[0], &t->src[1]);
    t->dst[0] = t->src[0];
    t->dst[1] = t->src[1];
    h = fold_list(h, t->src, 2, 1);
    return mix64(h ^ (uint64_t)topo_kind(t->comm));
}

/* Sum of the terms of blocks of n words, stride words apart. */
static uint64_t fold_blocks(const struct topo *t, const uint64_t *in, int n, int stride)
{
    uint64_t sum = 0;
    for (int i = 0; i < t->indeg; i++)
        sum += term(t->src[i], in + i * stride, n);
    return sum;
}

/* The five blocking neighbourhood collectives of iteration it. */
static uint64_t neighbor_round(uint64_t h, int it, MPI_Datatype vec)
{
    const struct topo *t;
    uint64_t sum;
    int scounts[MAXD], rcounts[MAXD], sdispls[MAXD], rdispls[MAXD];

    /* allgather: the same 2 words to every out-neighbour */
    t = &topo[it % NTOPO];
    for (int j = 0; j < 2; j++)
        sbuf[j] = word(h, 1, -1, j);
    MPI_Neighbor_allgather(sbuf, 2, MPI_UINT64_T, rbuf, 2, MPI_UINT64_T, t->comm);
    h = mix64(h ^ fold_blocks(t, rbuf, 2, 2));

    /* allgatherv: gv_count(sender) words, received 3 words apart */
    t = &topo[(it + 1) % NTOPO];
    for (int j = 0; j < gv_count(t->rank); j++)
        sbuf[j] = word(h, 2, -1, j);
    for (int i = 0; i < t->indeg; i++) {
        rcounts[i] = gv_count(t->src[i]);
        rdispls[i] = 3 * i;
    }
    MPI_Neighbor_allgatherv(sbuf, gv_count(t->rank), MPI_UINT64_T, rbuf, rcounts, rdispls,
                            MPI_UINT64_T, t->comm);
    sum = 0;
    for (int i = 0; i < t->indeg; i++)
        sum += term(t->src[i], rbuf + rdispls[i], rcounts[i]);
    h = mix64(h ^ sum);

    /* alltoall: 3 words per block, made for the block's destination */
    t = &topo[(it + 2) % NTOPO];
    for (int k = 0; k < t->outdeg; k++)
        for (int j = 0; j < 3; j++)
            sbuf[3 * k + j] = word(h, 3, t->dst[k], j);
    MPI_Neighbor_alltoall(sbuf, 3, MPI_UINT64_T, rbuf, 3, MPI_UINT64_T, t->comm);
    h = mix64(h ^ fold_blocks(t, rbuf, 3, 3));

    /* alltoallv: av_count(sender, receiver) words, 4 apart */
    t = &topo[(it + 3) % NTOPO];
    for (int k = 0; k < t->outdeg; k++) {
        scounts[k] = av_count(t->rank, t->dst[k]);
        sdispls[k] = 4 * k;
        for (int j = 0; j < scounts[k]; j++)
            sbuf[4 * k + j] = word(h, 4, t->dst[k], j);
    }
    for (int i = 0; i < t->indeg; i++) {
        rcounts[i] = av_count(t->src[i], t->rank);
        rdispls[i] = 4 * i;
    }
    MPI_Neighbor_alltoallv(sbuf, scounts, sdispls, MPI_UINT64_T, rbuf, rcounts, rdispls,
                           MPI_UINT64_T, t->comm);
    sum = 0;
    for (int i = 0; i < t->indeg; i++)
        sum += term(t->src[i], rbuf + rdispls[i], rcounts[i]);
    h = mix64(h ^ sum);

    /* alltoallw: aw_count(sender, receiver) vectors (words 0, 2 and 4 of 5,
     * the second vector 5 words on) sent from blocks of BLK words, received
     * as 3 words per vector into blocks of 6 words; displacements in bytes. */
    t = &topo[(it + 1) % NTOPO];
    MPI_Aint sd[MAXD], rd[MAXD];
    MPI_Datatype stypes[MAXD], rtypes[MAXD];
    for (int k = 0; k < t->outdeg; k++) {
        scounts[k] = aw_count(t->rank, t->dst[k]);
        sd[k] = (MPI_Aint)(k * BLK * sizeof(uint64_t));
        stypes[k] = vec;
        for (int j = 0; j < BLK; j++) /* the words between not sent: poison them */
            sbuf[k * BLK + j] = j % 5 % 2 ? 0xdeadULL : word(h, 5, t->dst[k], j);
    }
    for (int i = 0; i < t->indeg; i++) {
        rcounts[i] = 3 * aw_count(t->src[i], t->rank);
        rd[i] = (MPI_Aint)(i * 6 * sizeof(uint64_t));
        rtypes[i] = MPI_UINT64_T;
    }
    MPI_Neighbor_alltoallw(sbuf, scounts, sd, stypes, rbuf, rcounts, rd, rtypes, t->comm);
    sum = 0;
    for (int i = 0; i < t->indeg; i++)
        sum += term(t->src[i], rbuf + 6 * i, rcounts[i]);
    return mix64(h ^ sum);
}

static void start_ialltoall(uint64_t h, int which)
{
    const struct topo *t = &topo[which];
    for (int k = 0; k < t->outdeg; k++)
        for (int j = 0; j < 3; j++)
            ia2a_out[3 * k + j] = word(h, 7, t->dst[k], j);
    ia2a_topo = which;
    MPI_Ineighbor_alltoall(ia2a_out, 3, MPI_UINT64_T, ia2a_in, 3, MPI_UINT64_T, t->comm,
                           &ia2a_req);
}

static uint64_t finish_ialltoall(uint64_t h)
{
    MPI_Wait(&ia2a_req, MPI_STATUS_IGNORE);
    return mix64(h ^ fold_blocks(&topo[ia2a_topo], ia2a_in, 3, 3));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 80;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N neighbors [iterations]\n");
        MPI_Finalize();
        return 1;
    }

    uint64_t h = mix64(0x7e160000ULL + (uint64_t)rank);
    h = make_graph(h, size);
    h = make_adjacent(h, rank, size);
    h = make_edges(h, rank, size);
    h = make_cart(h, size);
    MPI_Datatype vec;
    MPI_Type_vector(3, 1, 2, MPI_UINT64_T, &vec);
    MPI_Type_commit(&vec);
    int remade = 0;

    start_ialltoall(h, T_CART);
    for (int it = 0; it < iters; it++) {
        /* Started before the potential point, waited for after the others. */
        const struct topo *t = &topo[(it + 2) % NTOPO];
        iag_topo = (it + 2) % NTOPO;
        iag_out[0] = word(h, 6, -1, 0);
        iag_out[1] = word(h, 6, -1, it);
        MPI_Ineighbor_allgather(iag_out, 2, MPI_UINT64_T, iag_in, 2, MPI_UINT64_T, t->comm,
                                &iag_req);
#pragma ckpt potential
        h = finish_ialltoall(h);
        h = neighbor_round(h, it, vec);
        MPI_Wait(&iag_req, MPI_STATUS_IGNORE);
        h = mix64(h ^ fold_blocks(&topo[iag_topo], iag_in, 2, 2));

        /* A distributed graph freed and made again: nothing is pending on it. */
        if (it % 10 == 9) {
            int which = (it / 10) % 2 ? T_EDGES : T_ADJ;
            MPI_Comm_free(&topo[which].comm);
            h = which == T_ADJ ? make_adjacent(h, rank, size) : make_edges(h, rank, size);
            remade++;
        }

        t = &topo[it % NTOPO];
        uint64_t mine = mix64(h ^ (uint64_t)it), total;
        MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, t->comm);
        h = mix64(h ^ total);

        start_ialltoall(h, (it + 3) % NTOPO);
    }
    h = finish_ialltoall(h);

    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("neighbors: %d ranks, %d iterations, %d distributed graphs made again\n", size,
               iters, remade);
        for (int k = 0; k < NTOPO; k++)
            printf("%s: rank 0 has %d in, %d out\n", topo[k].name, topo[k].indeg,
                   topo[k].outdeg);
        for (int r = 0; r < size; r++)
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
    }
    free(all);
    MPI_Type_free(&vec);
    for (int k = 0; k < NTOPO; k++)
        MPI_Comm_free(&topo[k].comm);
    MPI_Finalize();
    return 0;
}
