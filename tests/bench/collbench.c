/* Benchmark: blocking collectives on MPI_COMM_WORLD (not a CI test).
 *
 * Times MPI_Allreduce (MPI_DOUBLE, MPI_SUM; sendbuf != recvbuf), MPI_Bcast
 * (MPI_DOUBLE, root 0) and MPI_Barrier. For each operation and size: warm-up
 * calls, then `blocks` timed blocks of `iters` calls each (iters scaled down
 * with the size, times --scale). A block's time is the slowest rank's (a
 * Bcast root can return before the others have received); the median block
 * is reported, so that a block in which a rank was descheduled does not
 * count. Results are checked after the timing.
 *
 * Built with mpicc this is the baseline; built with ckptcc every call goes
 * through the coordination layer's collective wrappers (a per-communicator
 * counter and two tests in normal operation). The loop over the operations
 * holds a potential checkpoint, so the ckptcc build is a real checkpointable
 * program; run it with CKPT_INTERVAL=0 and no checkpoint is taken (a
 * checkpoint can only happen at that point, never inside a timed block).
 *
 * In the same process, every timed block is paired with one of PMPI_* calls
 * (straight to MPI, past any wrapper), in alternating order: in the ckptcc
 * build that measures the layer against MPI itself under the same CPU
 * placement (whole runs on a VM can differ by 2-3x, which swamps a few
 * percent between two builds); in the plain build both are MPI, which shows
 * the noise floor of that comparison.
 *
 * Output, one line per operation and size, on rank 0 (size in bytes, 0 for
 * the barrier; us = microseconds per call through MPI_*, direct_us through
 * PMPI_*):
 *   collbench op=allreduce|bcast|barrier size=S iters=I blocks=B us=T direct_us=D
 *
 *   mpiexec -n 2 collbench [--allreduce 8,1K,64K,1M] [--bcast 8,1M]
 *                          [--blocks B] [--scale X]
 * (sizes are multiples of 8 bytes; an empty list, e.g. --bcast "", skips the
 * operation.)
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPS 64

enum op { OP_ALLREDUCE, OP_BCAST, OP_BARRIER };
static const char *const op_names[] = {"allreduce", "bcast", "barrier"};

struct job {
    enum op op;
    int size; /* bytes */
};

static int rank, nranks;

/* One call of the operation. A switch, not function pointers: the same code
 * path in both builds. */
