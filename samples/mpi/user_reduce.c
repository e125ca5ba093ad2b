/* user_reduce: user-defined reductions (MPI_Op_create) on derived datatypes.
 *
 * Two operations, created before the loop and freed with MPI_Op_free after it:
 *
 *   matmul: the product of 2x2 matrices of integers mod the prime 2^61 - 1, on
 *      an MPI_Type_contiguous of four uint64. Not commutative (created with
 *      commute = 0), so MPI must combine the contributions in rank order:
 *      the result is m_0 m_1 ... m_{n-1}, and a reordered or repeated
 *      contribution changes it.
 *   best: on a struct {int64 sum; int64 max; int index}, an
 *      MPI_Type_create_struct resized to the C struct's size: adds the sums
 *      and keeps the largest max with its index (the smaller index on ties).
 *      Commutative.
 *
 * Every iteration uses each of them with MPI_Allreduce (one of the two in
 * place), MPI_Reduce (root rotating with the iteration) and MPI_Scan, some
 * with a count above one. Contributions come from each rank's running 64-bit
 * hash and every result is folded into it at once, so each call's data
 * depends on all the results before it. All arithmetic is on integers.
 *
 * The potential checkpoint is at the top of each iteration. Nothing is
 * printed until the end, when rank 0 prints the last Allreduce results and
 * every rank's hash.
 *
 *   mpiexec -n N user_reduce [iterations]      default: 120 iterations
 */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define P61 0x1fffffffffffffffULL /* 2^61 - 1 */

typedef struct mat2 {
    uint64_t m[4]; /* row-major: m[0] m[1] / m[2] m[3] */
} mat2;

typedef struct score {
    int64_t sum;
    int64_t max;
    int index;
} score;

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t fold(uint64_t h, uint64_t v)
{
    return mix64(h ^ mix64(v));
}

/* a * b mod 2^61 - 1 for a, b < 2^61, in 64-bit arithmetic: split into
 * 32-bit halves and use 2^61 = 1, so 2^64 = 8 (mod 2^61 - 1). */
static uint64_t mulmod(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffULL, a1 = a >> 32, b0 = b & 0xffffffffULL, b1 = b >> 32;
    uint64_t lo = a0 * b0, mid = a1 * b0 + a0 * b1, hi = a1 * b1;
    uint64_t s = (hi << 3) + (mid >> 29) + ((mid & ((1ULL << 29) - 1)) << 32) +
                 (lo >> 61) + (lo & P61);
    s = (s & P61) + (s >> 61);
    return s >= P61 ? s - P61 : s;
}

static uint64_t addmod(uint64_t a, uint64_t b)
{
    uint64_t s = a + b;
    return s >= P61 ? s - P61 : s;
}

static mat2 matmul(const mat2 *x, const mat2 *y)
{
    mat2 z;
    z.m[0] = addmod(mulmod(x->m[0], y->m[0]), mulmod(x->m[1], y->m[2]));
    z.m[1] = addmod(mulmod(x->m[0], y->m[1]), mulmod(x->m[1], y->m[3]));
    z.m[2] = addmod(mulmod(x->m[2], y->m[0]), mulmod(x->m[3], y->m[2]));
    z.m[3] = addmod(mulmod(x->m[2], y->m[1]), mulmod(x->m[3], y->m[3]));
    return z;
}

/* The datatypes the reductions must be called with: the program's own
 * handles (a checkpointing layer must not show its own). */
static MPI_Datatype mat_type, score_type;
static long foreign_types;

/* MPI calls it with inout = in op inout, in coming from the lower ranks. */
static void matmul_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const mat2 *a = in;
    mat2 *b = inout;
    foreign_types += *type != mat_type;
    for (int i = 0; i < *len; i++)
        b[i] = matmul(&a[i], &b[i]);
}

static void best_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const score *a = in;
    score *b = inout;
    foreign_types += *type != score_type;
    for (int i = 0; i < *len; i++) {
        b[i].sum += a[i].sum;
        if (a[i].max > b[i].max || (a[i].max == b[i].max && a[i].index < b[i].index)) {
            b[i].max = a[i].max;
            b[i].index = a[i].index;
        }
    }
}

static mat2 random_mat(uint64_t seed)
{
    mat2 x;
    for (int k = 0; k < 4; k++)
        x.m[k] = mix64(seed + (uint64_t)k) % P61;
    return x;
}

static score random_score(uint64_t seed, int index)
{
    score s;
    uint64_t r = mix64(seed);
    s.sum = (int64_t)(r % 2000001) - 1000000; /* small: no overflow in the sums */
    s.max = (int64_t)((r >> 24) % 1000);      /* few values: ties happen */
    s.index = index;
    return s;
}

static uint64_t fold_mat(uint64_t h, const mat2 *x)
{
    for (int k = 0; k < 4; k++)
        h = fold(h, x->m[k]);
    return h;
}

