/* persistent_coll: MPI-4 persistent collectives, MPI_Isendrecv(_replace)
 * and MPI_Comm_idup, some of them active across the potential checkpoint.
 *
 * Before the loop each rank makes a duplicate of MPI_COMM_WORLD ("other"),
 * a periodic 1-D Cartesian communicator, and the persistent collectives:
 *   on MPI_COMM_WORLD: MPI_Allreduce_init, one MPI_Bcast_init per root (a
 *     request has a fixed root, so the rotating root picks the request),
 *     MPI_Barrier_init, MPI_Allgatherv_init, MPI_Reduce_scatter_block_init,
 *     MPI_Exscan_init;
 *   on other: MPI_Gather_init (root: the last rank, MPI_IN_PLACE there),
 *     MPI_Alltoall_init, MPI_Scan_init;
 *   on the Cartesian communicator: MPI_Neighbor_alltoall_init.
 * Their buffers are globals or on the heap. Every iteration writes new send
 * data (derived from the rank's 64-bit state) into them, starts them with
 * MPI_Start or MPI_Startall and completes them with MPI_Wait, MPI_Waitall or
 * MPI_Test loops. MPI_Startall may start its requests in any order, and
 * collectives on one communicator must be started in the same order
 * everywhere, so a MPI_Startall never holds two of one communicator. The
 * MPI_Allreduce is started before the potential point and completed after
 * it (with an MPI_Test loop), after the other collectives. At the end
 * every request is released with MPI_Request_free.
 *
 * Around the ring, every iteration, two pairs of MPI_Isendrecv and
 * MPI_Isendrecv_replace: one started and completed in the iteration, the
 * other started before the potential point and waited for at the end of
 * the iteration. In each pair the MPI_Isendrecv receives into every other
 * word with a vector datatype, and one of the two receives from
 * MPI_ANY_SOURCE (only one rank sends with that tag to a given rank, so what
 * it receives does not depend on timing). The derived datatype is on the
 * receiving side only: MPICH 4.0 releases a derived send type of
 * MPI_Isendrecv once too often, and its
 * MPI_Isendrecv_replace sends a non-contiguous type from its packed copy.
 * Their statuses are not looked at: MPICH 4.0 leaves MPI_SOURCE unset.
 *
 * Every 5 iterations: an MPI_Comm_idup of MPI_COMM_WORLD, started before the
 * potential point, and an MPI_Comm_idup_with_info (MPI_INFO_NULL) of other,
 * started after it, both outstanding while the persistent collectives run,
 * completed together with MPI_Waitall. The duplicate of MPI_COMM_WORLD
 * carries an MPI_Allreduce and a ring exchange and is freed at once; the
 * duplicate of other carries an MPI_Allreduce, is kept for 5 iterations
 * (a ring exchange in each) and is freed when the next one replaces it.
 *
 * Everything received is folded into the state; at the end rank 0 gathers
 * the states and prints one line per rank.
 *
 *   mpiexec -n N persistent_coll [iterations]     default: 80
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_A1 11
#define TAG_A2 12
#define TAG_B1 13
#define TAG_B2 14
#define TAG_KEPT 15
#define TAG_FRESH 16
#define POISON 0xfeedULL
#define GW 128 /* words per rank in the gather: 1 KiB, see make_persistent */

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t word(uint64_t h, int op, int peer, int j)
{
    return mix64(h ^ ((uint64_t)op << 48) ^ ((uint64_t)(peer + 1) << 32) ^ (uint64_t)j);
}

static uint64_t fold(uint64_t h, const uint64_t *v, int n)
{
    for (int i = 0; i < n; i++)
        h = mix64(h ^ v[i]);
    return mix64(h ^ (uint64_t)n);
}

static int rank, size, left, right;
static MPI_Comm other, cart, kept = MPI_COMM_NULL;
static int cart_nb[2]; /* the Cartesian neighbours: -1 and +1 */

/* Persistent collectives and their buffers. */
static MPI_Request ar_req, *bc_req, bar_req, g_req, agv_req, a2a_req, rsb_req, scan_req,
    exs_req, nb_req;
