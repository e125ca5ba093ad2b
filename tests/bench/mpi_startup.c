/* Benchmark reference: an MPI program that does nothing. Its wall-clock
 * under mpiexec is the MPI start-up (and shut-down) a restore also pays. */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
