/* persistent: a periodic 1-D reaction-diffusion model (Gray-Scott) whose
 * communication all goes through persistent requests.
 *
 * The ring of cells is split over the ranks in contiguous blocks, with one
 * ghost cell (u and v) on each side. The four halo requests are made once
 * with MPI_Send_init/MPI_Recv_init and reused every step:
 *   first half of the run:  MPI_Startall, interior cells, MPI_Waitall;
 *   second half: the requests are released with MPI_Request_free and made
 *   again with other tags, then started one by one with MPI_Start and
 *   completed one by one with MPI_Wait.
 * After the diffusion the stiff reaction is sub-cycled in every cell (the
 * compute).
 *
 * Every REPORT steps each rank hashes its cells and reports to rank 0 through
 * another persistent request. A report send is started at one report step and
 * only waited for at the next, and rank 0's report receives are started one
 * report ahead: these requests are active across many potential points.
 *
 * Every cell is computed the same way whatever the number of ranks, so the
 * output does not depend on it. The potential checkpoint is at the top of
 * each step. Nothing is printed until the end.
 *
 *   mpiexec -n N persistent [steps] [subcycles] [cells]   defaults: 400, 400, 6000
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_A_RIGHTWARD 40
#define TAG_A_LEFTWARD 41
#define TAG_B_RIGHTWARD 42
#define TAG_B_LEFTWARD 43
#define TAG_REPORT 44
#define TAG_GATHER 45
#define REPORT 10

/* Halo buffers live on the heap: persistent requests keep their addresses. */
struct halo {
    double from_left[2], from_right[2]; /* (u, v) of the neighbours' edge cells */
    double to_left[2], to_right[2];     /* (u, v) of my edge cells */
    MPI_Request req[4];                 /* recv left, recv right, send left, send right */
};

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t cells_hash(const double *u, const double *v, int n, long first)
{
    uint64_t h = 0;
    for (int i = 1; i <= n; i++) {
        uint64_t a, b;
        memcpy(&a, &u[i], sizeof a);
        memcpy(&b, &v[i], sizeof b);
        h += mix64(a ^ mix64((uint64_t)(first + i - 1))) ^ (b * 0x9e3779b97f4a7c15ULL);
    }
    return h;
}

static void make_halo(struct halo *h, int left, int right, int tag_rightward, int tag_leftward)
{
    MPI_Recv_init(h->from_left, 2, MPI_DOUBLE, left, tag_rightward, MPI_COMM_WORLD, &h->req[0]);
    MPI_Recv_init(h->from_right, 2, MPI_DOUBLE, right, tag_leftward, MPI_COMM_WORLD, &h->req[1]);
    MPI_Send_init(h->to_left, 2, MPI_DOUBLE, left, tag_leftward, MPI_COMM_WORLD, &h->req[2]);
    MPI_Send_init(h->to_right, 2, MPI_DOUBLE, right, tag_rightward, MPI_COMM_WORLD, &h->req[3]);
}

static void diffuse(const double *u, const double *v, double *un, double *vn, int i)
{
    un[i] = u[i] + 0.20 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    vn[i] = v[i] + 0.10 * (v[i - 1] - 2.0 * v[i] + v[i + 1]);
}

