/* omp_stencil: a 1-D integer stencil whose sweeps are OpenMP parallel loops.
 *
 * The program asks for 2 threads (omp_set_num_threads) before the time
 * loop; a recovery must give it 2 again, whatever OMP_NUM_THREADS says.
 * Each step: a `parallel for` with a static schedule computes the new cells
 * from the old (integer arithmetic, so that the result does not depend on
 * the order in which the threads finish), with a reduction of their hash;
 * then a parallel region in which every thread adds a value of its thread
 * number and of the cells it would take into a second reduction, and the
 * team's size is noted. A recovery with another team prints other sums.
 *
 * The potential checkpoint is at the top of each step, outside the parallel
 * regions. Every REPORT steps the sums are printed.
 *
 *   omp_stencil [steps] [cells]   defaults: 3000, 80000
 */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define REPORT 250
#define THREADS 2

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 3000;
    int cells = argc > 2 ? atoi(argv[2]) : 80000;
    if (steps < 1 || cells < 3) {
        fprintf(stderr, "usage: omp_stencil [steps] [cells]\n");
        return 1;
    }
    omp_set_num_threads(THREADS);
    uint64_t *old_cells = malloc((size_t)cells * sizeof *old_cells);
    uint64_t *new_cells = malloc((size_t)cells * sizeof *new_cells);
    for (int i = 0; i < cells; i++)
        old_cells[i] = mix64((uint64_t)i);

    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        uint64_t hash = 0;
#pragma omp parallel for schedule(static) reduction(+ : hash)
        for (int i = 0; i < cells; i++) {
            uint64_t left = old_cells[i == 0 ? cells - 1 : i - 1];
            uint64_t right = old_cells[i == cells - 1 ? 0 : i + 1];
            new_cells[i] = mix64(left ^ (old_cells[i] + (uint64_t)step) ^ (right << 1));
            hash += new_cells[i];
        }
        uint64_t counted = 0;
        int team = 0;
#pragma omp parallel reduction(+ : counted) reduction(max : team)
        {
            uint64_t share = (uint64_t)(cells / omp_get_num_threads());
            counted += mix64((uint64_t)step * 1000003u + share + (uint64_t)omp_get_thread_num());
            team = omp_get_num_threads();
        }
        uint64_t *t = old_cells;
        old_cells = new_cells;
        new_cells = t;
        if (step % REPORT == 0 || step == steps)
            printf("step %d: %d threads, cells %016llx, counters %016llx\n", step, team,
                   (unsigned long long)hash, (unsigned long long)counted);
    }
    free(old_cells);
    free(new_cells);
    return 0;
}
