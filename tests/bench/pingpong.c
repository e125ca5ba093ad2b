/* Benchmark: ping-pong between ranks 0 and 1 (not a CI test).
 *
 * Rank 0 sends a message of `size` bytes to rank 1, which sends it back; the
 * one-way latency is half the round trip, the bandwidth is size / latency.
 * For each size: warm-up round trips, then `blocks` timed blocks of `iters`
 * round trips each (iters scaled down with the size, times --scale); the
 * median block is reported, so that a block in which a rank was descheduled
 * does not count. Ranks are synchronised with a point-to-point round trip
 * (the coordination layer wraps the blocking collectives too;
 * tests/bench/collbench.c measures those).
 *
 * The loop over the sizes holds a potential checkpoint, so built with ckptcc
 * this is a real checkpointable program; run it with CKPT_INTERVAL=0 and no
 * checkpoint is taken (a checkpoint can only happen at that point, never
 * inside a timed block).
 *
 * --mode mpi (default): MPI_Send/MPI_Recv on the user's buffer. Built with
 *   mpicc this is the baseline, built with ckptcc it goes through the
 *   coordination layer.
 * The other modes mimic ways of piggybacking the layer's 8-byte header, with
 * PMPI calls (so they bypass the layer even in a ckptcc build). Meant to be
 * run from a plain mpicc build:
 * --mode piggyback [--limit N]: what coordlayer/src/piggyback.c does: data of
 *   at most N bytes (default 4096) is copied next to the header in a bounce
 *   buffer (send: on the stack up to 4096 bytes, else malloc'd; receive:
 *   malloc'd per message, as the layer does), larger data travels in place
 *   with a cached hindexed datatype {header, data} sent from MPI_BOTTOM.
 *   --limit 0 is "always a derived datatype", --limit 1G is "always copy".
 * --mode separate: the header as its own 8-byte message, then the data in
 *   place as a second message; the receiver posts both receives at once.
 * --mode separate-seq: the same, but the receiver takes the header first
 *   (from MPI_ANY_SOURCE), then the data from the header's sender: what a
 *   wildcard receive would have to do.
 * --mode alone: the data alone, no header (what the layer sends while the
 *   sender's epoch is committed); the receiver first saves the 72 bytes a
 *   message with a header could overwrite, receives straight into its buffer
 *   and reads the length from the status, as the layer's direct receive does.
 *
 * In mode mpi every timed block is paired, in alternating order, with one
 * of PMPI_Send/PMPI_Recv on a communicator the program duplicated with
 * PMPI_Comm_dup (MPI itself, past any wrapper, under the same CPU
 * placement): built with ckptcc that measures the layer against MPI in one
 * process; built with mpicc both are MPI, which shows the noise floor.
 *
 * Output, one line per size, on rank 0 (direct_lat_us only in mode mpi):
 *   pingpong mode=M limit=N size=S iters=I blocks=B lat_us=L bw_mbs=W [direct_lat_us=D]
 * (MB = 10^6 bytes.)
 *
 *   mpiexec -n 2 pingpong [--mode M] [--limit N] [--sizes a,b,..] [--blocks B]
 *                         [--scale X]
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 64
#define TAG 7

enum mode { MODE_MPI, MODE_PIGGYBACK, MODE_SEPARATE, MODE_ALONE };

struct header { /* the layer's header when this study was made: 8 bytes (now 2) */
    uint32_t epoch, flags;
};

static int rank;
static enum mode mode = MODE_MPI;
static long limit = 4096;

/* ---- the alternatives, with PMPI calls ---- */

/* The layer's cache of committed {header, data} types, keyed by addresses. */
static struct { const void *header, *data; int nbytes; MPI_Datatype type; } cache[16];

static MPI_Datatype header_and_data(const void *header, const void *data, int nbytes)
{
    static unsigned next;
    for (int i = 0; i < 16; i++)
        if (cache[i].header == header && cache[i].data == data && cache[i].nbytes == nbytes)
            return cache[i].type;
    int lengths[2] = {(int)sizeof(struct header), nbytes};
    MPI_Aint where[2];
    PMPI_Get_address(header, &where[0]);
    PMPI_Get_address(data, &where[1]);
    MPI_Datatype t;
    PMPI_Type_create_hindexed(2, lengths, where, MPI_BYTE, &t);
    PMPI_Type_commit(&t);
    unsigned slot = next++ % 16;
    if (cache[slot].header)
        PMPI_Type_free(&cache[slot].type);
    cache[slot].header = header;
    cache[slot].data = data;
    cache[slot].nbytes = nbytes;
    cache[slot].type = t;
    return t;
}

