/* bigmsg: messages of every shape the coordination layer sends.
 *
 * The layer sends data up to 64 bytes in one message behind its header,
 * longer data alone (no header) while its epoch is committed, and otherwise
 * splits it into a header and a data message (see coordlayer/src/piggyback.c).
 * A receive that can take 66 bytes or more is posted straight into the
 * program's buffer, and must leave the buffer past the message as it was
 * whatever came. This program exercises all of that, with lengths from 1
 * double to 4096 (8, 64, 72, 80, 8184, 8192, 24000 and 32768 bytes)
 * chosen per iteration and rank:
 *   - a ring exchange where every rank posts MPI_Irecv, then sends with a
 *     blocking MPI_Send, then waits: correct MPI, which deadlocks if a split
 *     receive only posts its data part when the program waits for it;
 *   - a gather on rank 0 with MPI_Probe(MPI_ANY_SOURCE) and MPI_Get_count to
 *     size each receive, as programs do for messages of unknown length;
 *   - replies from rank 0 received into a buffer larger than the message;
 *   - a send polled with MPI_Test while a large receive is pending (the
 *     receive must move on although the program does not touch it);
 *   - MPI_Probe for a later, 8-byte message before MPI_Recv(MPI_ANY_TAG)
 *     takes an earlier one: the probe must not reorder the sender's messages.
 * Every receive into the large buffer checks that the bytes past the message
 * kept the marks put there before it. Received data feeds the state the next
 * messages are built from; rank 0 prints per-iteration checksums at the end.
 *
 *   mpiexec -n N bigmsg [iterations] [sweeps]     defaults: 200, 600
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_RING 40
#define TAG_GATHER 41
#define TAG_REPLY 42
#define TAG_RESULT 43
#define TAG_POLL 44
#define TAG_FIRST 45
#define TAG_SECOND 46
#define STATE 4096
#define BIG 4096 /* doubles */

static int length(int iter, int rank, int salt)
{
    static const int choices[] = {1, 8, 9, 10, 1023, 1024, 3000, BIG};
    return choices[(iter * 7 + rank * 3 + salt) % 8];
}

/* Marks in a receive buffer, and whether those past n values survived. */
static void mark(double *buf)
{
    for (int j = 0; j < BIG; j++)
        buf[j] = -0.5 - (double)j;
}

static int marks_kept(const double *buf, int n, int rank, int iter, const char *what)
{
    for (int j = n; j < BIG; j++)
        if (buf[j] != -0.5 - (double)j) {
            fprintf(stderr, "bigmsg: rank %d iteration %d: %s of %d values changed the "
                    "buffer past it at value %d\n", rank, iter, what, n, j);
            return 0;
        }
    return 1;
}

static void fill(double *buf, int len, const double *x, int iter, int salt)
{
    for (int j = 0; j < len; j++)
        buf[j] = x[(j * 5 + iter + salt) % STATE] + 1e-3 * (double)(j % 17);
}

static double absorb(double *x, const double *buf, int len)
{
    double c = 0;
    for (int j = 0; j < len; j++)
        c += buf[j] * (double)(j % 3 + 1);
    for (int j = 0; j < len; j += 32)
        x[(j * 3) % STATE] += 1e-6 * buf[j];
    return c;
}