static void react(double *u, double *v, int n, int subcycles)
{
    const double dt = 1.0 / subcycles, F = 0.037, K = 0.06;
    for (int i = 1; i <= n; i++) {
        double a = u[i], b = v[i];
        for (int s = 0; s < subcycles; s++) {
            double abb = a * b * b;
            a += dt * (-abb + F * (1.0 - a));
            b += dt * (abb - (F + K) * b + 0.002);
        }
        u[i] = a;
        v[i] = b;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 400;
    int subcycles = argc > 2 ? atoi(argv[2]) : 400;
    long cells = argc > 3 ? atol(argv[3]) : 6000;
    if (size < 2 || steps < 1 || subcycles < 1 || cells < 4L * size) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N persistent [steps] [subcycles] [cells], "
                    "N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    long first = cells * rank / size;
    int n = (int)(cells * (rank + 1) / size - first);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    double *u = malloc((size_t)(n + 2) * sizeof(double));
    double *v = malloc((size_t)(n + 2) * sizeof(double));
    double *un = malloc((size_t)(n + 2) * sizeof(double));
    double *vn = malloc((size_t)(n + 2) * sizeof(double));
    for (int i = 1; i <= n; i++) {
        long g = first + i - 1;
        int patch = (g / 50) % 7 == 3 || (g * 31) % 101 == 7;
        u[i] = patch ? 0.5 : 1.0;
        v[i] = patch ? 0.25 + 0.001 * (double)(g % 13) : 0.0;
    }

    struct halo *h = malloc(sizeof *h);
    make_halo(h, left, right, TAG_A_RIGHTWARD, TAG_A_LEFTWARD);

    /* Reports: (step, hash) pairs. */
    int nreports = steps / REPORT;
    uint64_t *report_out = malloc(2 * sizeof(uint64_t));
    uint64_t *report_in = calloc(2 * (size_t)size, sizeof(uint64_t));
    uint64_t *combined = calloc((size_t)nreports + 1, sizeof(uint64_t));
    MPI_Request report_send = MPI_REQUEST_NULL;
    MPI_Request *report_recv = malloc((size_t)size * sizeof(MPI_Request));
    MPI_Status *report_sts = malloc((size_t)size * sizeof(MPI_Status));
    if (rank == 0) {
        for (int r = 1; r < size; r++)
            MPI_Recv_init(&report_in[2 * r], 2, MPI_UINT64_T, r, TAG_REPORT, MPI_COMM_WORLD,
                          &report_recv[r - 1]);
        if (nreports > 0)
            MPI_Startall(size - 1, report_recv);
    } else {
        MPI_Send_init(report_out, 2, MPI_UINT64_T, 0, TAG_REPORT, MPI_COMM_WORLD, &report_send);
    }

    int half = steps / 2;
    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        if (step == half + 1) {
            /* Second phase: new halo requests, started and completed one by one. */
            for (int j = 0; j < 4; j++)
                MPI_Request_free(&h->req[j]);
            make_halo(h, left, right, TAG_B_RIGHTWARD, TAG_B_LEFTWARD);
        }
        h->to_left[0] = u[1];
        h->to_left[1] = v[1];
        h->to_right[0] = u[n];
        h->to_right[1] = v[n];
        if (step <= half) {
            MPI_Startall(4, h->req);
        } else {
            for (int j = 0; j < 4; j++)
                MPI_Start(&h->req[j]);
        }
        for (int i = 2; i < n; i++)
            diffuse(u, v, un, vn, i);
        if (step <= half) {
            MPI_Status sts[4];
            MPI_Waitall(4, h->req, sts);
        } else {
            for (int j = 0; j < 4; j++) {
                MPI_Status st;
                MPI_Wait(&h->req[j], &st);
                if (j < 2 && st.MPI_SOURCE != (j == 0 ? left : right)) {
                    fprintf(stderr, "persistent: rank %d: halo from %d\n", rank, st.MPI_SOURCE);
                    return 2;
                }
            }
        }
        u[0] = h->from_left[0];
        v[0] = h->from_left[1];
        u[n + 1] = h->from_right[0];
        v[n + 1] = h->from_right[1];
        diffuse(u, v, un, vn, 1);
        diffuse(u, v, un, vn, n);
        double *t = u;
        u = un;
        un = t;
        t = v;
        v = vn;
        vn = t;
        react(u, v, n, subcycles);

        if (step % REPORT == 0) {
            uint64_t mine = cells_hash(u, v, n, first);
            if (rank != 0) {
                MPI_Wait(&report_send, MPI_STATUS_IGNORE); /* the previous report */
                report_out[0] = (uint64_t)step;
                report_out[1] = mine;
                MPI_Start(&report_send);
            } else {
                MPI_Waitall(size - 1, report_recv, report_sts);
                for (int r = 1; r < size; r++) {
                    if (report_in[2 * r] != (uint64_t)step) {
                        fprintf(stderr, "persistent: step %d: report of step %llu from %d\n",
                                step, (unsigned long long)report_in[2 * r], r);
                        return 2;
                    }
                    mine += report_in[2 * r + 1];
                }
                combined[step / REPORT - 1] = mine;
                if (step / REPORT < nreports)
                    MPI_Startall(size - 1, report_recv);
            }
        }
    }

    for (int j = 0; j < 4; j++)
        MPI_Request_free(&h->req[j]);
    if (rank != 0) {
        MPI_Wait(&report_send, MPI_STATUS_IGNORE);
        MPI_Request_free(&report_send);
        MPI_Send(&u[1], n, MPI_DOUBLE, 0, TAG_GATHER, MPI_COMM_WORLD);
        MPI_Send(&v[1], n, MPI_DOUBLE, 0, TAG_GATHER, MPI_COMM_WORLD);
    } else {
        for (int r = 1; r < size; r++)
            MPI_Request_free(&report_recv[r - 1]);
        double *all_u = malloc((size_t)cells * sizeof(double));
        double *all_v = malloc((size_t)cells * sizeof(double));
        memcpy(all_u, &u[1], (size_t)n * sizeof(double));
        memcpy(all_v, &v[1], (size_t)n * sizeof(double));
        for (int r = 1; r < size; r++) {
            long f = cells * r / size;
            int m = (int)(cells * (r + 1) / size - f), got;
            MPI_Status st;
            MPI_Recv(all_u + f, m, MPI_DOUBLE, r, TAG_GATHER, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &got);
            MPI_Recv(all_v + f, m, MPI_DOUBLE, r, TAG_GATHER, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (got != m) {
                fprintf(stderr, "persistent: rank %d sent %d cells, expected %d\n", r, got, m);
                return 2;
            }
        }
        printf("persistent: %ld cells, %d steps, %d subcycles\n", cells, steps, subcycles);
        for (int k = 0; k < nreports; k++)
            printf("step %5d: hash %016llx\n", (k + 1) * REPORT, (unsigned long long)combined[k]);
        double su = 0, sv = 0;
        for (long g = 0; g < cells; g++) {
            su += all_u[g];
            sv += all_v[g] * (double)(g % 3 + 1);
        }
        printf("sum u %.15e  weighted sum v %.15e\n", su, sv);
        for (int k = 0; k < 6; k++) {
            long g = cells * k / 6 + 17 * k;
            printf("cell %5ld: u %.15e  v %.15e\n", g, all_u[g], all_v[g]);
        }
        free(all_u);
        free(all_v);
    }
    free(u);
    free(v);
    free(un);
    free(vn);
    free(h);
    free(report_out);
    free(report_in);
    free(combined);
    free(report_recv);
    free(report_sts);
    MPI_Finalize();
    return 0;
}
