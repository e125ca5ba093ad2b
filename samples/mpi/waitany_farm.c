/* waitany_farm: every rank farms small tasks out to the others and serves
 * theirs, completing each message with MPI_Waitany over a set of receives
 * posted with MPI_ANY_SOURCE and MPI_ANY_TAG: the pattern of adaptive-mesh
 * and task-farm codes whose every completion is a non-deterministic outcome
 * the coordination layer logs (issue 20: its failure-free cost).
 *
 * Each rank sends `tasks` tasks, round-robin to the other ranks, keeping at
 * most SLOTS in flight, and answers every task sent to it with its result;
 * it receives 2 * tasks messages in all (its results and the others' tasks,
 * since the round-robin gives every rank as many tasks as it sends), always
 * with SLOTS receives posted while that many are still to come. A result is
 * stored by task id, so the output does not depend on the order of
 * completions. Rank 0 prints a checksum of all results at the end. The
 * potential checkpoint is at the top of the completion loop.
 *
 * With FARM_TIMING=1 in the environment, rank 0 writes the loop's time
 * (MPI_Wtime, after a barrier) to standard error.
 *
 *   mpiexec -n N waitany_farm [tasks] [work]   defaults: 35000 tasks a rank, work 200
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SLOTS 4
#define TAG_TASK 30
#define TAG_RESULT 31

struct message {
    int64_t id;   /* the sender's task id */
    double value; /* a result; unused in a task */
};

/* Task `id` to the next of the other ranks, round-robin (*next_peer counts). */
static void send_task(int64_t id, int rank, int nranks, int *next_peer)
{
    struct message task = {id, 0.0};
    int peer = (rank + 1 + *next_peer) % nranks;
    *next_peer = (*next_peer + 1) % (nranks - 1);
    MPI_Send(&task, (int)sizeof task, MPI_BYTE, peer, TAG_TASK, MPI_COMM_WORLD);
}

/* A task's result: a little arithmetic on its id, `work` steps of it. */
static double compute(int64_t id, int work)
{
    double x = (double)(id % 1000) * 1e-3, acc = 0.0;
    for (int k = 0; k < work; k++)
        acc += x / (1.0 + (double)k * x * x);
    return acc + (double)id;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    int tasks = argc > 1 ? atoi(argv[1]) : 35000;
    int work = argc > 2 ? atoi(argv[2]) : 200;
    if (nranks < 2 || tasks < 1 || tasks % (nranks - 1) != 0 || work < 0) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N (N >= 2) waitany_farm [tasks, a multiple of "
                            "N - 1] [work]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int timing = getenv("FARM_TIMING") ? atoi(getenv("FARM_TIMING")) : 0;

    double *results = calloc((size_t)tasks, sizeof *results);
    struct message incoming[SLOTS], outgoing_result;
    MPI_Request slots[SLOTS];
    if (!results) {
        fprintf(stderr, "waitany_farm: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int to_receive = 2 * tasks, posted = 0;
    for (int s = 0; s < SLOTS; s++) {
        slots[s] = MPI_REQUEST_NULL;
        if (posted < to_receive) {
            MPI_Irecv(&incoming[s], (int)sizeof incoming[s], MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG,
                      MPI_COMM_WORLD, &slots[s]);
            posted++;
        }
    }

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    int sent = 0, next_peer = 0;
    /* The first tasks, as many as there are slots. */
    while (sent < tasks && sent < SLOTS)
        send_task(sent++, rank, nranks, &next_peer);
    int received = 0, results_in = 0;
    while (received < to_receive) {
#pragma ckpt potential
        int s;
        MPI_Status st;
        MPI_Waitany(SLOTS, slots, &s, &st);
        struct message m = incoming[s];
        received++;
        if (posted < to_receive) { /* the slot again, while messages are still to come */
            MPI_Irecv(&incoming[s], (int)sizeof incoming[s], MPI_BYTE, MPI_ANY_SOURCE,
                      MPI_ANY_TAG, MPI_COMM_WORLD, &slots[s]);
            posted++;
        }
        if (st.MPI_TAG == TAG_TASK) {
            outgoing_result.id = m.id;
            outgoing_result.value = compute(m.id, work);
            MPI_Send(&outgoing_result, (int)sizeof outgoing_result, MPI_BYTE, st.MPI_SOURCE,
                     TAG_RESULT, MPI_COMM_WORLD);
            continue;
        }
        results[m.id] = m.value;
        results_in++;
        if (sent < tasks) /* a result in, a task out */
            send_task(sent++, rank, nranks, &next_peer);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = MPI_Wtime();

    double sum = 0.0, total = 0.0;
    for (int id = 0; id < tasks; id++)
        sum += results[id] * (double)((id % 7) + 1);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("waitany_farm: %d ranks, %d tasks a rank, work %d\n", nranks, tasks, work);
        printf("results in: %d a rank, checksum %.10e\n", results_in, total);
        if (timing)
            fprintf(stderr, "waitany_farm: time %.6f s\n", t1 - t0);
    }
    free(results);
    MPI_Finalize();
    return 0;
}
