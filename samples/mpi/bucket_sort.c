/* bucket_sort: a distributed bucket sort of 64-bit keys, modelled on the
 * integer-sort benchmarks (large key arrays per rank, all-to-all exchanges
 * every round): the busy-node checkpoint benchmark's second program
 * (tests/bench/busy_checkpoint.py), since its state is large and its ranks
 * are tightly coupled.
 *
 * Every round, each rank draws `keys` pseudo-random keys (xorshift64*, a
 * stream per rank that continues from round to round), sends each key to the
 * rank owning its range of values (MPI_Alltoall of the counts, then
 * MPI_Alltoallv of the keys), sorts what it received (LSD radix sort, 8 bits
 * a pass) and checks that it is sorted and that the ranks' ranges follow each
 * other. A checksum of the sorted keys and their positions is reduced to
 * rank 0, which keeps one line per round and prints them all at the end.
 * The potential checkpoint is at the top of the round.
 *
 * With BUCKET_TIMING=1 in the environment, rank 0 writes the time of the
 * rounds (MPI_Wtime, after a barrier) to standard error; with 2, also the
 * time of every round, the checkpoint at its top included, in milliseconds.
 *
 *   mpiexec -n N bucket_sort [keys] [rounds]   defaults: 1048576 keys a rank, 20 rounds
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The generator's state: a global, so that the checkpoint carries it. */
static uint64_t stream;

static uint64_t next_key(void)
{
    stream ^= stream >> 12;
    stream ^= stream << 25;
    stream ^= stream >> 27;
    return stream * 0x2545F4914F6CDD1DULL;
}

/* The rank whose range holds key: the ranges split 2^64 evenly. */
static int owner(uint64_t key, int nranks)
{
    return (int)(((unsigned __int128)key * (unsigned)nranks) >> 64);
}

/* Sort n keys in place, using tmp (n keys) as scratch. */
static void radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
    for (int shift = 0; shift < 64; shift += 8) {
        size_t count[257] = {0};
        for (size_t i = 0; i < n; i++)
            count[((a[i] >> shift) & 0xff) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (size_t i = 0; i < n; i++)
            tmp[count[(a[i] >> shift) & 0xff]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
}

/* "<name>: step times ms: t1 t2 ..." to standard error in one piece. */
static void print_steps(const char *name, const double *steps, int n)
{
    size_t room = 64 + 16 * (size_t)(n > 0 ? n : 0), used = 0;
    char *line = malloc(room);
    if (!line)
        return;
    used += (size_t)snprintf(line, room, "%s: step times ms:", name);
    for (int k = 0; k < n; k++)
        used += (size_t)snprintf(line + used, room - used, " %.3f", steps[k]);
    snprintf(line + used, room - used, "\n");
    fputs(line, stderr);
    free(line);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    long keys = argc > 1 ? atol(argv[1]) : 1048576;
    int rounds = argc > 2 ? atoi(argv[2]) : 20;
    if (keys < 1 || rounds < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: bucket_sort [keys per rank] [rounds]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int timing = getenv("BUCKET_TIMING") ? atoi(getenv("BUCKET_TIMING")) : 0;

    /* Received keys: room for twice the average, which an even split of
     * pseudo-random keys never comes near. */
    size_t room = 2 * (size_t)keys + 1024;
    uint64_t *mine = malloc((size_t)keys * sizeof *mine);
    uint64_t *got = malloc(room * sizeof *got);
    uint64_t *scratch = malloc(room * sizeof *scratch);
    int *send_counts = calloc((size_t)nranks, sizeof *send_counts);
    int *recv_counts = calloc((size_t)nranks, sizeof *recv_counts);
    int *send_at = calloc((size_t)nranks, sizeof *send_at);
    int *recv_at = calloc((size_t)nranks, sizeof *recv_at);
    uint64_t *sums = calloc((size_t)rounds, sizeof *sums);
    long *out_of_order = calloc((size_t)rounds, sizeof *out_of_order);
    if (!mine || !got || !scratch || !send_counts || !recv_counts || !send_at || !recv_at ||
        !sums || !out_of_order) {
        fprintf(stderr, "bucket_sort: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    stream = 0x9E3779B97F4A7C15ULL * (uint64_t)(rank + 1);

    double *steps = timing > 1 ? calloc((size_t)rounds, sizeof(double)) : NULL;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime(), step_began = t0;
    for (int round = 0; round < rounds; round++) {
#pragma ckpt potential
        if (steps && round > 0) {
            double now = MPI_Wtime();
            steps[round - 1] = (now - step_began) * 1e3;
            step_began = now;
        }
        /* Draw the keys, then lay them out by owner (a counting pass). */
        memset(send_counts, 0, (size_t)nranks * sizeof *send_counts);
        for (long i = 0; i < keys; i++) {
            scratch[i] = next_key();
            send_counts[owner(scratch[i], nranks)]++;
        }
        for (int r = 0, at = 0; r < nranks; r++) {
            send_at[r] = at;
            at += send_counts[r];
        }
        for (long i = 0; i < keys; i++)
            mine[send_at[owner(scratch[i], nranks)]++] = scratch[i];
        for (int r = 0, at = 0; r < nranks; r++) {
            send_at[r] = at;
            at += send_counts[r];
        }

        MPI_Alltoall(send_counts, 1, MPI_INT, recv_counts, 1, MPI_INT, MPI_COMM_WORLD);
        size_t received = 0;
        for (int r = 0; r < nranks; r++) {
            recv_at[r] = (int)received;
            received += (size_t)recv_counts[r];
        }
        if (received > room) {
            fprintf(stderr, "bucket_sort: rank %d: %zu keys received, room for %zu\n", rank,
                    received, room);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        MPI_Alltoallv(mine, send_counts, send_at, MPI_UINT64_T, got, recv_counts, recv_at,
                      MPI_UINT64_T, MPI_COMM_WORLD);

        radix_sort(got, scratch, received);
        long unsorted = 0;
        uint64_t sum = 0;
        for (size_t i = 0; i < received; i++) {
            if (i > 0 && got[i - 1] > got[i])
                unsorted++;
            if (owner(got[i], nranks) != rank)
                unsorted++;
            sum += got[i] * (i + 1);
        }
        /* The ranks' ranges must follow each other: the count of keys below
         * this rank's is the sum of the lower ranks' counts. */
        long below = 0, count = (long)received;
        MPI_Exscan(&count, &below, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0)
            below = 0;
        uint64_t local[2] = {sum + (uint64_t)below, (uint64_t)unsorted}, total[2];
        MPI_Reduce(local, total, 2, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            sums[round] = total[0];
            out_of_order[round] = (long)total[1];
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = MPI_Wtime();

    if (rank == 0) {
        printf("bucket_sort: %d ranks, %ld keys a rank, %d rounds\n", nranks, keys, rounds);
        for (int round = 0; round < rounds; round++)
            printf("round %d: checksum %016llx, out of order %ld\n", round,
                   (unsigned long long)sums[round], out_of_order[round]);
        if (timing)
            fprintf(stderr, "bucket_sort: time %.6f s\n", t1 - t0);
        if (steps) /* one write, which the other ranks' lines do not split */
            print_steps("bucket_sort", steps, rounds - 1);
    }
    free(steps);
    free(mine);
    free(got);
    free(scratch);
    free(send_counts);
    free(recv_counts);
    free(send_at);
    free(recv_at);
    free(sums);
    free(out_of_order);
    MPI_Finalize();
    return 0;
}
