/* MPI_Finalize in an atexit handler, as some codes do (tests/serial/lifecycle.py):
 * after a recovery, the runtime's end-of-job step must still run after it.
 * Rank 1 kills itself at iteration 300 while the file $AALC_DIE_FLAG exists
 * (it removes it: once). */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void finalize(void)
{
    MPI_Finalize();
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    atexit(finalize);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *flag = getenv("AALC_DIE_FLAG");
    long v = rank, sum = 0;
    for (int it = 0; it < 600; it++) {
#pragma ckpt potential
        MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        v = sum % 1000 + it;
        usleep(1000); /* time for the checkpoints to commit before the kill */
        if (it == 300 && rank == 1 && flag && unlink(flag) == 0)
            raise(SIGKILL);
    }
    if (rank == 0)
        printf("sum %ld\n", sum);
    return 0;
}
