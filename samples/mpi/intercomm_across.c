/* intercomm_across: an MPI_Intercomm_create that the recovery line passes
 * between its two groups.
 *
 * Each iteration splits MPI_COMM_WORLD into a lower and an upper group and
 * joins them with MPI_Intercomm_create. The lower group's potential
 * checkpoint comes before the creation and after some computation, the
 * upper group's right after the creation: the upper group waits inside the
 * creation while the lower one computes, so a checkpoint asked for then
 * finds the lower group before the creation and the upper group past it.
 * Neither group's local communicator sees the other group, so only a count
 * over both groups can tell that the creation crossed the line.
 *
 * On the new inter-communicator the groups exchange values (MPI_Allgather
 * between the groups and a message between the leaders), folded into each
 * rank's hash; rank 0 prints every rank's hash at the end. Needs at least
 * 2 ranks.
 *
 *   mpiexec -n N intercomm_across [iterations] [work]   defaults: 200, 20000
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

/* Computation that keeps the lower group away from the creation for a while. */
static uint64_t work(uint64_t h, int rounds)
{
    for (int i = 0; i < rounds; i++)
        h = mix64(h + (uint64_t)i);
    return h;
}

static uint64_t exchange(MPI_Comm inter, uint64_t h, int it)
{
    int rank, remote;
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_remote_size(inter, &remote);
    uint64_t *theirs = malloc(sizeof *theirs * (size_t)remote);
    MPI_Allgather(&h, 1, MPI_UINT64_T, theirs, 1, MPI_UINT64_T, inter);
    for (int r = 0; r < remote; r++)
        h = mix64(h ^ mix64(theirs[r] + (uint64_t)r + 1));
    free(theirs);
    if (rank == 0) { /* the leaders */
        uint64_t got = 0;
        MPI_Sendrecv(&h, 1, MPI_UINT64_T, 0, it, &got, 1, MPI_UINT64_T, 0, it, inter,
                     MPI_STATUS_IGNORE);
        h = mix64(h ^ mix64(got + 3));
    }
    return h;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int world_rank, world_size;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (world_size < 2) {
        if (world_rank == 0)
            fprintf(stderr, "intercomm_across: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int iterations = argc > 1 ? atoi(argv[1]) : 200;
    int rounds = argc > 2 ? atoi(argv[2]) : 20000;
    int lower = world_rank < world_size / 2 + world_size % 2;
    int lower_size = world_size / 2 + world_size % 2;

    uint64_t h = mix64((uint64_t)world_rank);
    for (int it = 0; it < iterations; it++) {
        MPI_Comm local, inter;
        MPI_Comm_split(MPI_COMM_WORLD, lower, world_rank, &local);
        if (lower) {
            h = work(h, rounds);
#pragma ckpt potential
        }
        MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, lower ? lower_size : 0, 7, &inter);
        if (!lower) {
#pragma ckpt potential
        }
        MPI_Comm_free(&local);
        h = exchange(inter, h, it);
        MPI_Comm_free(&inter);
    }

    uint64_t *hashes = world_rank == 0 ? malloc(sizeof *hashes * (size_t)world_size) : NULL;
    MPI_Gather(&h, 1, MPI_UINT64_T, hashes, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (world_rank == 0) {
        for (int r = 0; r < world_size; r++)
            printf("rank %d: %016llx\n", r, (unsigned long long)hashes[r]);
        free(hashes);
    }
    MPI_Finalize();
    return 0;
}
