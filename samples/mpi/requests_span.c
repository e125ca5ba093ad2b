/* requests_span: non-blocking requests that are still in flight at the
 * potential checkpoint.
 *
 * The ranks form a ring; in iteration k every rank receives one message from
 * its left neighbour and sends one to its right neighbour. The receive for
 * iteration k is posted (MPI_Irecv) during iteration k-1, before the
 * potential point, and completed after it: the rank computes in chunks and
 * polls it with MPI_Test between chunks, then MPI_Waits for it if it has not
 * arrived, and reads the length off the status with MPI_Get_count (lengths
 * vary per iteration; every 8th message is large, 512 KB, so it goes by
 * rendezvous and the send cannot complete before the receiver matches it;
 * another 8th is short (1 to 12 values: with the layer's header in one
 * message, or not), into a buffer that takes 512 KB: the layer must leave
 * the buffer past the message as it was, also when the message came while
 * the receive was pending at a checkpoint. The first values of each receive
 * buffer are marked before the receive is posted and checked after it).
 * The message for iteration k+1 is sent with MPI_Isend during iteration k
 * from one of two alternating buffers; a send is only waited for two
 * iterations later, before its buffer is reused, so every send is in flight
 * across one or two potential points. MPI_Waitall ends the last two.
 *
 * Received data feeds the local state that the next messages are built from,
 * so a lost, duplicated or misplaced message changes the output. Nothing is
 * printed until the end, when rank 0 collects every rank's per-iteration
 * checksums.
 *
 *   mpiexec -n N requests_span [iterations] [sweeps]     defaults: 300, 330
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_DATA 30
#define TAG_RESULT 31
#define STATE 8192
#define CHUNKS 8
#define BIG 65536 /* doubles */

static int payload_len(int iter, int rank)
{
    if (iter % 8 == 5)
        return BIG - (rank * 3 + iter) % 100;
    if (iter % 8 == 2)
        return 1 + (iter + rank * 5) % 12;
    return 16 + (iter * 131 + rank * 17) % 2000;
}

#define MARKED 64 /* values marked at the front of a receive buffer */

static void mark(double *buf)
{
    for (int j = 0; j < MARKED; j++)
        buf[j] = -1.5 - (double)j;
}

static int marks_kept(const double *buf, int n)
{
    for (int j = n; j < MARKED; j++)
        if (buf[j] != -1.5 - (double)j)
            return 0;
    return 1;
}

static void pack(double *buf, int len, const double *x, int iter, int rank)
{
    for (int j = 0; j < len; j++)
        buf[j] = x[(j * 7 + iter) % STATE] + 1e-3 * (double)(j % 100) + (double)rank;
}

/* Folds a received message into the state; returns its checksum. */
static double absorb(double *x, const double *buf, int len)
{
    double c = 0;
    for (int j = 0; j < len; j++)
        c += buf[j] * (double)(j % 3 + 1);
    for (int j = 0; j < len; j += 64)
        x[(j * 5) % STATE] += 1e-6 * buf[j];
    return c;
}

