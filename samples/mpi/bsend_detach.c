/* bsend_detach: buffered sends whose buffer is detached every step, while
 * the ranks' own large receives are still pending.
 *
 * Each step, around a ring: post the receive of the left neighbour's block
 * (MPI_Irecv), send my block to the right (odd steps: MPI_Bsend; steps
 * 4k + 2: a persistent MPI_Bsend_init request, made once; steps 4k: an
 * MPI_Ibsend from MPI_BOTTOM with a datatype of the block's absolute
 * address), detach the buffer
 * (which waits until the buffered message has gone), attach it again, and
 * only then wait for my receive. Blocks are 256 KiB, above the eager limit:
 * the buffered message goes only once the neighbour's receive matches it,
 * and that receive was posted before the detach, so MPI lets every rank
 * through. Then a little compute mixes the received block into the state.
 *
 * The potential checkpoint is at the top of each step. Every REPORT steps
 * rank 0 prints a hash of all ranks' states.
 *
 *   mpiexec -n N bsend_detach [steps] [words]   defaults: 300, 32768
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define REPORT 25

/* Open MPI 4.1's persistent buffered sends send other data in this program
 * (its plain build prints other sums than MPICH's, run after run): there
 * steps 4k + 2 send as steps 4k do. */
#if defined(OPEN_MPI) && OPEN_MPI
#define PERSISTENT_BSEND 0
#else
#define PERSISTENT_BSEND 1
#endif

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 300;
    int words = argc > 2 ? atoi(argv[2]) : 32768;
    if (size < 2 || steps < 1 || words < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N bsend_detach [steps] [words], N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    uint64_t *state = malloc((size_t)words * sizeof *state);
    uint64_t *incoming = malloc((size_t)words * sizeof *incoming);
    for (int i = 0; i < words; i++)
        state[i] = mix64((uint64_t)rank * (uint64_t)words + (uint64_t)i);
    int bsize = words * (int)sizeof(uint64_t) + MPI_BSEND_OVERHEAD;
    void *buffer = malloc((size_t)bsize);
    MPI_Buffer_attach(buffer, bsize);
    MPI_Aint at;
    MPI_Get_address(state, &at);
    int length = words;
    MPI_Datatype absolute;
    MPI_Type_create_hindexed(1, &length, &at, MPI_UINT64_T, &absolute);
    MPI_Type_commit(&absolute);
    MPI_Request to_right_persistent;
    /* The tag of the persistent send is fixed: the receive matches it by
     * step. */
    MPI_Bsend_init(state, words, MPI_UINT64_T, right, 0, MPI_COMM_WORLD, &to_right_persistent);

    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        MPI_Request from_left;
        int tag = step % 4 == 2 ? 0 : step;
        MPI_Irecv(incoming, words, MPI_UINT64_T, left, tag, MPI_COMM_WORLD, &from_left);
        if (step % 2) {
            MPI_Bsend(state, words, MPI_UINT64_T, right, tag, MPI_COMM_WORLD);
        } else if (step % 4 == 2 && PERSISTENT_BSEND) {
            MPI_Start(&to_right_persistent);
            MPI_Wait(&to_right_persistent, MPI_STATUS_IGNORE);
        } else {
            MPI_Request to_right;
            MPI_Ibsend(MPI_BOTTOM, 1, absolute, right, tag, MPI_COMM_WORLD, &to_right);
            MPI_Wait(&to_right, MPI_STATUS_IGNORE);
        }
        void *detached;
        int detached_size;
        MPI_Buffer_detach(&detached, &detached_size);
        if (detached != buffer || detached_size != bsize) {
            fprintf(stderr, "rank %d: detach gave %p (%d bytes), attached %p (%d bytes)\n",
                    rank, detached, detached_size, buffer, bsize);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        MPI_Buffer_attach(detached, detached_size);
        MPI_Wait(&from_left, MPI_STATUS_IGNORE);
        for (int i = 0; i < words; i++)
            state[i] = mix64(state[i] ^ incoming[(i + step) % words]);

        if (step % REPORT == 0 || step == steps) {
            uint64_t mine = 0, all = 0;
            for (int i = 0; i < words; i++)
                mine += mix64(state[i] + (uint64_t)i);
            MPI_Reduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
            if (rank == 0)
                printf("step %d: hash %016llx\n", step, (unsigned long long)all);
        }
    }
    MPI_Request_free(&to_right_persistent);
    MPI_Type_free(&absolute);
    void *detached;
    int detached_size;
    MPI_Buffer_detach(&detached, &detached_size);
    free(buffer);
    free(state);
    free(incoming);
    MPI_Finalize();
    return 0;
}
