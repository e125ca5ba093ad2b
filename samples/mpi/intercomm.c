/* intercomm: inter-communicators kept across the potential checkpoint.
 *
 * MPI_COMM_WORLD is split into two groups (the lower half and the rest),
 * joined by MPI_Intercomm_create with MPI_COMM_WORLD as the peer; the split
 * is freed at once, so that a recovery must build it again to build the
 * inter-communicator. From it: a duplicate, a merge into one
 * intra-communicator (MPI_Intercomm_merge) and a split that keeps each
 * group's even ranks, and the remote group (MPI_Comm_remote_group).
 *
 * Each iteration, on the inter-communicators:
 *   - point-to-point: every rank sends to a remote rank chosen by the
 *     iteration and receives what is sent to it with MPI_ANY_SOURCE;
 *   - MPI_Allgather and MPI_Alltoall between the groups (not MPI_Allreduce:
 *     MPICH 4.0.2's on an inter-communicator gives wrong results or hangs
 *     now and then after some thousand calls, without AALC);
 *   - MPI_Bcast and MPI_Gather rooted in one group (MPI_ROOT at the root,
 *     MPI_PROC_NULL at the others of its group), alternating groups;
 *   - an MPI_Ibcast started before the potential checkpoint and waited for
 *     after it;
 * and an MPI_Allreduce on the merged communicator. Every `renew`
 * iterations the inter-communicator is made again (its old one freed), so
 * that creations cross the recovery line too. Rank 0 prints every rank's
 * hash at the end. Needs at least 2 ranks.
 *
 *   mpiexec -n N intercomm [iterations] [renew]     defaults: 150, 9
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

static int world_rank, world_size, left; /* left: this rank is in the lower group */

/* The two groups joined: the local split is freed as soon as it served. */
static MPI_Comm make_intercomm(int tag)
{
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, left, world_rank, &local);
    int remote_leader = left ? world_size / 2 : 0;
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, remote_leader, tag, &inter);
    MPI_Comm_free(&local);
    return inter;
}

/* Point-to-point and collectives between the groups, folded into h. */
static uint64_t exchange(MPI_Comm inter, int it, uint64_t h)
{
    int rank, remote;
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_remote_size(inter, &remote);
    uint64_t mine = mix64(h + (uint64_t)it);
    /* Each rank sends one message to remote rank (rank + it) % remote and
     * receives what the remote ranks send it, in any order (folded so that
     * the order does not matter). */
    int local;
    MPI_Comm_size(inter, &local);
    int expected = 0;
    for (int r = 0; r < remote; r++)
        expected += (r + it) % local == rank;
    MPI_Request req;
    MPI_Isend(&mine, 1, MPI_UINT64_T, (rank + it) % remote, it % 5, inter, &req);
    uint64_t folded = 0;
    for (int k = 0; k < expected; k++) {
        uint64_t got;
        MPI_Status st;
        MPI_Recv(&got, 1, MPI_UINT64_T, MPI_ANY_SOURCE, it % 5, inter, &st);
        folded ^= mix64(got ^ (uint64_t)st.MPI_SOURCE);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    h = mix64(h ^ folded);

    uint64_t *all = malloc(sizeof *all * (size_t)remote * 2);
    MPI_Allgather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, inter);
    for (int i = 0; i < remote; i++)
        h = mix64(h ^ all[i]);
    uint64_t *out = malloc(sizeof *out * (size_t)remote);
    for (int i = 0; i < remote; i++)
        out[i] = mine + (uint64_t)i;
    MPI_Alltoall(out, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, inter);
    for (int i = 0; i < remote; i++)
        h = mix64(h ^ all[i]);

    /* Rooted in the left group on even iterations, the right one on odd. */
    int root_side = it % 2 == 0, root = rank == 0 ? MPI_ROOT : MPI_PROC_NULL;
    uint64_t value = left == root_side ? mine : 0;
    MPI_Bcast(&value, 1, MPI_UINT64_T, left == root_side ? root : 0, inter);
    h = mix64(h ^ value);
    MPI_Gather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, left == root_side ? root : 0,
               inter);
    if (left == root_side && rank == 0)
        for (int i = 0; i < remote; i++)
            h = mix64(h ^ all[i]);
    free(all);
    free(out);
    return h;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (world_size < 2) {
        if (world_rank == 0)
            fprintf(stderr, "intercomm: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int iterations = argc > 1 ? atoi(argv[1]) : 150, renew = argc > 2 ? atoi(argv[2]) : 9;
    left = world_rank < world_size / 2;

    MPI_Comm inter = make_intercomm(100), dup, merged, evens;
    MPI_Comm_dup(inter, &dup);
    MPI_Intercomm_merge(inter, !left, &merged);
    int rank;
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_split(inter, rank % 2 == 0 ? 0 : MPI_UNDEFINED, rank, &evens);
    MPI_Group remote_group;
    MPI_Comm_remote_group(inter, &remote_group);
    int remote_group_size;
    MPI_Group_size(remote_group, &remote_group_size);

    uint64_t h = mix64((uint64_t)world_rank + (uint64_t)remote_group_size * 1000);
    for (int it = 0; it < iterations; it++) {
        uint64_t bvalue = 0;
        MPI_Request bcast;
        int root = rank == 0 ? MPI_ROOT : MPI_PROC_NULL;
        if (left)
            bvalue = mix64(h);
        MPI_Ibcast(&bvalue, 1, MPI_UINT64_T, left ? root : 0, dup, &bcast);
#pragma ckpt potential
        MPI_Wait(&bcast, MPI_STATUS_IGNORE);
        h = mix64(h ^ bvalue);
        h = exchange(inter, it, h);
        if (evens != MPI_COMM_NULL)
            h = exchange(evens, it, h);
        uint64_t total = 0;
        MPI_Allreduce(&h, &total, 1, MPI_UINT64_T, MPI_BXOR, merged);
        h = mix64(h ^ total);
        if (renew > 0 && it % renew == renew - 1) {
            MPI_Comm_free(&inter);
            inter = make_intercomm(100 + it);
        }
    }

    uint64_t *hashes = world_rank == 0 ? malloc(sizeof *hashes * (size_t)world_size) : NULL;
    MPI_Gather(&h, 1, MPI_UINT64_T, hashes, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (world_rank == 0) {
        for (int r = 0; r < world_size; r++)
            printf("rank %d: %016llx\n", r, (unsigned long long)hashes[r]);
        free(hashes);
    }
    MPI_Group_free(&remote_group);
    if (evens != MPI_COMM_NULL)
        MPI_Comm_free(&evens);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&inter);
    MPI_Finalize();
    return 0;
}