static uint64_t fold_score(uint64_t h, const score *s)
{
    h = fold(h, (uint64_t)s->sum);
    h = fold(h, (uint64_t)s->max);
    return fold(h, (uint64_t)s->index);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 120;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N user_reduce [iterations]\n");
        MPI_Finalize();
        return 1;
    }

    MPI_Datatype score_raw;
    MPI_Type_contiguous(4, MPI_UINT64_T, &mat_type);
    MPI_Type_commit(&mat_type);
    int blen[3] = {1, 1, 1};
    MPI_Aint disp[3] = {offsetof(score, sum), offsetof(score, max), offsetof(score, index)};
    MPI_Datatype mtypes[3] = {MPI_INT64_T, MPI_INT64_T, MPI_INT};
    MPI_Type_create_struct(3, blen, disp, mtypes, &score_raw);
    MPI_Type_create_resized(score_raw, 0, (MPI_Aint)sizeof(score), &score_type);
    MPI_Type_commit(&score_type);

    MPI_Op matmul_mpi, best_mpi;
    MPI_Op_create(matmul_op, 0, &matmul_mpi);
    MPI_Op_create(best_op, 1, &best_mpi);

    uint64_t h = mix64(0xab0de000ULL + (uint64_t)rank);
    mat2 last_prod[2] = {{{0, 0, 0, 0}}, {{0, 0, 0, 0}}};
    score last_best[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        mat2 m_in[2], m_out[2];
        score s_in[3], s_out[3];
        int root = it % size;

        /* matmul: Allreduce of two matrices, Reduce, Scan. */
        m_in[0] = random_mat(h + 1);
        m_in[1] = random_mat(h + 5);
        MPI_Allreduce(m_in, m_out, 2, mat_type, matmul_mpi, MPI_COMM_WORLD);
        h = fold_mat(h, &m_out[0]);
        h = fold_mat(h, &m_out[1]);
        last_prod[0] = m_out[0];
        last_prod[1] = m_out[1];

        m_in[0] = random_mat(h + 9);
        MPI_Reduce(m_in, m_out, 1, mat_type, matmul_mpi, root, MPI_COMM_WORLD);
        if (rank == root)
            h = fold_mat(h, &m_out[0]);

        m_in[0] = random_mat(h + 13);
        MPI_Scan(m_in, m_out, 1, mat_type, matmul_mpi, MPI_COMM_WORLD);
        h = fold_mat(h, &m_out[0]);

        /* best: Allreduce of three in place, Reduce of two, Scan. */
        for (int k = 0; k < 3; k++)
            s_out[k] = random_score(h + 20 + (uint64_t)k, rank * 3 + k);
        MPI_Allreduce(MPI_IN_PLACE, s_out, 3, score_type, best_mpi, MPI_COMM_WORLD);
        for (int k = 0; k < 3; k++) {
            h = fold_score(h, &s_out[k]);
            last_best[k] = s_out[k];
        }

        int rroot = (it + 1) % size;
        for (int k = 0; k < 2; k++)
            s_in[k] = random_score(h + 30 + (uint64_t)k, rank);
        MPI_Reduce(s_in, s_out, 2, score_type, best_mpi, rroot, MPI_COMM_WORLD);
        if (rank == rroot) {
            h = fold_score(h, &s_out[0]);
            h = fold_score(h, &s_out[1]);
        }

        s_in[0] = random_score(h + 40, rank);
        MPI_Scan(s_in, s_out, 1, score_type, best_mpi, MPI_COMM_WORLD);
        h = fold_score(h, &s_out[0]);
    }

    MPI_Op_free(&matmul_mpi);
    MPI_Op_free(&best_mpi);
    MPI_Type_free(&mat_type);
    MPI_Type_free(&score_type);
    MPI_Type_free(&score_raw);

    /* Results: every rank's hash to rank 0. */
    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    long foreign_all = 0;
    MPI_Reduce(&foreign_types, &foreign_all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t sum = 0;
        printf("user_reduce: %d ranks, %d iterations\n", size, iters);
        printf("datatype handles the reductions saw: %s\n",
               foreign_all ? "NOT the program's" : "the program's");
        for (int k = 0; k < 2; k++)
            printf("product %d: [%llu %llu; %llu %llu]\n", k,
                   (unsigned long long)last_prod[k].m[0], (unsigned long long)last_prod[k].m[1],
                   (unsigned long long)last_prod[k].m[2], (unsigned long long)last_prod[k].m[3]);
        for (int k = 0; k < 3; k++)
            printf("best %d: sum %lld, max %lld at %d\n", k, (long long)last_best[k].sum,
                   (long long)last_best[k].max, last_best[k].index);
        for (int r = 0; r < size; r++) {
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
            sum += all[r];
        }
        printf("total: %016llx\n", (unsigned long long)sum);
    }
    free(all);
    MPI_Finalize();
    return 0;
}
