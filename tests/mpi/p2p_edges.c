/* Edge cases of the layer's blocking point-to-point calls, one per mode
 * (tests/mpi/p2p_edges.py runs them and checks how each ends):
 *
 *   deadlock   rank 0 posts a large MPI_Irecv, then a small MPI_Ssend;
 *              rank 1 first sends the large message, then receives the small
 *              one. Legal MPI: it must finish (the layer's blocking send must
 *              keep rank 0's split receive moving while it waits, when the
 *              message is split: p2p_edges.py runs it both ways).
 *   trunc-small, trunc-large, trunc-tiny
 *              a message larger than the receive buffer (combined, data alone
 *              or split, into a buffer smaller than the header): it stops
 *              with "message truncated", in the program's terms from the layer;
 *              data alone lands straight in the program's buffer, so MPI
 *              itself reports it, as it would without the layer.
 *   huge       a 4 GiB message (count * size past INT_MAX): refused with a
 *              message, never sent truncated.
 *   status     MPI_SOURCE, MPI_TAG and MPI_Get_count after receives of a
 *              combined, an empty and a large message: printed by rank 1.
 *
 *   mpiexec -n 2 p2p_edges MODE
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *mode = argc > 1 ? argv[1] : "";
    int n = 1 << 17; /* 1 MiB of doubles: data alone, or split */
    double *big = calloc((size_t)n, sizeof *big), d[5] = {1, 2, 3, 4, 5};
    MPI_Status st;
    if (!strcmp(mode, "deadlock")) {
        if (rank == 0) {
            MPI_Request r;
            MPI_Irecv(big, n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &r);
            MPI_Ssend(d, 1, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            sleep(1); /* rank 0 is in its MPI_Ssend by now */
            MPI_Send(big, n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
            MPI_Recv(d, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        printf("rank %d done\n", rank);
    } else if (!strcmp(mode, "trunc-small") || !strcmp(mode, "trunc-large") ||
               !strcmp(mode, "trunc-tiny")) {
        int large = !strcmp(mode, "trunc-large"), tiny = !strcmp(mode, "trunc-tiny");
        if (rank == 0)
            MPI_Send(large ? big : d, large ? 4000 : tiny ? 1 : 5, MPI_DOUBLE, 1, 1,
                     MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(large ? (void *)big : (void *)d, large ? 3000 : tiny ? 1 : 3,
                     tiny ? MPI_INT : MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
        printf("rank %d: no error\n", rank);
    } else if (!strcmp(mode, "huge")) {
        int count = 536870913; /* 8 * count = 2^32 + 8 bytes */
        if (rank == 0) {
            MPI_Send(d, 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD); /* the layer remembers MPI_DOUBLE */
            MPI_Send(d, count, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(d, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
            MPI_Recv(d, count, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &st);
        }
        printf("rank %d: no error\n", rank);
    } else if (!strcmp(mode, "status")) {
        int count;
        if (rank == 0) {
            MPI_Send(d, 3, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
            MPI_Send(d, 0, MPI_DOUBLE, 1, 8, MPI_COMM_WORLD);
            MPI_Send(big, 2000, MPI_DOUBLE, 1, 9, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(d, 5, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            MPI_Recv(d, 5, MPI_DOUBLE, 0, 8, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            MPI_Recv(big, n, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
        }
    } else {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 p2p_edges deadlock|trunc-small|trunc-large|"
                            "trunc-tiny|huge|status\n");
        MPI_Finalize();
        return 2;
    }
    free(big);
    MPI_Finalize();
    return 0;
}
