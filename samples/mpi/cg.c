/* cg: unpreconditioned conjugate gradients on the 2-D Laplacian, the test
 * program of the thesis AALC builds on (section 4.4.1: "the Laplacian matrix
 * with 90000 unknowns ... about 450000 non-zero values ... solve the problem
 * with 1e-11 precision"), here in C.
 *
 * The matrix is the 5-point stencil on an n x n grid with zero Dirichlet
 * boundary (4 on the diagonal, -1 for each neighbour inside the grid), so
 * n = 300 gives 90000 unknowns and 5n^2 - 4n = 448800 non-zeros. Unknown
 * (i, j) of the grid is row i*n + j. Every rank owns a contiguous block of
 * whole grid lines (i.e. of matrix rows) and builds its rows in CSR form on
 * the heap, with the column indices pointing into an extended copy of the
 * search vector that has one ghost grid line on each side.
 *
 * The right-hand side is a fixed pseudo-random vector (a hash of the global
 * row, so it does not depend on the number of ranks), the initial guess is
 * zero, and the iteration stops when ||r|| / ||b|| <= 1e-11, with r the
 * recurrence residual, or after maxit iterations.
 *
 * One iteration is the thesis' communication pattern: a halo exchange of the
 * boundary grid lines of p with the neighbour ranks (MPI_Irecv, MPI_Isend,
 * the interior rows of q = A p while the lines travel, MPI_Waitall, the
 * boundary rows), and two MPI_Allreduce sums of one double each for the dot
 * products. The potential checkpoint is at the top of the iteration.
 *
 * Only rank 0 prints, and only at the end (output through mpiexec cannot be
 * taken back after a failure, so the residuals are kept until then): a
 * header, the residual every 50 iterations, then the iteration count, the
 * final residual (recurrence and recomputed b - A x) and the sums of x and
 * x*x. The dot products are summed in an order that depends on the number of
 * ranks, so the output is the same for the same number of
 * ranks, not across different numbers.
 *
 * With CG_TIMING=1 in the environment, rank 0 also writes the solve time
 * (MPI_Wtime around the iterations, after an MPI_Barrier, as the thesis
 * measured) to standard error, for tests/bench/cg_benchmark.py, and every
 * rank the bytes of data it holds; with CG_TIMING=2, rank 0 also the time
 * of every iteration, the checkpoint at its top included, in milliseconds
 * (tests/bench/busy_checkpoint.py).
 *
 *   mpiexec -n N cg [n] [maxit]     defaults: n = 300 (90000 unknowns), maxit = 2000
 */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_TO_UP 20   /* a grid line sent to the rank below in the grid (rank - 1) */
#define TAG_TO_DOWN 21 /* a grid line sent to rank + 1 */
#define TOL 1e-11
#define REPORT 50 /* iterations between residual lines */

/* The local rows in CSR form. Column indices are into the extended vector:
 * 0..n-1 is the ghost line of rank - 1, n..n+nloc-1 the rank's own rows,
 * n+nloc..n+nloc+n-1 the ghost line of rank + 1. */
struct csr {
    int nloc;       /* local rows */
    int *rowptr;    /* nloc + 1 entries */
    int *col;
    double *val;
};

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Right-hand side entry of global row g: uniform in [-0.5, 0.5). */
static double rhs(long g)
{
    return (double)(mix64((uint64_t)g + 1) >> 11) / 9007199254740992.0 - 0.5;
}