static void free_types(void)
{
    for (int i = 0; i < 16; i++)
        if (cache[i].header)
            PMPI_Type_free(&cache[i].type);
}

static void pb_send(const void *buf, int nbytes, int dest)
{
    static struct header header; /* fixed address, as in the layer */
    header.epoch = 3;
    header.flags = 0;
    if (nbytes <= limit) {
        unsigned char stack[sizeof header + 4096];
        unsigned char *wire = nbytes <= 4096 ? stack : malloc(sizeof header + (size_t)nbytes);
        memcpy(wire, &header, sizeof header);
        memcpy(wire + sizeof header, buf, (size_t)nbytes);
        PMPI_Send(wire, (int)sizeof header + nbytes, MPI_BYTE, dest, TAG, MPI_COMM_WORLD);
        if (wire != stack)
            free(wire);
        return;
    }
    PMPI_Send(MPI_BOTTOM, 1, header_and_data(&header, buf, nbytes), dest, TAG, MPI_COMM_WORLD);
}

static volatile uint32_t epoch_seen; /* keeps the header read from being optimised away */

static void pb_recv(void *buf, int nbytes, int source)
{
    static struct header header;
    MPI_Status st;
    int total;
    if (nbytes <= limit) {
        unsigned char *bounce = malloc(sizeof header + (size_t)nbytes);
        PMPI_Recv(bounce, (int)sizeof header + nbytes, MPI_BYTE, source, TAG, MPI_COMM_WORLD,
                  &st);
        PMPI_Get_count(&st, MPI_BYTE, &total);
        memcpy(&header, bounce, sizeof header);
        memcpy(buf, bounce + sizeof header, (size_t)(total - (int)sizeof header));
        free(bounce);
    } else {
        PMPI_Recv(MPI_BOTTOM, 1, header_and_data(&header, buf, nbytes), source, TAG,
                  MPI_COMM_WORLD, &st);
        PMPI_Get_count(&st, MPI_BYTE, &total);
    }
    epoch_seen = header.epoch;
}

static void sep_send(const void *buf, int nbytes, int dest)
{
    struct header header = {3, 0};
    PMPI_Send(&header, (int)sizeof header, MPI_BYTE, dest, TAG, MPI_COMM_WORLD);
    PMPI_Send(buf, nbytes, MPI_BYTE, dest, TAG, MPI_COMM_WORLD);
}

static int separate_wildcard; /* --mode separate-seq: receive as for MPI_ANY_SOURCE */

