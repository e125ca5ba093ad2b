/* comm_churn: a communicator made and freed in every iteration, as a
 * library does that duplicates its caller's communicator on each call.
 *
 * Over a long run such a program makes hundreds of thousands of
 * communicators. A recovery needs none of those freed by every rank before
 * the checkpoint, so the coordination layer must let them go; were they
 * kept, every checkpoint would carry and report them all and every recovery
 * would build them all again.
 *
 * Each iteration (potential checkpoint at its top):
 *   - duplicates MPI_COMM_WORLD, reduces on the duplicate, splits it by rank
 *     parity, reduces on the split, frees both;
 *   - every `renew` iterations, replaces `kept` by a split of a fresh
 *     duplicate that is freed at once: a live communicator whose parent is
 *     gone, which a recovery must still be able to build, while the previous
 *     `kept` and its parent may go; and replaces `pair`, a split of
 *     MPI_COMM_WORLD that ranks 0 and 1 are in and the others are left out
 *     of (they record the creation all the same, and free nothing);
 *   - every 5th iteration makes a Cartesian communicator and frees it.
 * Every result is folded into a running hash; rank 0 prints every rank's.
 *
 *   mpiexec -n N comm_churn [iterations] [renew]     defaults: 300, 10
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t reduce_on(MPI_Comm comm, uint64_t h, uint64_t salt)
{
    uint64_t in = mix64(h + salt), out;
    MPI_Allreduce(&in, &out, 1, MPI_UINT64_T, MPI_SUM, comm);
    return mix64(h ^ mix64(out));
}

/* A split by parity of a duplicate of MPI_COMM_WORLD; the duplicate is freed. */
static MPI_Comm orphan_split(int rank)
{
    MPI_Comm dup, split;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(dup, rank % 2, rank, &split);
    MPI_Comm_free(&dup);
    return split;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 300;
    int renew = argc > 2 ? atoi(argv[2]) : 10;
    if (iters < 1 || renew < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N comm_churn [iterations] [renew]\n");
        MPI_Finalize();
        return 1;
    }

    MPI_Comm kept = orphan_split(rank), pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &pair);
    uint64_t h = mix64(0xc0ffeeULL + (uint64_t)rank);
    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        MPI_Comm dup, half;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        h = reduce_on(dup, h, 1);
        MPI_Comm_split(dup, rank % 2, size - rank, &half);
        h = reduce_on(half, h, 2);
        MPI_Comm_free(&half);
        MPI_Comm_free(&dup);

        h = reduce_on(kept, h, 3);
        if (pair != MPI_COMM_NULL)
            h = reduce_on(pair, h, 5);
        if (it % renew == renew - 1) {
            MPI_Comm_free(&kept);
            kept = orphan_split(rank + it);
            if (pair != MPI_COMM_NULL)
                MPI_Comm_free(&pair);
            MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, size - rank, &pair);
        }
        if (it % 5 == 4) {
            int dims[1] = {size}, periods[1] = {1}, left, right;
            MPI_Comm ring;
            MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
            MPI_Cart_shift(ring, 0, 1, &left, &right);
            uint64_t got = 0;
            MPI_Sendrecv(&h, 1, MPI_UINT64_T, right, 4, &got, 1, MPI_UINT64_T, left, 4, ring,
                         MPI_STATUS_IGNORE);
            h = mix64(h ^ got);
            MPI_Comm_free(&ring);
        }
    }
    MPI_Comm_free(&kept);
    if (pair != MPI_COMM_NULL)
        MPI_Comm_free(&pair);

    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("comm_churn: %d ranks, %d iterations\n", size, iters);
        for (int r = 0; r < size; r++)
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
    }
    free(all);
    MPI_Finalize();
    return 0;
}
