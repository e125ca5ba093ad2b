/*
 * main.c -- unit 1 of 3 of timed_units: relaxes a random grid, timing the
 * steps the way benchmark suites do.
 *
 * Shows: code that needs no edit for checkpointing but the pragma (in
 * kernel.c). Calls to the timers of another unit stand inside macros and
 * conditions ('if (timeron) timer_start(t)', 'wtime' renamed to 'wtime_'),
 * the random generator is called inside expressions, a variable-length array
 * is in scope of them, and the kernels are called through a table of
 * pointers. Each unit is compiled alone; the link step finds which calls
 * reach the checkpoint (relax() and the table's calls) and instruments this
 * unit again for them.
 *
 * Usage: timed_units [steps [size]]   (default 3000 steps of a 65536-point grid)
 */
#include <stdio.h>
#include <stdlib.h>

#include "timed_units.h"

/* A sample of the grid, in a variable-length array, checked against a
 * random probe: nothing here reaches the checkpoint. */
static double probe(const double *grid, int n, double *seed)
{
    int m = n / 64 + 1;
    double sample[m];
    TIMER_START(T_CHECK);
    for (int i = 0; i < m; i++)
        sample[i] = grid[(int)(randlc(seed, 1220703125.0) * n)];
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        sum += sample[i] * randlc(seed, 1220703125.0);
    TIMER_STOP(T_CHECK);
    return sum;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 3000;
    int n = argc > 2 ? atoi(argv[2]) : 65536;
    double seed = 314159265.0, probe_seed = 271828183.0;
    double *grid = malloc(sizeof *grid * (size_t)n);
    if (!grid)
        return 1;
    for (int i = 0; i < n; i++)
        grid[i] = randlc(&seed, 1220703125.0);

    timeron = argc > 3;
    for (int t = 0; t < T_COUNT; t++)
        timer_clear(t);
    double start = wtime();
    printf("timed_units: %d steps of a %d-point grid\n", steps, n);
    TIMER_START(T_TOTAL);
    double total = 0.0;
    for (int step = 0; step < steps; step++) {
        TIMER_START(T_RELAX);
        relax(grid, n, 3);
        TIMER_STOP(T_RELAX);
        kernels[step % 2](grid, n, step);
        grid[(int)(randlc(&seed, 1220703125.0) * n)] += 0.5;
        total += probe(grid, n, &probe_seed);
        if (step % 250 == 0)
            printf("step %4d: probe total %.12f grid[%d] %.12f\n", step, total, n / 2,
                   grid[n / 2]);
    }
    TIMER_STOP(T_TOTAL);
    double checksum = 0.0;
    for (int i = 0; i < n; i++)
        checksum += grid[i];
    printf("checksum %.12f\n", checksum);
    if (timeron)
        fprintf(stderr, "time %.3f s (relax %.3f s, probes %.3f s)\n", wtime() - start,
                timer_read(T_RELAX), timer_read(T_CHECK));
    free(grid);
    return 0;
}