static void sep_recv(void *buf, int nbytes, int source)
{
    struct header header;
    MPI_Status st;
    if (separate_wildcard) {
        /* The data's sender is known only once the header has matched: the two
         * receives follow each other. */
        PMPI_Recv(&header, (int)sizeof header, MPI_BYTE, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &st);
        PMPI_Recv(buf, nbytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
    } else {
        /* Known sender: both receives posted at once (matched in order). */
        MPI_Request r;
        PMPI_Irecv(&header, (int)sizeof header, MPI_BYTE, source, TAG, MPI_COMM_WORLD, &r);
        PMPI_Recv(buf, nbytes, MPI_BYTE, source, TAG, MPI_COMM_WORLD, &st);
        PMPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    epoch_seen = header.epoch;
}

#define WIRE_LIMIT 72 /* the layer's CL_WIRE_LIMIT then (now 66) */
static unsigned char saved_head[WIRE_LIMIT];
static int length_seen;

static void alone_recv(void *buf, int nbytes, int source)
{
    MPI_Status st;
    if (nbytes >= WIRE_LIMIT)
        memcpy(saved_head, buf, WIRE_LIMIT);
    PMPI_Recv(buf, nbytes, MPI_BYTE, source, TAG, MPI_COMM_WORLD, &st);
    PMPI_Get_count(&st, MPI_BYTE, &length_seen);
}

/* ---- ping-pong ---- */

static MPI_Comm direct_comm;   /* PMPI_Comm_dup of the world: unknown to any wrapper */
static int direct;             /* the current block goes through PMPI_* on direct_comm */

static void send_msg(const void *buf, int nbytes, int dest)
{
    if (direct)
        PMPI_Send(buf, nbytes, MPI_BYTE, dest, TAG, direct_comm);
    else if (mode == MODE_MPI)
        MPI_Send(buf, nbytes, MPI_BYTE, dest, TAG, MPI_COMM_WORLD);
    else if (mode == MODE_PIGGYBACK)
        pb_send(buf, nbytes, dest);
    else if (mode == MODE_ALONE)
        PMPI_Send(buf, nbytes, MPI_BYTE, dest, TAG, MPI_COMM_WORLD);
    else
        sep_send(buf, nbytes, dest);
}

static void recv_msg(void *buf, int nbytes, int source)
{
    if (direct)
        PMPI_Recv(buf, nbytes, MPI_BYTE, source, TAG, direct_comm, MPI_STATUS_IGNORE);
    else if (mode == MODE_MPI)
        MPI_Recv(buf, nbytes, MPI_BYTE, source, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else if (mode == MODE_PIGGYBACK)
        pb_recv(buf, nbytes, source);
    else if (mode == MODE_ALONE)
        alone_recv(buf, nbytes, source);
    else
        sep_recv(buf, nbytes, source);
}

/* Start both ranks together: one small round trip. */
static void sync_ranks(void)
{
    char token = 0;
    if (rank == 0) {
        MPI_Send(&token, 1, MPI_CHAR, 1, TAG + 1, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_CHAR, 1, TAG + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(&token, 1, MPI_CHAR, 0, TAG + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&token, 1, MPI_CHAR, 0, TAG + 1, MPI_COMM_WORLD);
    }
}

static double round_trips(unsigned char *sbuf, unsigned char *rbuf, int size, int iters)
{
    sync_ranks();
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            send_msg(sbuf, size, 1);
            recv_msg(rbuf, size, 1);
        } else if (rank == 1) {
            recv_msg(rbuf, size, 0);
            send_msg(sbuf, size, 0);
        }
    }
    return MPI_Wtime() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *values, int n)
{
    qsort(values, (size_t)n, sizeof values[0], cmp_double);
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/* One size: warm-up, timed blocks, one line of output. Reaches no checkpoint. */
static void measure(unsigned char *sbuf, unsigned char *rbuf, int size, int blocks, double scale)
{
    /* scale 1: about 2^27 bytes per block each way, between 16 and 20000 round trips */
    long want = (long)(scale * (double)(1L << 27) / size);
    long most = (long)(scale * 20000);
    int iters = want > most ? (int)most : want < 16 ? 16 : (int)want;
    int warm = iters / 10 > 2 ? iters / 10 : 2;
    double block[32], direct_block[32];
    /* Each rank sends its own pattern; checked after the timing. */
    for (int i = 0; i < size; i++)
        sbuf[i] = (unsigned char)(i * 7 + size + rank);
    memset(rbuf, 0xee, (size_t)size);
    int paired = mode == MODE_MPI;
    round_trips(sbuf, rbuf, size, warm);
    if (paired) {
        direct = 1;
        round_trips(sbuf, rbuf, size, warm);
        direct = 0;
    }
    for (int b = 0; b < blocks; b++) {
        /* Alternating which goes first: neither always follows the other. */
        int direct_first = paired && b % 2;
        if (direct_first) {
            direct = 1;
            direct_block[b] = round_trips(sbuf, rbuf, size, iters);
            direct = 0;
        }
        block[b] = round_trips(sbuf, rbuf, size, iters);
        if (paired && !direct_first) {
            direct = 1;
            direct_block[b] = round_trips(sbuf, rbuf, size, iters);
            direct = 0;
        }
    }
    if (rank < 2)
        for (int i = 0; i < size; i++)
            if (rbuf[i] != (unsigned char)(i * 7 + size + (1 - rank))) {
                fprintf(stderr, "pingpong: rank %d: size %d: wrong byte %d received\n", rank,
                        size, i);
                MPI_Abort(MPI_COMM_WORLD, 3);
            }
    double one_way = median_of(block, blocks) / iters / 2;
    if (rank == 0) {
        const char *names[] = {"mpi", "piggyback", "separate", "alone"};
        const char *name = separate_wildcard ? "separate-seq" : names[mode];
        printf("pingpong mode=%s limit=%ld size=%d iters=%d blocks=%d lat_us=%.4f bw_mbs=%.2f",
               name, mode == MODE_PIGGYBACK ? limit : -1, size, iters, blocks,
               one_way * 1e6, size / one_way / 1e6);
        if (paired)
            printf(" direct_lat_us=%.4f", median_of(direct_block, blocks) / iters / 2 * 1e6);
        printf("\n");
        fflush(stdout);
    }
}

/* "4096", "64K", "4M" */
static long parse_size(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == 'K' || *end == 'k')
        v <<= 10;
    else if (*end == 'M' || *end == 'm')
        v <<= 20;
    else if (*end == 'G' || *end == 'g')
        v <<= 30;
    return v;
}

static int parse_args(int argc, char **argv, int *sizes, int *blocks, double *scale)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--mode") && v) {
            mode = !strcmp(v, "mpi") ? MODE_MPI
                   : !strcmp(v, "piggyback") ? MODE_PIGGYBACK
                   : !strcmp(v, "separate") ? MODE_SEPARATE
                   : !strcmp(v, "separate-seq") ? MODE_SEPARATE
                   : !strcmp(v, "alone") ? MODE_ALONE
                                                : (enum mode)-1;
            separate_wildcard = !strcmp(v, "separate-seq");
            if ((int)mode < 0)
                return -1;
            i++;
        } else if (!strcmp(a, "--limit") && v) {
            limit = parse_size(v);
            i++;
        } else if (!strcmp(a, "--blocks") && v) {
            *blocks = atoi(v);
            if (*blocks < 1 || *blocks > 32)
                return -1;
            i++;
        } else if (!strcmp(a, "--scale") && v) {
            *scale = atof(v);
            if (*scale <= 0)
                return -1;
            i++;
        } else if (!strcmp(a, "--sizes") && v) {
            char *list = strdup(v);
            for (char *t = strtok(list, ","); t && n < MAX_SIZES; t = strtok(NULL, ","))
                sizes[n++] = (int)parse_size(t);
            free(list);
            i++;
        } else {
            return -1;
        }
    }
    if (n == 0)
        for (long s = 8; s <= 4L << 20; s *= 2)
            sizes[n++] = (int)s;
    for (int i = 0; i < n; i++)
        if (sizes[i] < 1 || sizes[i] > 1 << 30)
            return -1;
    return n;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    int sizes[MAX_SIZES];
    int blocks = 5;
    double scale = 1.0;
    int nsizes = parse_args(argc, argv, sizes, &blocks, &scale);
    if (nsizes < 0 || nranks < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 pingpong "
                            "[--mode mpi|piggyback|separate|separate-seq|alone] "
                            "[--limit N] [--sizes 8,4K,1M] [--blocks 1..32] [--scale X]\n");
        MPI_Finalize();
        return 2;
    }
    PMPI_Comm_dup(MPI_COMM_WORLD, &direct_comm);
    int largest = 0;
    for (int i = 0; i < nsizes; i++)
        if (sizes[i] > largest)
            largest = sizes[i];
    /* Page-aligned buffers, the same in both builds whatever malloc returns. */
    unsigned char *sraw = malloc((size_t)largest + 4096);
    unsigned char *rraw = malloc((size_t)largest + 4096);
    unsigned char *sbuf = (unsigned char *)(((uintptr_t)sraw + 4095) & ~(uintptr_t)4095);
    unsigned char *rbuf = (unsigned char *)(((uintptr_t)rraw + 4095) & ~(uintptr_t)4095);
    memset(sbuf, 1, (size_t)largest); /* fault the pages in before timing */
    memset(rbuf, 0, (size_t)largest);

    for (int i = 0; i < nsizes; i++) {
#pragma ckpt potential
        measure(sbuf, rbuf, sizes[i], blocks, scale);
    }

    free_types();
    PMPI_Comm_free(&direct_comm);
    free(sraw);
    free(rraw);
    MPI_Finalize();
    return 0;
}
