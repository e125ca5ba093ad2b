/* dtype_halo: a 2-D halo exchange with derived datatypes, and a packet of
 * structs that travels around the ranks.
 *
 * A grid of rows x cols cells is split over the ranks in blocks of columns,
 * periodic across the ranks (the rightmost block's right neighbour is rank 0;
 * with one rank, a rank is its own neighbour); the top and bottom rows see
 * fixed zero ghost rows. Each rank holds two fields on its block:
 *
 *   u, doubles with one ghost column on each side: a diffusion step. Its ghost
 *      columns are exchanged with MPI_Sendrecv of one MPI_Type_vector column
 *      (stride: the local row length, which differs between ranks), received
 *      as the same column built with MPI_Type_create_hvector (eastward) and
 *      MPI_Type_indexed (westward).
 *   q, 64-bit integers with two ghost columns on each side: a wider integer
 *      stencil mod 2^31 - 1. Its two-column faces are exchanged with
 *      MPI_Irecv / MPI_Isend / MPI_Waitall of MPI_Type_create_subarray types,
 *      one per face (the start is part of the type).
 *
 * Each rank also owns a packet of TRACERS structs {int row; double mass}. The
 * struct is an MPI_Type_create_struct resized with MPI_Type_create_resized to
 * the C struct's size, and the packet an MPI_Type_contiguous of it. Every
 * iteration the packets move one rank to the right with MPI_Sendrecv: sent
 * as one packet, received as TRACERS structs (the same type signature). The
 * tracers deposit mass on the left column of the block they arrive at and
 * pick some up from its right column, so the fields and the packets feed
 * each other.
 *
 * All the datatypes are created and committed before the loop, kept in
 * variables of main, and freed after it. The potential checkpoint is at the
 * top of each iteration. Nothing is printed until the end, when rank 0
 * gathers per-rank hashes of u, q and the tracers.
 *
 *   mpiexec -n N dtype_halo [iterations] [rows] [cols]   defaults: 200, 24, 48
 */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_WEST 21 /* data moving to the left neighbour */
#define TAG_EAST 22 /* data moving to the right neighbour */
#define TAG_TRACER 23
#define TRACERS 6
#define QMOD 2147483647LL /* 2^31 - 1 */

