/* master_worker: rank 0 hands out tasks, the other ranks compute them.
 *
 * A task is a numerical integration whose size and result length depend on
 * the task id; its result comes back tagged with the id, and rank 0 stores it
 * by id, so the output does not depend on which worker did what or in which
 * order results arrived. Each worker always has a second task queued.
 *
 * Phase 1: the master polls with MPI_Iprobe(MPI_ANY_SOURCE); when a result is
 *   there it sizes it with MPI_Get_count, receives it from that source and
 *   sends that worker its next task (or the stop message). Workers receive
 *   with MPI_ANY_TAG (task or stop) and answer with MPI_Send.
 * Phase 2: the master keeps one MPI_Irecv(MPI_ANY_SOURCE) posted and polls it
 *   with MPI_Test; the request stays posted across loop iterations (and so
 *   across checkpoints). Workers answer with MPI_Isend from two alternating
 *   buffers, waiting for the previous send before reusing its buffer.
 *
 * Between polls the master does a chunk of its own work (a fixed number of
 * chunks, finished after the tasks if need be); in phase 1 it uses MPI_Wtime
 * to poll at most every POLL_GAP seconds while it has work of its own. How
 * often it polls does not change the result. The potential checkpoint is at the top of the
 * master's polling loops and of the workers' task loops. Nothing is printed
 * until the end.
 *
 *   mpiexec -n N master_worker [tasks] [work]     defaults: 160 tasks, work 1700000
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_TASK 20
#define TAG_STOP 21
#define TAG_RESULT 22
#define MAXLEN 8            /* longest result: id + up to 7 moments */
#define MASTER_CELLS 2000
#define MASTER_CHUNKS 6000
#define POLL_GAP 2e-4       /* seconds */

static int result_len(int task)
{
    return 2 + task % 6; /* the id plus 1..6 moments */
}

/* Task t: moments of f(x) = 1 / (1 + (a x)^2) on [0, 1], midpoint rule. */
static void compute_task(int task, int work, double *out)
{
    int len = result_len(task);
    int steps = work * (1 + task % 4);
    double a = 1.0 + (double)(task % 17) * 0.37, h = 1.0 / steps;
    double mom[MAXLEN] = {0};
    for (int i = 0; i < steps; i++) {
        double x = (i + 0.5) * h, f = h / (1.0 + a * a * x * x), p = f;
        for (int m = 1; m < len; m++) {
            mom[m] += p;
            p *= x;
        }
    }
    out[0] = task;
    for (int m = 1; m < len; m++)
        out[m] = mom[m];
}

/* The master's own work, done one chunk at a time between polls. */
struct mwork {
    double cells[MASTER_CELLS];
    int done;
};

static void master_chunk(struct mwork *w)
{
    for (int s = 0; s < 10; s++)
        for (int i = 1; i < MASTER_CELLS - 1; i++)
            w->cells[i] = 0.3 * (w->cells[i - 1] + w->cells[i] + w->cells[i + 1]) +
                          1e-4 * (double)((i + w->done) % 9 - 4);
    w->done++;
}

static void store(double *results, const double *buf, int count, int ntasks)
{
    int task = (int)buf[0];
    if (task < 0 || task >= ntasks || count != result_len(task)) {
        fprintf(stderr, "master_worker: bad result: task %d, %d values\n", task, count);
        exit(2);
    }
    if (results[task * MAXLEN] != -1.0) {
        fprintf(stderr, "master_worker: task %d came back twice\n", task);
        exit(2);
    }
    memcpy(&results[task * MAXLEN], buf, (size_t)count * sizeof(double));
}

/* Sends worker w its next task of [*next, end), or the stop message once. */
static void feed(int w, int *next, int end, char *stopped)
{
    if (*next < end) {
        int task = *next;
        MPI_Send(&task, 1, MPI_INT, w, TAG_TASK, MPI_COMM_WORLD);
        (*next)++;
    } else if (!stopped[w]) {
        int none = -1;
        MPI_Send(&none, 1, MPI_INT, w, TAG_STOP, MPI_COMM_WORLD);
        stopped[w] = 1;
    }
}

