/* collectives: every blocking collective on MPI_COMM_WORLD, every iteration.
 *
 * Each rank keeps a running 64-bit hash. In every iteration it calls, in this
 * order, MPI_Barrier, Bcast, Reduce, Allreduce, Gather, Gatherv, Scatter,
 * Scatterv, Allgather, Allgatherv, Alltoall, Alltoallv, Alltoallw,
 * Reduce_scatter, Reduce_scatter_block, Scan and Exscan. The data it
 * contributes to each call is derived from its hash, and every result is
 * folded into the hash straight away, so the data of each call depends on the
 * iteration and on all the results before it: a collective that is lost,
 * repeated or replayed with other data changes every later hash. The roots
 * rotate with the iteration, and the counts of the v-variants (and of
 * Reduce_scatter) vary with the rank and the iteration. Alltoallw sends
 * 32-bit and 64-bit integers to alternate peers.
 *
 * All arithmetic is on unsigned 64-bit integers (sums wrap mod 2^64, plus
 * MPI_BXOR, MPI_MAX, MPI_MIN), so the results do not depend on the order in
 * which MPI combines the contributions.
 *
 * The potential checkpoint is at the top of each iteration. Nothing is
 * printed until the end, when rank 0 gathers the hashes and prints one line
 * per rank and their sum.
 *
 *   mpiexec -n N collectives [iterations]      default: 40 iterations
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXC 3 /* largest per-peer count of the v-variants */

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Order-dependent: folding a then b differs from b then a. */
static uint64_t fold(uint64_t h, uint64_t v)
{
    return mix64(h ^ mix64(v));
}

static uint64_t fold_all(uint64_t h, const uint64_t *v, int n)
{
    for (int i = 0; i < n; i++)
        h = fold(h, v[i]);
    return h;
}