typedef struct tracer {
    int row;
    double mass; /* the padding between the members is why the type is resized */
} tracer;

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
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    int rows = argc > 2 ? atoi(argv[2]) : 24;
    int cols = argc > 3 ? atoi(argv[3]) : 48;
    if (iters < 1 || rows < 1 || cols < 2 * size) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N dtype_halo [iterations] [rows] [cols], "
                            "cols >= 2N\n");
        MPI_Finalize();
        return 1;
    }

    /* Rank r owns global columns [c0, c0 + w); w >= 2 for q's two-wide faces. */
    int c0 = (int)((long)cols * rank / size);
    int w = (int)((long)cols * (rank + 1) / size) - c0;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int uw = w + 2, qw = w + 4; /* local row lengths */
    double *u = calloc((size_t)(rows + 2) * uw, sizeof(double));
    double *un = calloc((size_t)(rows + 2) * uw, sizeof(double));
    int64_t *q = calloc((size_t)rows * qw, sizeof(int64_t));
    int64_t *qn = calloc((size_t)rows * qw, sizeof(int64_t));
    tracer *out = malloc(TRACERS * sizeof(tracer));
    tracer *in = malloc(TRACERS * sizeof(tracer));
    for (int i = 1; i <= rows; i++)
        for (int j = 1; j <= w; j++) {
            long g = (long)(i - 1) * cols + c0 + j - 1;
            u[i * uw + j] = (double)((g * 2654435761L) % 1000) / 1000.0;
            q[(i - 1) * qw + j + 1] = (int64_t)(mix64((uint64_t)g) % (uint64_t)QMOD);
        }
    for (int k = 0; k < TRACERS; k++) {
        out[k].row = (rank * 5 + k * 3) % rows;
        out[k].mass = 1.0 + 0.125 * k + 0.5 * rank;
    }

    /* u: one interior column, rows elements spaced a local row apart. */
    MPI_Datatype column;
    MPI_Type_vector(rows, 1, uw, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    /* The same column twice more, to receive into: with a byte stride, and
     * as an explicit list of displacements. */
    MPI_Datatype column_h, column_i;
    MPI_Type_create_hvector(rows, 1, (MPI_Aint)(uw * sizeof(double)), MPI_DOUBLE, &column_h);
    MPI_Type_commit(&column_h);
    int *ones = malloc((size_t)rows * sizeof(int)), *offsets = malloc((size_t)rows * sizeof(int));
    for (int i = 0; i < rows; i++) {
        ones[i] = 1;
        offsets[i] = i * uw;
    }
    MPI_Type_indexed(rows, ones, offsets, MPI_DOUBLE, &column_i);
    MPI_Type_commit(&column_i);
    free(ones);
    free(offsets);

    /* q: the two-column faces of the rows x qw array, sent and received. */
    MPI_Datatype face_send_w, face_send_e, face_recv_w, face_recv_e;
    int qsizes[2] = {rows, qw}, qsub[2] = {rows, 2};
    int st_send_w[2] = {0, 2}, st_send_e[2] = {0, w}; /* first / last two interior */
    int st_recv_w[2] = {0, 0}, st_recv_e[2] = {0, w + 2}; /* the ghost columns */
    MPI_Type_create_subarray(2, qsizes, qsub, st_send_w, MPI_ORDER_C, MPI_INT64_T,
                             &face_send_w);
    MPI_Type_create_subarray(2, qsizes, qsub, st_send_e, MPI_ORDER_C, MPI_INT64_T,
                             &face_send_e);
    MPI_Type_create_subarray(2, qsizes, qsub, st_recv_w, MPI_ORDER_C, MPI_INT64_T,
                             &face_recv_w);
    MPI_Type_create_subarray(2, qsizes, qsub, st_recv_e, MPI_ORDER_C, MPI_INT64_T,
                             &face_recv_e);
    MPI_Type_commit(&face_send_w);
    MPI_Type_commit(&face_send_e);
    MPI_Type_commit(&face_recv_w);
    MPI_Type_commit(&face_recv_e);

    /* Tracers: the struct, resized to sizeof(tracer), and a packet of them. */
    MPI_Datatype tracer_raw, tracer_type, packet;
    int blen[2] = {1, 1};
    MPI_Aint disp[2] = {offsetof(tracer, row), offsetof(tracer, mass)};
    MPI_Datatype mtypes[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Type_create_struct(2, blen, disp, mtypes, &tracer_raw);
    MPI_Type_create_resized(tracer_raw, 0, (MPI_Aint)sizeof(tracer), &tracer_type);
    MPI_Type_commit(&tracer_type);
    MPI_Type_contiguous(TRACERS, tracer_type, &packet);
    MPI_Type_commit(&packet);

    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        /* u's ghost columns: two shifts. */
        MPI_Sendrecv(&u[1 * uw + 1], 1, column, left, TAG_WEST, &u[1 * uw + w + 1], 1, column_i,
                     right, TAG_WEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1 * uw + w], 1, column, right, TAG_EAST, &u[1 * uw + 0], 1, column_h,
                     left, TAG_EAST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

        /* q's faces: the subarray types address the whole array. */
        MPI_Request req[4];
        MPI_Status st[4];
        MPI_Irecv(q, 1, face_recv_e, right, TAG_WEST, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(q, 1, face_recv_w, left, TAG_EAST, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(q, 1, face_send_w, left, TAG_WEST, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(q, 1, face_send_e, right, TAG_EAST, MPI_COMM_WORLD, &req[3]);

        /* Update u (its ghosts are in) while q's faces travel. */
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j <= w; j++) {
                const double *c = &u[i * uw + j];
                un[i * uw + j] = c[0] + 0.2 * (c[-uw] + c[uw] + c[-1] + c[1] - 4.0 * c[0]) +
                                 1e-3 * (c[0] * (1.0 - c[0]));
            }
        MPI_Waitall(4, req, st);

        /* Update q: a five-point row stencil, the row above (cyclic), and u. */
        for (int i = 0; i < rows; i++)
            for (int j = 2; j < w + 2; j++) {
                const int64_t *c = &q[i * qw + j];
                int64_t up = q[((i + rows - 1) % rows) * qw + j];
                int64_t s = c[-2] + 2 * c[-1] + 3 * c[0] + 5 * c[1] + 7 * c[2] + up +
                            (int64_t)(un[(i + 1) * uw + j - 1] * 4096.0);
                qn[i * qw + j] = s % QMOD;
            }
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j <= w; j++)
                un[i * uw + j] += 1e-7 * (double)(qn[(i - 1) * qw + j + 1] % 1024);
        double *tu = u;
        u = un;
        un = tu;
        int64_t *tq = q;
        q = qn;
        qn = tq;

        /* Tracers: send our packet right as one packet, receive TRACERS structs. */
        MPI_Sendrecv(out, 1, packet, right, TAG_TRACER, in, TRACERS, tracer_type, left,
                     TAG_TRACER, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < TRACERS; k++) {
            int r = in[k].row;
            if (r < 0 || r >= rows) {
                fprintf(stderr, "dtype_halo: rank %d: tracer row %d\n", rank, r);
                return 2;
            }
            double *first = &u[(r + 1) * uw + 1], *last = &u[(r + 1) * uw + w];
            *first += 1e-3 * in[k].mass;
            out[k].mass = 0.75 * in[k].mass + 0.25 * *last;
            *last *= 0.999;
            out[k].row = (r * 7 + k + 1) % rows;
        }
    }

    /* Results: hashes of u, q and the tracers; rank 0 prints them. */
    uint64_t mine[3] = {0, 0, 0};
    for (int i = 1; i <= rows; i++)
        for (int j = 1; j <= w; j++) {
            uint64_t g = (uint64_t)(i - 1) * (uint64_t)cols + (uint64_t)(c0 + j - 1);
            mine[0] += mix64(dbits(u[i * uw + j]) ^ mix64(g));
            mine[1] += mix64((uint64_t)q[(i - 1) * qw + j + 1] ^ mix64(g));
        }
    for (int k = 0; k < TRACERS; k++)
        mine[2] = mix64(mine[2] ^ dbits(out[k].mass) ^ ((uint64_t)out[k].row << 52));
    uint64_t *all = malloc((size_t)size * 3 * sizeof(uint64_t));
    MPI_Gather(mine, 3, MPI_UINT64_T, all, 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t tot[3] = {0, 0, 0};
        printf("dtype_halo: %d ranks, %d iterations, %d x %d cells\n", size, iters, rows,
               cols);
        for (int r = 0; r < size; r++) {
            printf("rank %d: u %016llx  q %016llx  tracers %016llx\n", r,
                   (unsigned long long)all[3 * r], (unsigned long long)all[3 * r + 1],
                   (unsigned long long)all[3 * r + 2]);
            for (int k = 0; k < 3; k++)
                tot[k] += all[3 * r + k];
        }
        printf("total: u %016llx  q %016llx  tracers %016llx\n", (unsigned long long)tot[0],
               (unsigned long long)tot[1], (unsigned long long)tot[2]);
    }

    MPI_Type_free(&column);
    MPI_Type_free(&column_h);
    MPI_Type_free(&column_i);
    MPI_Type_free(&face_send_w);
    MPI_Type_free(&face_send_e);
    MPI_Type_free(&face_recv_w);
    MPI_Type_free(&face_recv_e);
    MPI_Type_free(&packet);
    MPI_Type_free(&tracer_type);
    MPI_Type_free(&tracer_raw);
    free(all);
    free(u);
    free(un);
    free(q);
    free(qn);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