static void compute(double *x, int sweeps, int iter)
{
    for (int s = 0; s < sweeps; s++)
        for (int i = 1; i < STATE - 1; i++)
            x[i] = 0.25 * (x[i - 1] + 2.0 * x[i] + x[i + 1]) +
                   1e-3 * (double)((i + s + iter) % 7 - 3);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    int sweeps = argc > 2 ? atoi(argv[2]) : 600;
    if (size < 2 || iters < 1 || sweeps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N bigmsg [iterations] [sweeps], N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    double *x = malloc(STATE * sizeof(double));
    double *sbuf = malloc(BIG * sizeof(double)), *rbuf = malloc(BIG * sizeof(double));
    double *hist = malloc((size_t)iters * sizeof(double));
    for (int i = 0; i < STATE; i++)
        x[i] = (double)((i * 31 + rank * 7) % 89) / 89.0;

    for (int k = 0; k < iters; k++) {
#pragma ckpt potential
        compute(x, sweeps, k);
        double h = 0;

        /* Ring: receive posted first, then a blocking send. */
        MPI_Request rreq;
        MPI_Status st;
        int n, len = length(k, rank, 0);
        mark(rbuf);
        MPI_Irecv(rbuf, BIG, MPI_DOUBLE, left, TAG_RING, MPI_COMM_WORLD, &rreq);
        fill(sbuf, len, x, k, 0);
        MPI_Send(sbuf, len, MPI_DOUBLE, right, TAG_RING, MPI_COMM_WORLD);
        MPI_Wait(&rreq, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &n);
        if (!marks_kept(rbuf, n, rank, k, "ring message"))
            return 2;
        if (n != length(k, left, 0)) {
            fprintf(stderr, "bigmsg: rank %d iteration %d: ring message of %d, expected %d\n",
                    rank, k, n, length(k, left, 0));
            return 2;
        }
        h += absorb(x, rbuf, n);

        /* Gather with probes on rank 0, replies of a size the receiver does not know. */
        if (rank == 0) {
            for (int m = 1; m < size; m++) {
                MPI_Probe(MPI_ANY_SOURCE, TAG_GATHER, MPI_COMM_WORLD, &st);
                MPI_Get_count(&st, MPI_DOUBLE, &n);
                if (n != length(k, st.MPI_SOURCE, 1)) {
                    fprintf(stderr, "bigmsg: iteration %d: probe says %d from rank %d, "
                            "expected %d\n", k, n, st.MPI_SOURCE, length(k, st.MPI_SOURCE, 1));
                    return 2;
                }
                double *msg = malloc((size_t)n * sizeof(double));
                int from = st.MPI_SOURCE;
                MPI_Recv(msg, n, MPI_DOUBLE, from, TAG_GATHER, MPI_COMM_WORLD, &st);
                h += absorb(x, msg, n) * (double)from;
                free(msg);
            }
            for (int r = 1; r < size; r++) {
                len = length(k, r, 2);
                fill(sbuf, len, x, k, r);
                MPI_Send(sbuf, len, MPI_DOUBLE, r, TAG_REPLY, MPI_COMM_WORLD);
            }
        } else {
            len = length(k, rank, 1);
            fill(sbuf, len, x, k, 1);
            MPI_Send(sbuf, len, MPI_DOUBLE, 0, TAG_GATHER, MPI_COMM_WORLD);
            mark(rbuf);
            MPI_Recv(rbuf, BIG, MPI_DOUBLE, 0, TAG_REPLY, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &n);
            if (!marks_kept(rbuf, n, rank, k, "reply"))
                return 2;
            if (n != length(k, rank, 2)) {
                fprintf(stderr, "bigmsg: rank %d iteration %d: reply of %d, expected %d\n",
                        rank, k, n, length(k, rank, 2));
                return 2;
            }
            h += absorb(x, rbuf, n);
        }

        /* Polling a send while a large receive is pending. */
        MPI_Request sreq;
        int done = 0;
        mark(rbuf);
        MPI_Irecv(rbuf, BIG, MPI_DOUBLE, left, TAG_POLL, MPI_COMM_WORLD, &rreq);
        len = length(k, rank, 3);
        fill(sbuf, len, x, k, 3);
        MPI_Isend(sbuf, len, MPI_DOUBLE, right, TAG_POLL, MPI_COMM_WORLD, &sreq);
        while (!done)
            MPI_Test(&sreq, &done, MPI_STATUS_IGNORE);
        MPI_Wait(&rreq, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &n);
        if (!marks_kept(rbuf, n, rank, k, "polled message"))
            return 2;
        if (n != length(k, left, 3)) {
            fprintf(stderr, "bigmsg: rank %d iteration %d: polled message of %d, expected %d\n",
                    rank, k, n, length(k, left, 3));
            return 2;
        }
        h += absorb(x, rbuf, n);

        /* Probing the second message before receiving the first with MPI_ANY_TAG. */
        MPI_Request pair[2];
        double one = x[k % STATE], got;
        len = length(k, rank, 4);
        fill(sbuf, len, x, k, 4);
        MPI_Isend(sbuf, len, MPI_DOUBLE, right, TAG_FIRST, MPI_COMM_WORLD, &pair[0]);
        MPI_Isend(&one, 1, MPI_DOUBLE, right, TAG_SECOND, MPI_COMM_WORLD, &pair[1]);
        MPI_Probe(left, TAG_SECOND, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &n);
        mark(rbuf);
        MPI_Recv(rbuf, BIG, MPI_DOUBLE, left, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        int first_len;
        MPI_Get_count(&st, MPI_DOUBLE, &first_len);
        if (!marks_kept(rbuf, first_len, rank, k, "MPI_ANY_TAG message"))
            return 2;
        if (n != 1 || st.MPI_TAG != TAG_FIRST || first_len != length(k, left, 4)) {
            fprintf(stderr, "bigmsg: rank %d iteration %d: probe saw %d values; MPI_ANY_TAG "
                    "receive got tag %d with %d values, expected tag %d with %d\n", rank, k, n,
                    st.MPI_TAG, first_len, TAG_FIRST, length(k, left, 4));
            return 2;
        }
        h += absorb(x, rbuf, first_len);
        MPI_Recv(&got, 1, MPI_DOUBLE, left, TAG_SECOND, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        h += got;
        MPI_Status done_st[2];
        MPI_Waitall(2, pair, done_st);
        hist[k] = h;
    }

    if (rank != 0) {
        MPI_Send(hist, iters, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
    } else {
        double *all = malloc((size_t)size * iters * sizeof(double));
        for (int k = 0; k < iters; k++)
            all[k] = hist[k];
        for (int r = 1; r < size; r++)
            MPI_Recv(all + (size_t)r * iters, iters, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        printf("bigmsg: %d ranks, %d iterations, %d sweeps\n", size, iters, sweeps);
        for (int k = 0; k < iters; k++) {
            if (k % 10 != 9 && k != iters - 1)
                continue;
            printf("iteration %4d:", k + 1);
            for (int r = 0; r < size; r++)
                printf(" %.12e", all[(size_t)r * iters + k]);
            printf("\n");
        }
        free(all);
    }
    free(x);
    free(sbuf);
    free(rbuf);
    free(hist);
    MPI_Finalize();
    return 0;
}
