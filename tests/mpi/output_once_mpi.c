/* Every rank prints steadily, to stdout and stderr, each line its rank's
 * ("r<rank> ..."), so that a kill at any moment leaves lines printed after
 * the last checkpoint: tests/output_once.py checks, rank by rank, that a
 * recovery does not print them again through mpiexec's pipes.
 * Arguments: lines per rank (default 600), work per line (default 200000),
 * seconds rank 0 stays after MPI_Finalize (default 0: a rank that writes its
 * results after the end, while the others have exited). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long spin(unsigned long x, int n)
{
    for (int k = 0; k < n; k++)
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    return x;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int lines = argc > 1 ? atoi(argv[1]) : 600;
    int work = argc > 2 ? atoi(argv[2]) : 200000;
    double linger = argc > 3 ? atof(argv[3]) : 0.0;
    unsigned long x = 1 + (unsigned long)rank, all = 0;
    for (int i = 0; i < lines; i++) {
        x = spin(x, work);
        MPI_Allreduce(&x, &all, 1, MPI_UNSIGNED_LONG, MPI_BXOR, MPI_COMM_WORLD);
        /* Whole lines, so that mpiexec does not mix the ranks' lines. */
        printf("r%d line %d: %016lx %016lx\n", rank, i, x, all);
        fflush(stdout);
        if (i % 10 == 0) {
            fprintf(stderr, "r%d progress %d\n", rank, i);
            fflush(stderr);
        }
#pragma ckpt potential
    }
    printf("r%d done: %016lx\n", rank, all);
    MPI_Finalize();
    if (rank == 0 && linger > 0) {
        struct timespec t = {(time_t)linger, (long)((linger - (time_t)linger) * 1e9)};
        nanosleep(&t, NULL);
    }
    return 0;
}