/* Rows [first, first + nloc) of the n x n Laplacian. */
static void build_laplacian(struct csr *a, int n, long first, int nloc)
{
    a->nloc = nloc;
    a->rowptr = malloc(((size_t)nloc + 1) * sizeof(int));
    a->col = malloc((size_t)nloc * 5 * sizeof(int));
    a->val = malloc((size_t)nloc * 5 * sizeof(double));
    int k = 0;
    for (int row = 0; row < nloc; row++) {
        long g = first + row;
        int i = (int)(g / n), j = (int)(g % n);
        int e = row + n; /* this row's own entry in the extended vector */
        a->rowptr[row] = k;
        /* columns in increasing order, as CSR usually keeps them */
        if (i > 0) {
            a->col[k] = e - n;
            a->val[k++] = -1.0;
        }
        if (j > 0) {
            a->col[k] = e - 1;
            a->val[k++] = -1.0;
        }
        a->col[k] = e;
        a->val[k++] = 4.0;
        if (j < n - 1) {
            a->col[k] = e + 1;
            a->val[k++] = -1.0;
        }
        if (i < n - 1) {
            a->col[k] = e + n;
            a->val[k++] = -1.0;
        }
    }
    a->rowptr[nloc] = k;
}

/* q[row] = (A pe)[row] for rows [lo, hi). */
static void spmv_rows(const struct csr *a, const double *pe, double *q, int lo, int hi)
{
    for (int row = lo; row < hi; row++) {
        double s = 0;
        for (int k = a->rowptr[row]; k < a->rowptr[row + 1]; k++)
            s += a->val[k] * pe[a->col[k]];
        q[row] = s;
    }
}

/* q = A p, where p is the own part of pe (pe + n). Exchanges the ghost
 * lines first; the rows at least one grid line away from both ends of the
 * block need no ghost and are computed while the lines are in flight. */