static void call_once(enum op op, const double *sbuf, double *rbuf, int count)
{
    switch (op) {
    case OP_ALLREDUCE:
        MPI_Allreduce(sbuf, rbuf, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        break;
    case OP_BCAST:
        /* The root sends from rbuf too: one buffer, as an application would. */
        MPI_Bcast(rbuf, count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        break;
    case OP_BARRIER:
        MPI_Barrier(MPI_COMM_WORLD);
        break;
    }
}

/* The same through the profiling interface: MPI itself, whatever is linked. */
static void call_direct(enum op op, const double *sbuf, double *rbuf, int count)
{
    switch (op) {
    case OP_ALLREDUCE:
        PMPI_Allreduce(sbuf, rbuf, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        break;
    case OP_BCAST:
        PMPI_Bcast(rbuf, count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        break;
    case OP_BARRIER:
        PMPI_Barrier(MPI_COMM_WORLD);
        break;
    }
}

/* `iters` calls, started together; this rank's elapsed time. */
static double timed_block(enum op op, const double *sbuf, double *rbuf, int count, int iters,
                          int direct)
{
    PMPI_Barrier(MPI_COMM_WORLD);
    double t0 = PMPI_Wtime();
    if (direct)
        for (int i = 0; i < iters; i++)
            call_direct(op, sbuf, rbuf, count);
    else
        for (int i = 0; i < iters; i++)
            call_once(op, sbuf, rbuf, count);
    return PMPI_Wtime() - t0;
}

static double median_of_slowest(const double *mine, int blocks);

static void fill(enum op op, double *sbuf, double *rbuf, int count)
{
    for (int i = 0; i < count; i++)
        sbuf[i] = (double)(rank + 1) * (i % 7 + 1);
    for (int i = 0; i < count; i++)
        rbuf[i] = op == OP_BCAST && rank == 0 ? (double)(i % 7 + 1) : -1.0;
}

/* Allreduce: sum over the ranks of (r + 1) * k; Bcast: the root's k. Exact in doubles. */
static void check(enum op op, const double *rbuf, int count, int size)
{
    double factor = op == OP_ALLREDUCE ? nranks * (nranks + 1) / 2.0 : 1.0;
    for (int i = 0; i < count; i++)
        if (rbuf[i] != factor * (i % 7 + 1)) {
            fprintf(stderr, "collbench: rank %d: %s size %d: wrong value at %d\n", rank,
                    op_names[op], size, i);
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One operation and size: warm-up, timed blocks, one line of output. Reaches
 * no checkpoint. */
static void measure(const struct job *job, double *sbuf, double *rbuf, int blocks, double scale)
{
    int count = job->size / (int)sizeof(double);
    /* scale 1: about 2^27 bytes per block, between 16 and 20000 calls (the
     * barrier, with no data, gets the most) */
    long want = job->size ? (long)(scale * (double)(1L << 27) / job->size) : 1L << 30;
    long most = (long)(scale * 20000);
    int iters = want > most ? (int)most : want < 16 ? 16 : (int)want;
    int warm = iters / 10 > 2 ? iters / 10 : 2;
    double mine[32], direct[32];
    fill(job->op, sbuf, rbuf, count);
    timed_block(job->op, sbuf, rbuf, count, warm, 0);
    timed_block(job->op, sbuf, rbuf, count, warm, 1);
    for (int b = 0; b < blocks; b++) {
        /* Alternating which goes first: neither always follows the other. */
        int first = b % 2;
        double t = timed_block(job->op, sbuf, rbuf, count, iters, first);
        double u = timed_block(job->op, sbuf, rbuf, count, iters, !first);
        mine[b] = first ? u : t;
        direct[b] = first ? t : u;
    }
    check(job->op, rbuf, count, job->size);
    double median = median_of_slowest(mine, blocks);
    double median_direct = median_of_slowest(direct, blocks);
    if (rank == 0) {
        printf("collbench op=%s size=%d iters=%d blocks=%d us=%.4f direct_us=%.4f\n",
               op_names[job->op], job->size, iters, blocks, median / iters * 1e6,
               median_direct / iters * 1e6);
        fflush(stdout);
    }
}

/* The median over the blocks of the slowest rank's time (after the timing,
 * through PMPI so that no build counts it). */
static double median_of_slowest(const double *mine, int blocks)
{
    double slowest[32];
    PMPI_Allreduce(mine, slowest, blocks, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(slowest, (size_t)blocks, sizeof slowest[0], cmp_double);
    return blocks % 2 ? slowest[blocks / 2]
                      : 0.5 * (slowest[blocks / 2 - 1] + slowest[blocks / 2]);
}

/* "4096", "64K", "1M" */
static long parse_size(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == 'K' || *end == 'k')
        v <<= 10;
    else if (*end == 'M' || *end == 'm')
        v <<= 20;
    return v;
}

/* Appends one job per size of `list` ("8,1K,1M"); -1 on a bad size. */
static int add_jobs(struct job *jobs, int n, enum op op, const char *list)
{
    char *copy = strdup(list);
    for (char *t = strtok(copy, ","); t && n >= 0; t = strtok(NULL, ",")) {
        long size = parse_size(t);
        if (n == MAX_OPS || size < 8 || size > 1L << 28 || size % 8)
            n = -1;
        else
            jobs[n++] = (struct job){op, (int)size};
    }
    free(copy);
    return n;
}

static int parse_args(int argc, char **argv, struct job *jobs, int *blocks, double *scale)
{
    const char *allreduce = "8,1K,64K,1M", *bcast = "8,1M";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return -1;
        if (!strcmp(a, "--allreduce")) {
            allreduce = v;
        } else if (!strcmp(a, "--bcast")) {
            bcast = v;
        } else if (!strcmp(a, "--blocks")) {
            *blocks = atoi(v);
            if (*blocks < 1 || *blocks > 32)
                return -1;
        } else if (!strcmp(a, "--scale")) {
            *scale = atof(v);
            if (*scale <= 0)
                return -1;
        } else {
            return -1;
        }
        i++;
    }
    int n = add_jobs(jobs, 0, OP_ALLREDUCE, allreduce);
    if (n >= 0)
        n = add_jobs(jobs, n, OP_BCAST, bcast);
    if (n >= 0 && n < MAX_OPS)
        jobs[n++] = (struct job){OP_BARRIER, 0};
    return n;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    struct job jobs[MAX_OPS];
    int blocks = 9;
    double scale = 1.0;
    int njobs = parse_args(argc, argv, jobs, &blocks, &scale);
    if (njobs < 0) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N collbench [--allreduce 8,1K,64K,1M] "
                            "[--bcast 8,1M] [--blocks 1..32] [--scale X]\n");
        MPI_Finalize();
        return 2;
    }
    int largest = 8;
    for (int i = 0; i < njobs; i++)
        if (jobs[i].size > largest)
            largest = jobs[i].size;
    /* Page-aligned buffers, the same in both builds whatever malloc returns. */
    unsigned char *sraw = malloc((size_t)largest + 4096);
    unsigned char *rraw = malloc((size_t)largest + 4096);
    double *sbuf = (double *)(((uintptr_t)sraw + 4095) & ~(uintptr_t)4095);
    double *rbuf = (double *)(((uintptr_t)rraw + 4095) & ~(uintptr_t)4095);
    memset(sbuf, 1, (size_t)largest); /* fault the pages in before timing */
    memset(rbuf, 0, (size_t)largest);

    /* Both builds start from the same MPI state: one call of each operation
     * first. Under Open MPI 4.1 a process's first MPI_Bcast (of any size, on
     * any communicator) makes its later 8-byte Allreduces about 0.13 us
     * slower; the coordination layer makes one in MPI_Init, and without this
     * the plain build would time its Allreduces before its first Bcast. */
    PMPI_Bcast(sbuf, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    PMPI_Allreduce(sbuf, rbuf, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    PMPI_Barrier(MPI_COMM_WORLD);

    for (int i = 0; i < njobs; i++) {
#pragma ckpt potential
        measure(&jobs[i], sbuf, rbuf, blocks, scale);
    }

    free(sraw);
    free(rraw);
    MPI_Finalize();
    return 0;
}