static uint64_t ar_in[4], ar_out[4];
static uint64_t *bc_buf; /* 3 words per root */
static uint64_t g_in[GW], *g_out;
static uint64_t agv_in[3], *agv_out;
static int *agv_counts, *agv_displs, agv_total;
static uint64_t *a2a_in, *a2a_out; /* 2 words per rank */
static uint64_t *rsb_in, rsb_out[2];
static uint64_t scan_in[2], scan_out[2], exs_in[2], exs_out[2];
static uint64_t nb_in[4], nb_out[4];

/* MPI_Isendrecv(_replace) buffers: pair A inside the iteration, pair B
 * across the potential point. */
static uint64_t xa_out[3], xa_in[5], ya[2];
static uint64_t xb_out[3], xb_in[5], yb[2];
static MPI_Request pair_b[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};

/* The duplicates made with MPI_Comm_idup(_with_info), and their requests. */
static MPI_Comm fresh = MPI_COMM_NULL, next = MPI_COMM_NULL;
static MPI_Request idup_reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};

static void make_persistent(void)
{
    MPI_Allreduce_init(ar_in, ar_out, 4, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &ar_req);
    bc_buf = calloc((size_t)size * 3, sizeof(uint64_t));
    bc_req = malloc((size_t)size * sizeof(MPI_Request));
    for (int root = 0; root < size; root++)
        MPI_Bcast_init(bc_buf + 3 * root, 3, MPI_UINT64_T, root, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &bc_req[root]);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &bar_req);
    /* MPICH 4.0 copies the send buffer of a persistent gather when the request
     * is made, not when it is started, where it copies it at all: at the
     * root, and at the others for messages under 1 KiB
     * (MPIR_CVAR_GATHER_VSMALL_MSG_SIZE). Hence 1 KiB and MPI_IN_PLACE. */
    g_out = calloc((size_t)size * GW, sizeof(uint64_t));
    MPI_Gather_init(rank == size - 1 ? MPI_IN_PLACE : g_in, GW, MPI_UINT64_T, g_out, GW,
                    MPI_UINT64_T, size - 1, other, MPI_INFO_NULL, &g_req);
    agv_counts = malloc((size_t)size * sizeof(int));
    agv_displs = malloc((size_t)size * sizeof(int));
    agv_total = 0;
    for (int r = 0; r < size; r++) {
        agv_counts[r] = 1 + r % 3;
        agv_displs[r] = agv_total;
        agv_total += agv_counts[r];
    }
    agv_out = calloc((size_t)agv_total, sizeof(uint64_t));
    MPI_Allgatherv_init(agv_in, agv_counts[rank], MPI_UINT64_T, agv_out, agv_counts,
                        agv_displs, MPI_UINT64_T, MPI_COMM_WORLD, MPI_INFO_NULL, &agv_req);
    a2a_in = calloc((size_t)size * 2, sizeof(uint64_t));
    a2a_out = calloc((size_t)size * 2, sizeof(uint64_t));
    MPI_Alltoall_init(a2a_in, 2, MPI_UINT64_T, a2a_out, 2, MPI_UINT64_T, other, MPI_INFO_NULL,
                      &a2a_req);
    rsb_in = calloc((size_t)size * 2, sizeof(uint64_t));
    MPI_Reduce_scatter_block_init(rsb_in, rsb_out, 2, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD,
                                  MPI_INFO_NULL, &rsb_req);
    MPI_Scan_init(scan_in, scan_out, 2, MPI_UINT64_T, MPI_SUM, other, MPI_INFO_NULL,
                  &scan_req);
    MPI_Exscan_init(exs_in, exs_out, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                    &exs_req);
    MPI_Neighbor_alltoall_init(nb_out, 2, MPI_UINT64_T, nb_in, 2, MPI_UINT64_T, cart,
                               MPI_INFO_NULL, &nb_req);
}

static void free_persistent(void)
{
    MPI_Request_free(&ar_req);
    for (int root = 0; root < size; root++)
        MPI_Request_free(&bc_req[root]);
    MPI_Request_free(&bar_req);
    MPI_Request_free(&g_req);
    MPI_Request_free(&agv_req);
    MPI_Request_free(&a2a_req);
    MPI_Request_free(&rsb_req);
    MPI_Request_free(&scan_req);
    MPI_Request_free(&exs_req);
    MPI_Request_free(&nb_req);
    free(bc_req);
    free(bc_buf);
    free(g_out);
    free(agv_counts);
    free(agv_displs);
    free(agv_out);
    free(a2a_in);
    free(a2a_out);
    free(rsb_in);
}

