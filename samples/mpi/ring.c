/* ring: a token travels around the ranks once per round; every rank adds to it.
 *
 * Each rank keeps a small field that it relaxes a little every round (the
 * compute). In a round, rank 0 pre-posts an MPI_Irecv for the returning token,
 * starts the token with MPI_Send, relaxes its field while the token travels,
 * and MPI_Waits for it. Every other rank relaxes its field first, then
 * MPI_Recvs the token from the left, adds its contribution and MPI_Sends it
 * on. The token's value feeds back into every field, so a lost, duplicated or
 * reordered token changes the output. Every 4th round the ranks also shift a
 * boundary value of their field to the right with MPI_Sendrecv.
 *
 * The potential checkpoint is at the top of each round. Nothing is printed
 * until the end: then rank 0 collects each rank's per-round contributions and
 * field checksum (point-to-point) and prints a deterministic summary.
 *
 *   mpiexec -n N ring [rounds] [sweeps]      defaults: 300 rounds, 600 sweeps
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define FIELD 4096
#define TAG_TOKEN 1
#define TAG_SHIFT 2
#define TAG_RESULT 3

/* A few sweeps of in-place smoothing with a forcing term; returns a checksum. */
static double relax(double *a, int n, int sweeps, int round)
{
    for (int s = 0; s < sweeps; s++) {
        for (int i = 1; i < n - 1; i++)
            a[i] = 0.25 * (a[i - 1] + 2.0 * a[i] + a[i + 1]) +
                   1e-3 * (double)((i * 7 + s + round) % 13 - 6);
    }
    double c = 0;
    for (int i = 0; i < n; i++)
        c += a[i] * (double)(1 + i % 5);
    return c;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rounds = argc > 1 ? atoi(argv[1]) : 300;
    int sweeps = argc > 2 ? atoi(argv[2]) : 600;
    if (size < 2 || rounds < 1 || sweeps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N ring [rounds] [sweeps], N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    double *field = malloc(FIELD * sizeof(double));
    double *contrib = malloc((size_t)rounds * sizeof(double));
    double *tokens = malloc((size_t)rounds * 4 * sizeof(double)); /* rank 0 only */
    for (int i = 0; i < FIELD; i++)
        field[i] = (double)((i * 37 + rank * 101) % 211) / 211.0;

    for (int round = 0; round < rounds; round++) {
#pragma ckpt potential
        double token[4], back[4];
        if (rank == 0) {
            MPI_Request req;
            MPI_Irecv(back, 4, MPI_DOUBLE, left, TAG_TOKEN, MPI_COMM_WORLD, &req);
            double c = field[round % FIELD] + field[FIELD / 2];
            token[0] = round;
            token[1] = c;          /* sum of contributions */
            token[2] = c;          /* order-dependent mix */
            token[3] = 1;          /* hops */
            MPI_Send(token, 4, MPI_DOUBLE, right, TAG_TOKEN, MPI_COMM_WORLD);
            contrib[round] = relax(field, FIELD, sweeps, round);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            if (back[0] != round || back[3] != size) {
                fprintf(stderr, "ring: rank 0: round %d: wrong token (round %g, %g hops)\n",
                        round, back[0], back[3]);
                return 2;
            }
            for (int j = 0; j < 4; j++)
                tokens[round * 4 + j] = back[j];
            field[(round * 13) % FIELD] += 1e-6 * back[2];
        } else {
            contrib[round] = relax(field, FIELD, sweeps, round);
            MPI_Recv(token, 4, MPI_DOUBLE, left, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (token[0] != round) {
                fprintf(stderr, "ring: rank %d: round %d: token of round %g\n", rank, round,
                        token[0]);
                return 2;
            }
            double c = contrib[round] * 1e-4 + token[1] * 1e-3;
            token[1] += c;
            token[2] = 0.75 * token[2] + c * (double)(rank + 1);
            token[3] += 1;
            MPI_Send(token, 4, MPI_DOUBLE, right, TAG_TOKEN, MPI_COMM_WORLD);
            field[(round * 13 + rank) % FIELD] += 1e-6 * token[2];
        }
        if (round % 4 == 3) {
            double out = field[FIELD - 2], in;
            MPI_Sendrecv(&out, 1, MPI_DOUBLE, right, TAG_SHIFT, &in, 1, MPI_DOUBLE, left,
                         TAG_SHIFT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            field[1] = 0.5 * (field[1] + in);
        }
    }

    /* Results: every rank's contributions and final field checksum to rank 0. */
    double fsum = 0;
    for (int i = 0; i < FIELD; i++)
        fsum += field[i] * (double)(i % 11 + 1);
    if (rank != 0) {
        MPI_Send(contrib, rounds, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
        MPI_Send(&fsum, 1, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
    } else {
        printf("ring: %d ranks, %d rounds, %d sweeps\n", size, rounds, sweeps);
        for (int round = 0; round < rounds; round++)
            if (round % 10 == 9 || round == rounds - 1)
                printf("round %4d: token sum %.12e  mix %.12e  hops %.0f\n", round + 1,
                       tokens[round * 4 + 1], tokens[round * 4 + 2], tokens[round * 4 + 3]);
        double *other = malloc((size_t)rounds * sizeof(double));
        for (int r = 0; r < size; r++) {
            double f = fsum, csum = 0;
            double *c = contrib;
            if (r != 0) {
                MPI_Recv(other, rounds, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                MPI_Recv(&f, 1, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                c = other;
            }
            for (int k = 0; k < rounds; k++)
                csum += c[k] * (double)(k % 7 + 1);
            printf("rank %d: contributions %.12e  field %.12e\n", r, csum, f);
        }
        free(other);
    }
    free(field);
    free(contrib);
    free(tokens);
    MPI_Finalize();
    return 0;
}