/* The count rank r contributes to / receives from peer p in iteration it. */
static int vcount(int r, int p, int it)
{
    return 1 + (r * 5 + p * 5 + it) % MAXC; /* symmetric in r and p */
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 40;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N collectives [iterations]\n");
        MPI_Finalize();
        return 1;
    }

    /* Buffers big enough for MAXC elements per peer; counts/displacements. */
    size_t cap = (size_t)size * MAXC;
    uint64_t *sbuf = malloc(cap * sizeof(uint64_t));
    uint64_t *rbuf = malloc(cap * sizeof(uint64_t));
    int *scounts = malloc((size_t)size * sizeof(int));
    int *sdispls = malloc((size_t)size * sizeof(int));
    int *rcounts = malloc((size_t)size * sizeof(int));
    int *rdispls = malloc((size_t)size * sizeof(int));
    /* Alltoallw: one 8-byte slot per peer, byte displacements, mixed types. */
    unsigned char *wsend = malloc((size_t)size * 8);
    unsigned char *wrecv = malloc((size_t)size * 8);
    int *wcounts = malloc((size_t)size * sizeof(int));
    int *wdispls = malloc((size_t)size * sizeof(int));
    MPI_Datatype *wtypes = malloc((size_t)size * sizeof(MPI_Datatype));
    uint64_t h = mix64(0x5eed0000ULL + (uint64_t)rank);

    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        int root = it % size;
        uint64_t x[4];

        MPI_Barrier(MPI_COMM_WORLD);
        h = fold(h, (uint64_t)it);

        /* Bcast: the root's hash-derived values reach everyone. */
        for (int i = 0; i < 4; i++)
            x[i] = mix64(h + (uint64_t)i);
        MPI_Bcast(x, 4, MPI_UINT64_T, root, MPI_COMM_WORLD);
        h = fold_all(h, x, 4);

        /* Reduce: sum, xor and max at a different root. */
        int rroot = (it + 1) % size;
        uint64_t rin[3] = {mix64(h), mix64(h ^ 1), mix64(h ^ 2)}, rout[3] = {0, 0, 0};
        MPI_Reduce(&rin[0], &rout[0], 1, MPI_UINT64_T, MPI_SUM, rroot, MPI_COMM_WORLD);
        MPI_Reduce(&rin[1], &rout[1], 1, MPI_UINT64_T, MPI_BXOR, rroot, MPI_COMM_WORLD);
        MPI_Reduce(&rin[2], &rout[2], 1, MPI_UINT64_T, MPI_MAX, rroot, MPI_COMM_WORLD);
        if (rank == rroot)
            h = fold_all(h, rout, 3);

        /* Allreduce: sum of two values each, then min of two, in place. */
        uint64_t ain[2] = {mix64(h + 7), h >> 3}, aout[2];
        MPI_Allreduce(ain, aout, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        h = fold_all(h, aout, 2);
        aout[0] = ain[0] ^ aout[0];
        aout[1] = ain[1];
        MPI_Allreduce(MPI_IN_PLACE, aout, 2, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
        h = fold_all(h, aout, 2);

        /* Gather: two values per rank. */
        int groot = (it + 2) % size;
        x[0] = mix64(h + 11);
        x[1] = mix64(h + 12);
        MPI_Gather(x, 2, MPI_UINT64_T, rbuf, 2, MPI_UINT64_T, groot, MPI_COMM_WORLD);
        if (rank == groot)
            h = fold_all(h, rbuf, 2 * size);

        /* Gatherv: rank r sends vcount(r, r, it) values. */
        int mycount = vcount(rank, rank, it), total = 0;
        for (int i = 0; i < mycount; i++)
            sbuf[i] = mix64(h + 20 + (uint64_t)i);
        for (int p = 0; p < size; p++) {
            rcounts[p] = vcount(p, p, it);
            rdispls[p] = total;
            total += rcounts[p];
        }
        MPI_Gatherv(sbuf, mycount, MPI_UINT64_T, rbuf, rcounts, rdispls, MPI_UINT64_T, root,
                    MPI_COMM_WORLD);
        if (rank == root)
            h = fold_all(h, rbuf, total);

        /* Scatter: the root deals two values to each rank. */
        int sroot = (it + 1) % size;
        for (int i = 0; i < 2 * size; i++)
            sbuf[i] = mix64(h + 30 + (uint64_t)i);
        MPI_Scatter(sbuf, 2, MPI_UINT64_T, x, 2, MPI_UINT64_T, sroot, MPI_COMM_WORLD);
        h = fold_all(h, x, 2);

        /* Scatterv: the same counts as the Gatherv, from another root. */
        for (int i = 0; i < total; i++)
            sbuf[i] = mix64(h + 40 + (uint64_t)i);
        MPI_Scatterv(sbuf, rcounts, rdispls, MPI_UINT64_T, rbuf, mycount, MPI_UINT64_T,
                     groot, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, mycount);

        /* Allgather: one value per rank. */
        x[0] = mix64(h + 50);
        MPI_Allgather(x, 1, MPI_UINT64_T, rbuf, 1, MPI_UINT64_T, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, size);

        /* Allgatherv: the Gatherv counts, shifted by one iteration. */
        mycount = vcount(rank, rank, it + 1);
        total = 0;
        for (int p = 0; p < size; p++) {
            rcounts[p] = vcount(p, p, it + 1);
            rdispls[p] = total;
            total += rcounts[p];
        }
        for (int i = 0; i < mycount; i++)
            sbuf[i] = mix64(h + 60 + (uint64_t)i);
        MPI_Allgatherv(sbuf, mycount, MPI_UINT64_T, rbuf, rcounts, rdispls, MPI_UINT64_T,
                       MPI_COMM_WORLD);
        h = fold_all(h, rbuf, total);

        /* Alltoall: one value to each peer. */
        for (int p = 0; p < size; p++)
            sbuf[p] = mix64(h + 70 + (uint64_t)p);
        MPI_Alltoall(sbuf, 1, MPI_UINT64_T, rbuf, 1, MPI_UINT64_T, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, size);

        /* Alltoallv: vcount(rank, p) values each way between rank and p. */
        int stotal = 0;
        total = 0;
        for (int p = 0; p < size; p++) {
            scounts[p] = vcount(rank, p, it);
            sdispls[p] = stotal;
            stotal += scounts[p];
            rcounts[p] = vcount(p, rank, it);
            rdispls[p] = total;
            total += rcounts[p];
        }
        for (int i = 0; i < stotal; i++)
            sbuf[i] = mix64(h + 80 + (uint64_t)i);
        MPI_Alltoallv(sbuf, scounts, sdispls, MPI_UINT64_T, rbuf, rcounts, rdispls,
                      MPI_UINT64_T, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, total);

        /* Alltoallw: a 32-bit value between ranks of different parity in this
         * iteration's pairing, a 64-bit one otherwise; both sides agree on the
         * type because the choice is symmetric in the pair. */
        memset(wrecv, 0, (size_t)size * 8);
        for (int p = 0; p < size; p++) {
            uint64_t v = mix64(h + 90 + (uint64_t)p);
            wcounts[p] = 1;
            wdispls[p] = 8 * p;
            if ((rank + p + it) % 2) {
                uint32_t w = (uint32_t)v;
                wtypes[p] = MPI_UINT32_T;
                memcpy(wsend + 8 * p, &w, sizeof w);
            } else {
                wtypes[p] = MPI_UINT64_T;
                memcpy(wsend + 8 * p, &v, sizeof v);
            }
        }
        MPI_Alltoallw(wsend, wcounts, wdispls, wtypes, wrecv, wcounts, wdispls, wtypes,
                      MPI_COMM_WORLD);
        for (int p = 0; p < size; p++) {
            uint64_t v;
            if (wtypes[p] == MPI_UINT32_T) {
                uint32_t w;
                memcpy(&w, wrecv + 8 * p, sizeof w);
                v = w;
            } else {
                memcpy(&v, wrecv + 8 * p, sizeof v);
            }
            h = fold(h, v);
        }

        /* Reduce_scatter: block p of the sum has vcount(p, 0, it) values. */
        total = 0;
        for (int p = 0; p < size; p++) {
            rcounts[p] = vcount(p, 0, it);
            total += rcounts[p];
        }
        for (int i = 0; i < total; i++)
            sbuf[i] = mix64(h + 100 + (uint64_t)i);
        MPI_Reduce_scatter(sbuf, rbuf, rcounts, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, rcounts[rank]);

        /* Reduce_scatter_block: two values per rank, xor. */
        for (int i = 0; i < 2 * size; i++)
            sbuf[i] = mix64(h + 110 + (uint64_t)i);
        MPI_Reduce_scatter_block(sbuf, rbuf, 2, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, 2);

        /* Scan and Exscan: prefix sums; Exscan's result is undefined on rank 0. */
        x[0] = mix64(h + 120);
        x[1] = h >> 40;
        MPI_Scan(x, rbuf, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        h = fold_all(h, rbuf, 2);
        x[0] = mix64(h + 130);
        MPI_Exscan(x, rbuf, 1, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
        if (rank != 0)
            h = fold(h, rbuf[0]);
    }

    /* Results: every rank's hash to rank 0. */
    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t sum = 0;
        printf("collectives: %d ranks, %d iterations\n", size, iters);
        for (int r = 0; r < size; r++) {
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
            sum += all[r];
        }
        printf("total: %016llx\n", (unsigned long long)sum);
    }
    free(all);
    free(sbuf);
    free(rbuf);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
    free(wsend);
    free(wrecv);
    free(wcounts);
    free(wdispls);
    free(wtypes);
    MPI_Finalize();
    return 0;
}
