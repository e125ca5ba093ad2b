/* hybrid_stencil: MPI between ranks, OpenMP threads inside each rank.
 *
 * A 1-D integer stencil on cells distributed over the ranks in contiguous
 * blocks, with one ghost cell on each side. The program asks for
 * MPI_THREAD_SERIALIZED and sets its thread count (omp_set_num_threads(2))
 * before the time loop; a recovery must give it both again, whatever
 * OMP_NUM_THREADS says. Each step has two parallel regions:
 *
 *   - in the first, the team's last thread (not the program thread)
 *     exchanges the ghost cells with MPI_Sendrecv: MPI called from another
 *     thread, one at a time, as MPI_THREAD_SERIALIZED allows;
 *   - then a static `parallel for` loop computes the new cells from the old
 *     (integer arithmetic: the result does not depend on the order the
 *     threads finish), with a reduction of their hash, and each thread adds
 *     the cells it computed to its own threadprivate count.
 *
 * Then the program thread sums the hashes over the ranks (MPI_Allreduce).
 * Every REPORT steps rank 0 prints the global hash, the team's size and a
 * sum of every thread's threadprivate count weighted by its thread number:
 * a recovery that lost a thread's count, or gave it to another thread, or
 * ran another team size, prints something else.
 *
 * The potential checkpoint is at the top of each step, outside the region.
 *
 *   mpiexec -n N hybrid_stencil [steps] [cells]   defaults: 600, 4000
 */
#include <mpi.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define REPORT 50
#define THREADS 2
#define TAG_LEFT 21
#define TAG_RIGHT 22

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Cells this thread computed, over the whole run. */
static uint64_t computed;
#pragma omp threadprivate(computed)

/* Ghost cells from the neighbours; ends of the array talk to MPI_PROC_NULL
 * and keep their ghost at 0. */
static void exchange(uint64_t *cells, int n, int left, int right)
{
    MPI_Sendrecv(&cells[1], 1, MPI_UINT64_T, left, TAG_LEFT, &cells[n + 1], 1, MPI_UINT64_T,
                 right, TAG_LEFT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&cells[n], 1, MPI_UINT64_T, right, TAG_RIGHT, &cells[0], 1, MPI_UINT64_T, left,
                 TAG_RIGHT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) {
        if (rank == 0)
            fprintf(stderr, "hybrid_stencil: MPI gives thread level %d, not SERIALIZED\n",
                    provided);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int steps = argc > 1 ? atoi(argv[1]) : 600;
    long total = argc > 2 ? atol(argv[2]) : 4000;
    if (steps < 1 || total < size) {
        if (rank == 0)
            fprintf(stderr, "usage: hybrid_stencil [steps] [cells >= ranks]\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long first = total * rank / size;
    int n = (int)(total * (rank + 1) / size - first);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    uint64_t *old_cells = calloc((size_t)n + 2, sizeof *old_cells);
    uint64_t *new_cells = calloc((size_t)n + 2, sizeof *new_cells);
    for (int i = 1; i <= n; i++)
        old_cells[i] = mix64((uint64_t)(first + i));
    omp_set_num_threads(THREADS);

    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        uint64_t hash = 0;
        int team = 0;
#pragma omp parallel reduction(max : team)
        {
            team = omp_get_num_threads();
            if (omp_get_thread_num() == team - 1)
                exchange(old_cells, n, left, right);
        }
#pragma omp parallel for schedule(static) reduction(+ : hash)
        for (int i = 1; i <= n; i++) {
            new_cells[i] = mix64(old_cells[i - 1] ^ (old_cells[i] + (uint64_t)step) ^
                                 (old_cells[i + 1] << 1));
            hash += new_cells[i];
            computed++;
        }
        uint64_t *t = old_cells;
        old_cells = new_cells;
        new_cells = t;
        uint64_t global = 0;
        MPI_Allreduce(&hash, &global, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (step % REPORT == 0 || step == steps) {
            uint64_t counts = 0, all_counts = 0;
#pragma omp parallel reduction(+ : counts)
            counts += computed * (uint64_t)(omp_get_thread_num() + 1);
            MPI_Reduce(&counts, &all_counts, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
            if (rank == 0)
                printf("step %d: %d threads, cells %016llx, counts %llu\n", step, team,
                       (unsigned long long)global, (unsigned long long)all_counts);
        }
    }
    free(old_cells);
    free(new_cells);
    MPI_Finalize();
    return 0;
}