static void test_until_done(MPI_Request *req)
{
    int done = 0;
    while (!done)
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
}

/* A ring exchange on comm: to the right, from the left. */
static uint64_t ring(uint64_t h, MPI_Comm comm, int tag)
{
    uint64_t out = mix64(h ^ (uint64_t)tag), in = 0;
    MPI_Sendrecv(&out, 1, MPI_UINT64_T, right, tag, &in, 1, MPI_UINT64_T, left, tag, comm,
                 MPI_STATUS_IGNORE);
    return mix64(h ^ in);
}

/* The persistent collectives of one iteration, but the MPI_Allreduce. */
static uint64_t collectives(uint64_t h, int it)
{
    MPI_Request reqs[3];
    MPI_Status sts[3]; /* not MPI_STATUSES_IGNORE: GCC 12 warns on it at -O2 */
    int root = it % size;

    /* MPI_Startall of one request per communicator. */
    if (rank == root)
        for (int j = 0; j < 3; j++)
            bc_buf[3 * root + j] = word(h, 1, -1, j);
    uint64_t *mine = rank == size - 1 ? g_out + GW * rank : g_in; /* in place at the root */
    for (int j = 0; j < GW; j++)
        mine[j] = word(h, 2, -1, j);
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 2; j++) /* what a neighbour gets depends only on the pair */
            nb_out[2 * k + j] = word(h, 3, cart_nb[k], j);
    reqs[0] = bc_req[root];
    reqs[1] = g_req;
    reqs[2] = nb_req;
    MPI_Startall(3, reqs);
    MPI_Waitall(3, reqs, sts);
    bc_req[root] = reqs[0]; /* inactive again, still allocated */
    g_req = reqs[1];
    nb_req = reqs[2];
    h = fold(h, bc_buf + 3 * root, 3);
    if (rank == size - 1)
        h = fold(h, g_out, GW * size);
    uint64_t sum = 0; /* at 1 or 2 ranks both blocks come from one rank */
    for (int k = 0; k < 2; k++)
        sum += mix64(fold((uint64_t)cart_nb[k], nb_in + 2 * k, 2));
    h = mix64(h ^ sum);

    /* MPI_Start one by one, on two communicators, and MPI_Waitall. */
    for (int j = 0; j < agv_counts[rank]; j++)
        agv_in[j] = word(h, 4, -1, j);
    for (int r = 0; r < size; r++)
        for (int j = 0; j < 2; j++)
            a2a_in[2 * r + j] = word(h, 5, r, j);
    MPI_Start(&agv_req);
    MPI_Start(&a2a_req);
    reqs[0] = agv_req;
    reqs[1] = a2a_req;
    MPI_Waitall(2, reqs, sts);
    agv_req = reqs[0];
    a2a_req = reqs[1];
    h = fold(h, agv_out, agv_total);
    h = fold(h, a2a_out, 2 * size);

    /* MPI_Startall, then MPI_Wait and an MPI_Test loop. */
    for (int i = 0; i < 2 * size; i++)
        rsb_in[i] = word(h, 6, i / 2, i % 2);
    scan_in[0] = word(h, 7, -1, 0);
    scan_in[1] = word(h, 7, -1, 1);
    reqs[0] = rsb_req;
    reqs[1] = scan_req;
    MPI_Startall(2, reqs);
    rsb_req = reqs[0];
    scan_req = reqs[1];
    MPI_Wait(&rsb_req, MPI_STATUS_IGNORE);
    test_until_done(&scan_req);
    h = fold(h, rsb_out, 2);
    h = fold(h, scan_out, 2);

    /* Two started on one communicator, completed in the other order. */
    exs_in[0] = word(h, 8, -1, 0);
    exs_in[1] = word(h, 8, -1, 1);
    MPI_Start(&exs_req);
    MPI_Start(&bar_req);
    MPI_Wait(&bar_req, MPI_STATUS_IGNORE);
    MPI_Wait(&exs_req, MPI_STATUS_IGNORE);
    if (rank > 0) /* undefined at rank 0 */
        h = fold(h, exs_out, 2);
    return h;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 80;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N persistent_coll [iterations]\n");
        MPI_Finalize();
        return 1;
    }
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    MPI_Comm_dup(MPI_COMM_WORLD, &other);
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    MPI_Cart_shift(cart, 0, 1, &cart_nb[0], &cart_nb[1]);
    make_persistent();
    MPI_Datatype vec; /* words 0, 2 and 4 of 5 */
    MPI_Type_vector(3, 1, 2, MPI_UINT64_T, &vec);
    MPI_Type_commit(&vec);

    uint64_t h = mix64(0x9e150000ULL + (uint64_t)rank);
    int idups = 0;
    for (int it = 0; it < iters; it++) {
        /* Started before the potential point: the MPI_Allreduce, pair B and
         * (every 5 iterations) the duplicate of MPI_COMM_WORLD. */
        for (int j = 0; j < 4; j++)
            ar_in[j] = word(h, 9, -1, j);
        MPI_Start(&ar_req);
        for (int j = 0; j < 3; j++)
            xb_out[j] = word(h, 10, right, it + j);
        for (int j = 0; j < 5; j++)
            xb_in[j] = POISON; /* the odd words stay so */
        yb[0] = word(h, 11, left, 0);
        yb[1] = word(h, 11, left, 1);
        MPI_Isendrecv(xb_out, 3, MPI_UINT64_T, right, TAG_B1, xb_in, 1, vec, left, TAG_B1,
                      MPI_COMM_WORLD, &pair_b[0]);
        MPI_Isendrecv_replace(yb, 2, MPI_UINT64_T, left, TAG_B2, MPI_ANY_SOURCE, TAG_B2,
                              MPI_COMM_WORLD, &pair_b[1]);
        if (it % 5 == 0)
            MPI_Comm_idup(MPI_COMM_WORLD, &fresh, &idup_reqs[0]);
#pragma ckpt potential
        if (it % 5 == 0)
            MPI_Comm_idup_with_info(other, MPI_INFO_NULL, &next, &idup_reqs[1]);

        /* Pair A, completed while the persistent collectives run. */
        MPI_Request pair_a[2];
        MPI_Status st_a[2];
        for (int j = 0; j < 3; j++)
            xa_out[j] = word(h, 12, left, j);
        for (int j = 0; j < 5; j++)
            xa_in[j] = POISON;
        ya[0] = word(h, 13, right, 0);
        ya[1] = word(h, 13, right, 1);
        MPI_Isendrecv(xa_out, 3, MPI_UINT64_T, left, TAG_A1, xa_in, 1, vec, MPI_ANY_SOURCE,
                      TAG_A1, MPI_COMM_WORLD, &pair_a[0]);
        MPI_Isendrecv_replace(ya, 2, MPI_UINT64_T, right, TAG_A2, left, TAG_A2, MPI_COMM_WORLD,
                              &pair_a[1]);

        h = collectives(h, it);

        MPI_Waitall(2, pair_a, st_a);
        h = fold(h, xa_in, 5);
        h = fold(h, ya, 2);

        /* The duplicates: one used and freed, the other kept. */
        if (it % 5 == 0) {
            MPI_Status st_dup[2];
            MPI_Waitall(2, idup_reqs, st_dup);
            uint64_t mine = mix64(h + 1), total;
            MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, fresh);
            h = ring(mix64(h ^ total), fresh, TAG_FRESH);
            MPI_Comm_free(&fresh);
            mine = mix64(h + 2);
            MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_BXOR, next);
            h = mix64(h ^ total);
            if (kept != MPI_COMM_NULL)
                MPI_Comm_free(&kept);
            kept = next;
            next = MPI_COMM_NULL;
            idups += 2;
        }
        h = ring(h, kept, TAG_KEPT);

        /* The MPI_Allreduce started before the potential point. */
        test_until_done(&ar_req);
        h = fold(h, ar_out, 4);

        /* Pair B. */
        MPI_Status st_b[2];
        MPI_Waitall(2, pair_b, st_b);
        h = fold(h, xb_in, 5);
        h = fold(h, yb, 2);
    }

    free_persistent();
    MPI_Comm_free(&kept);
    MPI_Type_free(&vec);
    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("persistent_coll: %d ranks, %d iterations, %d communicators duplicated\n", size,
               iters, idups);
        for (int r = 0; r < size; r++)
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
    }
    free(all);
    MPI_Comm_free(&cart);
    MPI_Comm_free(&other);
    MPI_Finalize();
    return 0;
}
