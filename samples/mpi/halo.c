/* halo: 1-D heat diffusion with a nonlinear source, on an array distributed
 * over the ranks in contiguous blocks, with one ghost cell on each side.
 *
 * Every time step is the textbook overlap: MPI_Irecv both ghost cells,
 * MPI_Isend both boundary cells, update the interior cells (which need no
 * ghost), MPI_Waitall, then update the two boundary cells. The ranks at the
 * ends of the array talk to MPI_PROC_NULL. The source term is a truncated
 * series evaluated per cell (Horner), which is where the time goes.
 *
 * Every cell is computed from the same values with the same operations
 * whatever the number of ranks, so the output does not depend on it: the
 * per-step hashes are sums (mod 2^64) of per-cell hashes, and rank 0 gathers
 * the final array (MPI_Probe + MPI_Get_count, since it does not know the
 * block sizes) and sums it in global order.
 *
 * The potential checkpoint is at the top of each time step. Nothing is
 * printed until the end.
 *
 *   mpiexec -n N halo [steps] [terms] [cells]     defaults: 400 steps, 110 terms, 24000 cells
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_TO_LEFT 10
#define TAG_TO_RIGHT 11
#define TAG_HASH 12
#define TAG_GATHER 13
#define REPORT 20 /* steps between hashes */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t cell_hash(double v, long global)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return mix64(bits ^ mix64((uint64_t)global));
}

/* The source term: a truncated cosine series, minus a linear decay. */
static double source(double u, int terms)
{
    double u2 = u * u, p = 0;
    for (int j = terms; j > 0; j--)
        p = 1.0 - p * u2 / (double)((2 * j) * (2 * j - 1));
    return 0.5 * (p - u);
}

static double update(const double *u, int i, int terms)
{
    return u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * source(u[i], terms);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 400;
    int terms = argc > 2 ? atoi(argv[2]) : 110;
    long cells = argc > 3 ? atol(argv[3]) : 24000;
    if (steps < 1 || terms < 1 || cells < 4L * size) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N halo [steps] [terms] [cells]\n");
        MPI_Finalize();
        return 1;
    }

    /* Block decomposition: rank r owns global cells [first, first + n). */
    long first = cells * rank / size;
    int n = (int)(cells * (rank + 1) / size - first);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    /* local index i (1..n) is global cell first + i - 1; 0 and n + 1 are ghosts */
    double *u = malloc((size_t)(n + 2) * sizeof(double));
    double *v = malloc((size_t)(n + 2) * sizeof(double));
    int nreports = steps / REPORT;
    uint64_t *hashes = calloc((size_t)nreports + 1, sizeof(uint64_t));
    for (int i = 1; i <= n; i++) {
        long g = first + i - 1;
        u[i] = (double)((g * 2654435761L) % 1000) / 1000.0;
    }
    if (rank == 0)
        u[1] = 1.0;         /* fixed boundary values at both ends */
    if (rank == size - 1)
        u[n] = 0.0;
    u[0] = u[n + 1] = v[0] = v[n + 1] = 0.0;

    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        MPI_Request req[4];
        MPI_Status st[4];
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, TAG_TO_RIGHT, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, TAG_TO_LEFT, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, TAG_TO_LEFT, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&u[n], 1, MPI_DOUBLE, right, TAG_TO_RIGHT, MPI_COMM_WORLD, &req[3]);
        for (int i = 2; i < n; i++)
            v[i] = update(u, i, terms);
        MPI_Waitall(4, req, st);
        v[1] = rank == 0 ? u[1] : update(u, 1, terms);
        v[n] = rank == size - 1 ? u[n] : update(u, n, terms);
        double *t = u;
        u = v;
        v = t;
        if (step % REPORT == 0) {
            uint64_t h = 0;
            for (int i = 1; i <= n; i++)
                h += cell_hash(u[i], first + i - 1);
            hashes[step / REPORT - 1] = h;
        }
    }

    /* Rank 0 sums the hashes and gathers the final array in global order. */
    if (rank != 0) {
        MPI_Send(hashes, nreports, MPI_UINT64_T, 0, TAG_HASH, MPI_COMM_WORLD);
        MPI_Send(&u[1], n, MPI_DOUBLE, 0, TAG_GATHER, MPI_COMM_WORLD);
    } else {
        double *all = malloc((size_t)cells * sizeof(double));
        uint64_t *other = malloc(((size_t)nreports + 1) * sizeof(uint64_t));
        memcpy(all, &u[1], (size_t)n * sizeof(double));
        long filled = n;
        for (int r = 1; r < size; r++) {
            MPI_Recv(other, nreports, MPI_UINT64_T, r, TAG_HASH, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            for (int k = 0; k < nreports; k++)
                hashes[k] += other[k];
            MPI_Status st;
            int count;
            MPI_Probe(r, TAG_GATHER, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            if (count < 1 || filled + count > cells) {
                fprintf(stderr, "halo: rank %d sent %d cells\n", r, count);
                return 2;
            }
            MPI_Recv(all + filled, count, MPI_DOUBLE, r, TAG_GATHER, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            filled += count;
        }
        printf("halo: %ld cells, %d steps, %d terms\n", cells, steps, terms);
        for (int k = 0; k < nreports; k++)
            printf("step %5d: hash %016llx\n", (k + 1) * REPORT, (unsigned long long)hashes[k]);
        double heat = 0, lo = all[0], hi = all[0];
        for (long g = 0; g < cells; g++) {
            heat += all[g];
            lo = all[g] < lo ? all[g] : lo;
            hi = all[g] > hi ? all[g] : hi;
        }
        printf("heat %.15e  min %.15e  max %.15e\n", heat, lo, hi);
        for (int k = 0; k < 8; k++) {
            long g = cells * k / 8 + k;
            printf("u[%ld] = %.15e\n", g, all[g]);
        }
        free(all);
        free(other);
    }
    free(u);
    free(v);
    free(hashes);
    MPI_Finalize();
    return 0;
}