static void halo_spmv(const struct csr *a, double *pe, double *q, int n, int up, int down)
{
    int nloc = a->nloc;
    MPI_Request req[4];
    MPI_Status st[4]; /* not MPI_STATUSES_IGNORE: GCC 12 warns on it at -O2 */
    MPI_Irecv(&pe[0], n, MPI_DOUBLE, up, TAG_TO_DOWN, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(&pe[n + nloc], n, MPI_DOUBLE, down, TAG_TO_UP, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(&pe[n], n, MPI_DOUBLE, up, TAG_TO_UP, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(&pe[nloc], n, MPI_DOUBLE, down, TAG_TO_DOWN, MPI_COMM_WORLD, &req[3]);
    int lo = n < nloc ? n : nloc;                /* interior rows: [lo, hi) */
    int hi = nloc - n > lo ? nloc - n : lo;
    spmv_rows(a, pe, q, lo, hi);
    MPI_Waitall(4, req, st);
    spmv_rows(a, pe, q, 0, lo);
    spmv_rows(a, pe, q, hi, nloc);
}

/* Global dot product: local sum in row order, then one MPI_Allreduce. */
static double dot(const double *u, const double *v, int nloc)
{
    double local = 0, global;
    for (int row = 0; row < nloc; row++)
        local += u[row] * v[row];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return global;
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
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 300;
    int maxit = argc > 2 ? atoi(argv[2]) : 2000;
    if (n < 2 || n < size || n > 40000 || maxit < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N cg [n] [maxit]   (N <= n <= 40000)\n");
        MPI_Finalize();
        return 1;
    }

    /* Block decomposition by grid lines: rank r owns lines [l0, l1), which
     * are rows [first, first + nloc). The neighbours own the ghost lines. */
    int l0 = (int)((long)n * rank / size);
    int l1 = (int)((long)n * (rank + 1) / size);
    long first = (long)l0 * n;
    int nloc = (l1 - l0) * n;
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    struct csr a;
    build_laplacian(&a, n, first, nloc);
    long nnz_local = a.rowptr[nloc], nnz = 0;
    MPI_Reduce(&nnz_local, &nnz, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);

    double *x = malloc((size_t)nloc * sizeof(double));
    double *r = malloc((size_t)nloc * sizeof(double));
    double *q = malloc((size_t)nloc * sizeof(double));
    /* the search direction with its ghost lines (zero at the grid edges) */
    double *pe = calloc((size_t)nloc + 2 * (size_t)n, sizeof(double));
    double *p = pe + n;
    for (int row = 0; row < nloc; row++) {
        x[row] = 0.0;           /* initial guess x0 = 0, so r0 = b */
        r[row] = rhs(first + row);
        p[row] = r[row];
    }
    double bnorm = sqrt(dot(r, r, nloc));
    double rr = bnorm * bnorm;
    double rel = 1.0;
    double *history = calloc((size_t)maxit / REPORT + 1, sizeof(double));
    /* An int, not getenv's pointer: that points into this process's
     * environment, which a recovered process does not have at that address. */
    int timing = getenv("CG_TIMING") ? atoi(getenv("CG_TIMING")) : 0;
    double *steps = timing > 1 ? calloc((size_t)maxit, sizeof(double)) : NULL;
    MPI_Barrier(MPI_COMM_WORLD);
    double started = MPI_Wtime(), step_began = started;

    int it;
    for (it = 0; it < maxit && rel > TOL; it++) {
#pragma ckpt potential
        if (steps && it > 0) {
            double now = MPI_Wtime();
            steps[it - 1] = (now - step_began) * 1e3;
            step_began = now;
        }
        halo_spmv(&a, pe, q, n, up, down);
        double pq = dot(p, q, nloc);
        double alpha = rr / pq;
        for (int row = 0; row < nloc; row++) {
            x[row] += alpha * p[row];
            r[row] -= alpha * q[row];
        }
        double rr_new = dot(r, r, nloc);
        double beta = rr_new / rr;
        rr = rr_new;
        for (int row = 0; row < nloc; row++)
            p[row] = r[row] + beta * p[row];
        rel = sqrt(rr) / bnorm;
        if ((it + 1) % REPORT == 0)
            history[(it + 1) / REPORT - 1] = rel;
    }

    /* The residual recomputed from x (b - A x), which the recurrence only
     * approximates once rounding errors add up; then the checksums. */
    for (int row = 0; row < nloc; row++)
        p[row] = x[row];
    halo_spmv(&a, pe, q, n, up, down);
    for (int row = 0; row < nloc; row++)
        q[row] = rhs(first + row) - q[row];
    double true_rel = sqrt(dot(q, q, nloc)) / bnorm;
    double sums_local[2] = {0.0, 0.0}, sums[2] = {0.0, 0.0};
    for (int row = 0; row < nloc; row++) {
        sums_local[0] += x[row];
        sums_local[1] += x[row] * x[row];
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double solve_time = MPI_Wtime() - started;
    if (timing && rank == 0)
        fprintf(stderr, "cg: solve time %.6f s\n", solve_time);
    if (steps && rank == 0) /* one write, which the other ranks' lines do not split */
        print_steps("cg", steps, it - 1);
    free(steps);
    if (timing) /* the program's own data, to compare checkpoint sizes with */
        fprintf(stderr, "cg: rank %d data %zu bytes\n", rank,
                ((size_t)nloc + 1) * sizeof(int) + (size_t)nloc * 5 * (sizeof(int) + sizeof(double)) +
                    (size_t)nloc * 3 * sizeof(double) + ((size_t)nloc + 2 * (size_t)n) * sizeof(double) +
                    ((size_t)maxit / REPORT + 1) * sizeof(double));
    MPI_Reduce(sums_local, sums, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("cg: 2-D Laplacian %dx%d, %ld unknowns, %ld non-zeros, %d ranks, "
               "tol %.0e, maxit %d\n", n, n, (long)n * n, nnz, size, TOL, maxit);
        for (int k = 0; k < it / REPORT; k++)
            printf("iter %5d  residual %.6e\n", (k + 1) * REPORT, history[k]);
        printf("%s after %d iterations\n", rel <= TOL ? "converged" : "NOT converged", it);
        printf("relative residual %.6e  (recomputed b - A x: %.6e)\n", rel, true_rel);
        printf("sum x   %.12e\n", sums[0]);
        printf("sum x^2 %.12e\n", sums[1]);
        printf("unknowns %ld  non-zeros %ld\n", (long)n * n, nnz);
    }
    free(history);
    free(a.rowptr);
    free(a.col);
    free(a.val);
    free(x);
    free(r);
    free(q);
    free(pe);
    MPI_Finalize();
    return 0;
}
