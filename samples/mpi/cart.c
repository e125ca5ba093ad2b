/* cart: a 2-D stencil on a Cartesian communicator, with a row sub-communicator.
 *
 * The ranks form a dims[0] x dims[1] grid (MPI_Dims_create, MPI_Cart_create
 * without reordering), dimension 0 running along x and periodic, dimension 1
 * along y and not periodic. Each rank finds its position with MPI_Cart_coords,
 * its four neighbours with MPI_Cart_shift (MPI_PROC_NULL beyond the y edges),
 * and the other ranks of its row (same y) with MPI_Cart_sub. It owns a
 * BY x BX block of a diffusion field u with one ghost cell on each side; the
 * ghost rows beyond the y edges stay zero.
 *
 * Every iteration exchanges the four faces with MPI_Sendrecv on the Cartesian
 * communicator (rows straight from the array, columns through packing
 * buffers), updates the block, and sums an integer checksum of each block
 * over the row with MPI_Allreduce on the row communicator. The row sum feeds
 * back into the field and into a per-rank hash, so every exchange matters to
 * the output. The sum is of integers, so it does not depend on the order of
 * the reduction.
 *
 * The potential checkpoint is at the top of each iteration. After the loop
 * the communicators are freed and rank 0 gathers and prints each rank's
 * coordinates and hash.
 *
 *   mpiexec -n N cart [iterations]     default: 300 iterations
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BX 12 /* block width (x) */
#define BY 10 /* block height (y) */
#define W (BX + 2)
#define TAG_X 41
#define TAG_Y 42

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t dbits(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 300;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N cart [iterations]\n");
        MPI_Finalize();
        return 1;
    }

    int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2];
    MPI_Dims_create(size, 2, dims);
    MPI_Comm cart, row;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    int crank;
    MPI_Comm_rank(cart, &crank);
    MPI_Cart_coords(cart, crank, 2, coords);
    int west, east, south, north;
    MPI_Cart_shift(cart, 0, 1, &west, &east);
    MPI_Cart_shift(cart, 1, 1, &south, &north);
    int remain[2] = {1, 0}; /* keep x: the ranks with the same y */
    MPI_Cart_sub(cart, remain, &row);
    int rrank, rsize;
    MPI_Comm_rank(row, &rrank);
    MPI_Comm_size(row, &rsize);
    if (rsize != dims[0] || rrank != coords[0]) {
        fprintf(stderr, "cart: rank %d: row communicator rank %d of %d, expected %d of %d\n",
                rank, rrank, rsize, coords[0], dims[0]);
        return 2;
    }

    /* u[y * W + x]: y 1..BY and x 1..BX interior, 0 and BY+1 / BX+1 ghosts. */
    double *u = calloc((size_t)(BY + 2) * W, sizeof(double));
    double *un = calloc((size_t)(BY + 2) * W, sizeof(double));
    double *sendcol = malloc(BY * sizeof(double));
    double *recvcol = malloc(BY * sizeof(double));
    long gx0 = (long)coords[0] * BX, gy0 = (long)coords[1] * BY, gw = (long)dims[0] * BX;
    for (int y = 1; y <= BY; y++)
        for (int x = 1; x <= BX; x++) {
            long g = (gy0 + y - 1) * gw + gx0 + x - 1;
            u[y * W + x] = (double)((g * 2654435761L) % 1024) / 1024.0;
        }
    uint64_t h = mix64(0xca570000ULL + (uint64_t)rank);

    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        /* y faces: rows are contiguous. Beyond the edges the ghost rows stay 0. */
        MPI_Sendrecv(&u[BY * W + 1], BX, MPI_DOUBLE, north, TAG_Y, &u[0 * W + 1], BX,
                     MPI_DOUBLE, south, TAG_Y, cart, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1 * W + 1], BX, MPI_DOUBLE, south, TAG_Y, &u[(BY + 1) * W + 1], BX,
                     MPI_DOUBLE, north, TAG_Y, cart, MPI_STATUS_IGNORE);

        /* x faces (periodic): columns, packed. */
        for (int y = 0; y < BY; y++)
            sendcol[y] = u[(y + 1) * W + BX];
        MPI_Sendrecv(sendcol, BY, MPI_DOUBLE, east, TAG_X, recvcol, BY, MPI_DOUBLE, west, TAG_X,
                     cart, MPI_STATUS_IGNORE);
        for (int y = 0; y < BY; y++) {
            u[(y + 1) * W + 0] = recvcol[y];
            sendcol[y] = u[(y + 1) * W + 1];
        }
        MPI_Sendrecv(sendcol, BY, MPI_DOUBLE, west, TAG_X, recvcol, BY, MPI_DOUBLE, east, TAG_X,
                     cart, MPI_STATUS_IGNORE);
        for (int y = 0; y < BY; y++)
            u[(y + 1) * W + BX + 1] = recvcol[y];

        /* The update, and an integer checksum of the new block. */
        uint64_t local = 0;
        for (int y = 1; y <= BY; y++)
            for (int x = 1; x <= BX; x++) {
                const double *c = &u[y * W + x];
                double v = c[0] + 0.15 * (c[-W] + c[W] + c[-1] + c[1] - 4.0 * c[0]) +
                           0.02 * c[0] * (1.0 - c[0]);
                un[y * W + x] = v;
                local += (uint64_t)(int64_t)(v * 1048576.0) * (uint64_t)(x + 3 * y);
            }
        double *t = u;
        u = un;
        un = t;

        /* The row's sum feeds back into one cell, chosen by the iteration. */
        uint64_t rowsum;
        MPI_Allreduce(&local, &rowsum, 1, MPI_UINT64_T, MPI_SUM, row);
        h = mix64(h ^ mix64(rowsum));
        int fy = 1 + it % BY, fx = 1 + (it * 7) % BX;
        u[fy * W + fx] += (double)(rowsum % 4096) / 4096.0 * 1e-4;
    }

    /* Results: coordinates and hash of the block and of the row sums. */
    uint64_t mine[3] = {(uint64_t)coords[0], (uint64_t)coords[1], h};
    for (int y = 1; y <= BY; y++)
        for (int x = 1; x <= BX; x++) {
            long g = (gy0 + y - 1) * gw + gx0 + x - 1;
            mine[2] += mix64(dbits(u[y * W + x]) ^ mix64((uint64_t)g));
        }
    MPI_Comm_free(&row);
    MPI_Comm_free(&cart);
    uint64_t *all = malloc((size_t)size * 3 * sizeof(uint64_t));
    MPI_Gather(mine, 3, MPI_UINT64_T, all, 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t sum = 0;
        printf("cart: %d ranks as %d x %d, %d iterations\n", size, dims[0], dims[1], iters);
        for (int r = 0; r < size; r++) {
            printf("rank %d at (%llu, %llu): hash %016llx\n", r, (unsigned long long)all[3 * r],
                   (unsigned long long)all[3 * r + 1], (unsigned long long)all[3 * r + 2]);
            sum += all[3 * r + 2];
        }
        printf("total: %016llx\n", (unsigned long long)sum);
    }
    free(all);
    free(u);
    free(un);
    free(sendcol);
    free(recvcol);
    MPI_Finalize();
    return 0;
}