/* Relaxes one of the CHUNKS segments of the state. */
static void compute_chunk(double *x, int chunk, int sweeps, int iter)
{
    int lo = chunk * (STATE / CHUNKS), hi = lo + STATE / CHUNKS;
    if (lo == 0)
        lo = 1;
    if (hi == STATE)
        hi = STATE - 1;
    for (int s = 0; s < sweeps; s++)
        for (int i = lo; i < hi; i++)
            x[i] = 0.25 * (x[i - 1] + 2.0 * x[i] + x[i + 1]) +
                   1e-3 * (double)((i * 3 + s + iter) % 11 - 5);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 300;
    int sweeps = argc > 2 ? atoi(argv[2]) : 330;
    if (size < 2 || iters < 1 || sweeps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N requests_span [iterations] [sweeps], N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    double *x = malloc(STATE * sizeof(double));
    double *rbuf[2], *sbuf[2];
    for (int b = 0; b < 2; b++) {
        rbuf[b] = malloc(BIG * sizeof(double));
        sbuf[b] = malloc(BIG * sizeof(double));
    }
    double *hist = malloc((size_t)iters * sizeof(double));
    for (int i = 0; i < STATE; i++)
        x[i] = (double)((i * 53 + rank * 29) % 97) / 97.0;

    MPI_Request rreq, sreq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    mark(rbuf[0]);
    MPI_Irecv(rbuf[0], BIG, MPI_DOUBLE, left, TAG_DATA, MPI_COMM_WORLD, &rreq);
    int len = payload_len(0, rank);
    pack(sbuf[0], len, x, 0, rank);
    MPI_Isend(sbuf[0], len, MPI_DOUBLE, right, TAG_DATA, MPI_COMM_WORLD, &sreq[0]);

    for (int k = 0; k < iters; k++) {
#pragma ckpt potential
        /* The receive posted in the previous iteration is still pending here. */
        int arrived = 0, count;
        MPI_Status st;
        for (int c = 0; c < CHUNKS; c++) {
            compute_chunk(x, c, sweeps, k);
            if (!arrived)
                MPI_Test(&rreq, &arrived, &st);
        }
        if (!arrived)
            MPI_Wait(&rreq, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        if (count != payload_len(k, left) || st.MPI_SOURCE != left || st.MPI_TAG != TAG_DATA) {
            fprintf(stderr, "requests_span: rank %d, iteration %d: got %d values from %d "
                    "(tag %d), expected %d from %d\n", rank, k, count, st.MPI_SOURCE,
                    st.MPI_TAG, payload_len(k, left), left);
            return 2;
        }
        if (!marks_kept(rbuf[k % 2], count)) {
            fprintf(stderr, "requests_span: rank %d, iteration %d: a message of %d values "
                    "changed the receive buffer past it\n", rank, k, count);
            return 2;
        }
        /* Pre-post the next receive before working on this message. */
        if (k + 1 < iters) {
            mark(rbuf[(k + 1) % 2]);
            MPI_Irecv(rbuf[(k + 1) % 2], BIG, MPI_DOUBLE, left, TAG_DATA, MPI_COMM_WORLD, &rreq);
        }
        hist[k] = absorb(x, rbuf[k % 2], count);

        /* Send k+1 reuses the buffer of send k-1, started two iterations ago. */
        if (k + 1 < iters) {
            int b = (k + 1) % 2;
            MPI_Wait(&sreq[b], MPI_STATUS_IGNORE);
            len = payload_len(k + 1, rank);
            pack(sbuf[b], len, x, k + 1, rank);
            MPI_Isend(sbuf[b], len, MPI_DOUBLE, right, TAG_DATA, MPI_COMM_WORLD, &sreq[b]);
        }
    }
    MPI_Status sts[2];
    MPI_Waitall(2, sreq, sts);

    double xs = 0;
    for (int i = 0; i < STATE; i++)
        xs += x[i] * (double)(i % 13 + 1);
    if (rank != 0) {
        MPI_Send(hist, iters, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
        MPI_Send(&xs, 1, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
    } else {
        double *all = malloc((size_t)size * iters * sizeof(double));
        double *xsum = malloc((size_t)size * sizeof(double));
        for (int k = 0; k < iters; k++)
            all[k] = hist[k];
        xsum[0] = xs;
        for (int r = 1; r < size; r++) {
            MPI_Recv(all + (size_t)r * iters, iters, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Recv(&xsum[r], 1, MPI_DOUBLE, r, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        printf("requests_span: %d ranks, %d iterations, %d sweeps\n", size, iters, sweeps);
        for (int k = 0; k < iters; k++) {
            if (k % 10 != 9 && k != iters - 1)
                continue;
            printf("iteration %4d:", k + 1);
            for (int r = 0; r < size; r++)
                printf(" %.12e", all[(size_t)r * iters + k]);
            printf("\n");
        }
        for (int r = 0; r < size; r++) {
            double h = 0;
            for (int k = 0; k < iters; k++)
                h += all[(size_t)r * iters + k] * (double)(k % 5 + 1);
            printf("rank %d: messages %.12e  state %.12e\n", r, h, xsum[r]);
        }
        free(all);
        free(xsum);
    }
    for (int b = 0; b < 2; b++) {
        free(rbuf[b]);
        free(sbuf[b]);
    }
    free(x);
    free(hist);
    MPI_Finalize();
    return 0;
}