static void master(int size, int ntasks, double *results, struct mwork *mw)
{
    char *stopped = calloc((size_t)size, 1);
    int half = ntasks / 2;
    double buf[MAXLEN];

    /* Phase 1: tasks [0, half), MPI_Iprobe polling. */
    int next = 0, received = 0;
    for (int k = 0; k < 2; k++)
        for (int w = 1; w < size; w++)
            feed(w, &next, half, stopped);
    double next_poll = 0;
    while (received < half) {
#pragma ckpt potential
        /* Poll at most every POLL_GAP seconds while there is own work to do. */
        double now = MPI_Wtime();
        if (now < next_poll && mw->done < MASTER_CHUNKS) {
            master_chunk(mw);
            continue;
        }
        next_poll = now + POLL_GAP;
        int flag;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &st);
        if (flag) {
            int count;
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            MPI_Recv(buf, count, MPI_DOUBLE, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            store(results, buf, count, ntasks);
            received++;
            feed(st.MPI_SOURCE, &next, half, stopped);
        } else if (mw->done < MASTER_CHUNKS) {
            master_chunk(mw);
        }
    }
    for (int w = 1; w < size; w++)
        feed(w, &next, half, stopped); /* workers that never asked again */

    /* Phase 2: tasks [half, ntasks), one MPI_Irecv kept posted, MPI_Test. */
    memset(stopped, 0, (size_t)size);
    next = half;
    received = 0;
    for (int k = 0; k < 2; k++)
        for (int w = 1; w < size; w++)
            feed(w, &next, ntasks, stopped);
    MPI_Request req;
    MPI_Irecv(buf, MAXLEN, MPI_DOUBLE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &req);
    while (received < ntasks - half) {
#pragma ckpt potential
        int flag;
        MPI_Status st;
        MPI_Test(&req, &flag, &st);
        if (flag) {
            int count;
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            store(results, buf, count, ntasks);
            received++;
            if (received < ntasks - half)
                MPI_Irecv(buf, MAXLEN, MPI_DOUBLE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                          &req);
            feed(st.MPI_SOURCE, &next, ntasks, stopped);
        } else if (mw->done < MASTER_CHUNKS) {
            master_chunk(mw);
        }
    }
    for (int w = 1; w < size; w++)
        feed(w, &next, ntasks, stopped);
    while (mw->done < MASTER_CHUNKS)
        master_chunk(mw);
    free(stopped);
}

/* Returns the number of tasks this worker did (which depends on timing). */
static int worker(int work)
{
    int done = 0;
    double out[MAXLEN];

    /* Phase 1: blocking receive of task or stop, blocking send of the result. */
    for (;;) {
#pragma ckpt potential
        int task;
        MPI_Status st;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP)
            break;
        compute_task(task, work, out);
        MPI_Send(out, result_len(task), MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
        done++;
    }

    /* Phase 2: results leave with MPI_Isend from alternating buffers. */
    double bufs[2][MAXLEN];
    MPI_Request sreq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int cur = 0;
    for (;;) {
#pragma ckpt potential
        int task;
        MPI_Status st;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP)
            break;
        MPI_Wait(&sreq[cur], MPI_STATUS_IGNORE); /* this buffer's previous send */
        compute_task(task, work, bufs[cur]);
        MPI_Isend(bufs[cur], result_len(task), MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD,
                  &sreq[cur]);
        cur = 1 - cur;
        done++;
    }
    MPI_Status sts[2];
    MPI_Waitall(2, sreq, sts);
    return done;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ntasks = argc > 1 ? atoi(argv[1]) : 160;
    int work = argc > 2 ? atoi(argv[2]) : 1700000;
    if (size < 2 || ntasks < 2 || work < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N master_worker [tasks] [work], N >= 2\n");
        MPI_Finalize();
        return 1;
    }

    if (rank == 0) {
        double *results = malloc((size_t)ntasks * MAXLEN * sizeof(double));
        for (int i = 0; i < ntasks * MAXLEN; i++)
            results[i] = -1.0;
        struct mwork *mw = calloc(1, sizeof *mw);
        for (int i = 0; i < MASTER_CELLS; i++)
            mw->cells[i] = (double)(i % 23) / 23.0;
        master(size, ntasks, results, mw);

        /* Every worker reports how many tasks it did; only the total is printed. */
        int total = 0;
        for (int w = 1; w < size; w++) {
            MPI_Status st;
            int count, done;
            MPI_Probe(MPI_ANY_SOURCE, TAG_RESULT + 1, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            if (count != 1) {
                fprintf(stderr, "master_worker: bad report from %d\n", st.MPI_SOURCE);
                return 2;
            }
            MPI_Recv(&done, 1, MPI_INT, st.MPI_SOURCE, TAG_RESULT + 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            total += done;
        }

        printf("master_worker: %d tasks, work %d\n", ntasks, work);
        double all = 0;
        for (int t = 0; t < ntasks; t++) {
            double *r = &results[t * MAXLEN];
            printf("task %3d:", t);
            for (int m = 1; m < result_len(t); m++) {
                printf(" %.12e", r[m]);
                all += r[m] * (double)m;
            }
            printf("\n");
        }
        double mcheck = 0;
        for (int i = 0; i < MASTER_CELLS; i++)
            mcheck += mw->cells[i] * (double)(i % 7 + 1);
        printf("tasks done by workers: %d\n", total);
        printf("results checksum %.15e\n", all);
        printf("master work: %d chunks, checksum %.15e\n", mw->done, mcheck);
        free(results);
        free(mw);
    } else {
        int done;
        done = worker(work);
        MPI_Send(&done, 1, MPI_INT, 0, TAG_RESULT + 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
