/* A 2-rank job for install.mpich_default: prints the rank count, the sum of
 * the ranks (an MPI_Allreduce) and the first word of the library's version. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING];
  int rank, size, sum = 0, len;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Get_library_version(version, &len);
  version[strcspn(version, " \t\n,")] = '\0';
  if (rank == 0)
    printf("ranks %d sum %d library %s\n", size, sum, version);
  MPI_Finalize();
  return 0;
}
