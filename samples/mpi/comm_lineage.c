/* comm_lineage: communicators made from communicators the program has
 * already freed, kept across the potential checkpoint.
 *
 * A graph benchmark does this: duplicate MPI_COMM_WORLD, split the
 * duplicate, free the duplicate, and use the split for the whole run. MPI
 * allows it (a communicator lives on independently of its parent); a
 * recovery must build the freed parent again to build the child.
 *
 * Before the loop, five communicators, each from a parent freed at once:
 *   split_of_dup    MPI_Comm_split of an MPI_Comm_dup (the benchmark's case)
 *   sub_of_cart     MPI_Cart_sub of an MPI_Cart_create
 *   created_of_dup  MPI_Comm_create from a group, on a duplicate
 *   cart_of_split   MPI_Cart_create on a duplicate of a split (both freed)
 *   group_of_dup    MPI_Comm_create_group on a duplicate (first and last rank)
 * and in the loop, every `renew` iterations, `chain` is replaced by a split
 * of a duplicate of itself (both old ones freed), so that such creations
 * also cross the recovery line and the lineage grows with the run.
 *
 * Each iteration runs an MPI_Allreduce on every communicator the rank
 * belongs to, folding each result into a running 64-bit hash, so a lost,
 * repeated or misdirected collective changes the output. The potential
 * checkpoint is at the top of each iteration. Rank 0 prints every rank's
 * hash at the end.
 *
 *   mpiexec -n N comm_lineage [iterations] [renew]     defaults: 150, 7
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

/* One collective on comm (if this rank is in it), folded into h. */
static uint64_t reduce_on(MPI_Comm comm, uint64_t h, uint64_t salt)
{
    if (comm == MPI_COMM_NULL)
        return h;
    uint64_t in = mix64(h + salt), out;
    MPI_Allreduce(&in, &out, 1, MPI_UINT64_T, MPI_SUM, comm);
    return mix64(h ^ mix64(out));
}

/* A split (by rank parity) of a duplicate of parent; the duplicate is freed. */
static MPI_Comm split_of_dup(MPI_Comm parent, int rank)
{
    MPI_Comm dup, split;
    MPI_Comm_dup(parent, &dup);
    MPI_Comm_split(dup, rank % 2, -rank, &split);
    MPI_Comm_free(&dup);
    return split;
}

static MPI_Comm sub_of_cart(int size)
{
    int dims[2] = {size, 1}, periods[2] = {1, 0}, remain[2] = {1, 0};
    MPI_Comm cart, sub;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_sub(cart, remain, &sub);
    MPI_Comm_free(&cart);
    return sub;
}

/* ranks[0..n) of a duplicate of MPI_COMM_WORLD, by MPI_Comm_create (collective
 * on the duplicate) or MPI_Comm_create_group (only the members call it). */
static MPI_Comm of_group(int n, const int *ranks, int by_group, int member)
{
    MPI_Comm dup, out = MPI_COMM_NULL;
    MPI_Group all, group;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_group(dup, &all);
    MPI_Group_incl(all, n, ranks, &group);
    if (!by_group)
        MPI_Comm_create(dup, group, &out);
    else if (member)
        MPI_Comm_create_group(dup, group, 5, &out);
    MPI_Group_free(&group);
    MPI_Group_free(&all);
    MPI_Comm_free(&dup);
    return out;
}

static MPI_Comm cart_of_split(int rank, int size)
{
    MPI_Comm split, dup, cart;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &split);
    MPI_Comm_dup(split, &dup);
    MPI_Comm_free(&split);
    int dims[1] = {size}, periods[1] = {0};
    MPI_Cart_create(dup, 1, dims, periods, 1, &cart);
    MPI_Comm_free(&dup);
    return cart;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 150;
    int renew = argc > 2 ? atoi(argv[2]) : 7;
    if (iters < 1 || renew < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N comm_lineage [iterations] [renew]\n");
        MPI_Finalize();
        return 1;
    }

    int odd_ranks[2] = {1, size - 1}, ends[2] = {0, size - 1};
    int odd_n = size > 2 ? 2 : 1, ends_n = size > 1 ? 2 : 1;
    MPI_Comm comms[5] = {
        split_of_dup(MPI_COMM_WORLD, rank),
        sub_of_cart(size),
        of_group(size > 1 ? odd_n : 1, size > 1 ? odd_ranks : ends, 0, 0),
        cart_of_split(rank, size),
        of_group(ends_n, ends, 1, rank == 0 || rank == size - 1),
    };
    MPI_Comm chain = split_of_dup(MPI_COMM_WORLD, rank);

    uint64_t h = mix64(0x11e4a9eULL + (uint64_t)rank);
    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        for (int c = 0; c < 5; c++)
            h = reduce_on(comms[c], h, (uint64_t)c);
        h = reduce_on(chain, h, 9);
        if (it % renew == renew - 1) {
            MPI_Comm next = split_of_dup(chain, rank / 2);
            MPI_Comm_free(&chain);
            chain = next;
        }
    }

    for (int c = 0; c < 5; c++)
        if (comms[c] != MPI_COMM_NULL)
            MPI_Comm_free(&comms[c]);
    MPI_Comm_free(&chain);

    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("comm_lineage: %d ranks, %d iterations\n", size, iters);
        for (int r = 0; r < size; r++)
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
    }
    free(all);
    MPI_Finalize();
    return 0;
}
