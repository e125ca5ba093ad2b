/* overtaken_receive: receives that MPI has matched but the program has not
 * tested yet, while a later receive of the same sender has completed.
 *
 * Every round, rank 1 posts two receives from any source with the same
 * tag, and rank 0 sends two numbers. Rank 1 tests only the second receive
 * until it completes, then waits for the first: MPI matched the first
 * number to the first receive (messages of one sender do not overtake each
 * other), but nothing looked at that receive before the second completed.
 * The potential checkpoint comes in one of two places:
 *  - early (the default): after the second receive completed on rank 1, before rank
 *    0 sends. A checkpoint there makes both numbers early messages for rank
 *    1, the second one in its state and the first still in MPI. A recovery
 *    that took "the early messages rank 1 holds" to be the first ones rank 0
 *    sent would suppress the wrong number and send the other twice.
 *  - late: after rank 0 sent, before rank 1 tests. Both numbers are
 *    then late messages for rank 1, logged in the order they complete: the
 *    second first. A recovery that handed them out in that order would give
 *    the first receive the second number.
 * (Issue 20's task farm, samples/mpi/waitany_farm.c, lost results both ways
 * under MPI_Waitany.)
 *
 * Rank 1 checks that each receive got its own number and prints a sum.
 * Rank 0 waits for rank 1's acknowledgement before each round, so that it
 * cannot run ahead. Other ranks only take part in the final reduction.
 *
 *   mpiexec -n 2 overtaken_receive [rounds [early|late]]   defaults: 3000 early
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAG_NUMBER 7
#define TAG_ACK 8

static void nap(void)
{
    struct timespec t = {0, 20000}; /* 20 us: the first number has time to arrive */
    nanosleep(&t, NULL);
}

/* Rank 1: test the second receive alone until it completes. */
static void second_only(MPI_Request *second)
{
    int done = 0;
    while (!done) {
        MPI_Test(second, &done, MPI_STATUS_IGNORE);
        if (!done)
            nap();
    }
}

static void send_both(const long long numbers[2])
{
    MPI_Send(&numbers[0], 1, MPI_LONG_LONG, 1, TAG_NUMBER, MPI_COMM_WORLD);
    MPI_Send(&numbers[1], 1, MPI_LONG_LONG, 1, TAG_NUMBER, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    int rounds = argc > 1 ? atoi(argv[1]) : 3000;
    int late = argc > 2 && strcmp(argv[2], "late") == 0;
    if (nranks < 2 || rounds < 1 || (argc > 2 && !late && strcmp(argv[2], "early") != 0)) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N (N >= 2) overtaken_receive [rounds [early|late]]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long long sum = 0, wrong = 0;
    for (int round = 0; round < rounds; round++) {
        long long first = -1, second = -1, numbers[2] = {2LL * round, 2LL * round + 1};
        MPI_Request receives[2];
        if (rank == 1) {
            MPI_Irecv(&first, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, TAG_NUMBER, MPI_COMM_WORLD,
                      &receives[0]);
            MPI_Irecv(&second, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, TAG_NUMBER, MPI_COMM_WORLD,
                      &receives[1]);
            MPI_Send(&round, 1, MPI_INT, 0, TAG_ACK, MPI_COMM_WORLD); /* ready */
            if (!late)
                second_only(&receives[1]);
        } else if (rank == 0) {
            int ready;
            MPI_Recv(&ready, 1, MPI_INT, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (late)
                send_both(numbers);
        }
#pragma ckpt potential
        if (rank == 0 && !late) {
            send_both(numbers);
        } else if (rank == 1) {
            if (late)
                second_only(&receives[1]);
            MPI_Wait(&receives[0], MPI_STATUS_IGNORE);
            if (first != numbers[0] || second != numbers[1])
                wrong++;
            sum += first * 3 + second;
        }
    }
    long long totals[2] = {0, 0}, mine[2] = {sum, wrong};
    MPI_Reduce(mine, totals, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("overtaken_receive: %d rounds, %s, sum %lld, %lld rounds with a wrong number\n",
               rounds, late ? "late" : "early", totals[0], totals[1]);
    MPI_Finalize();
    return 0;
}
