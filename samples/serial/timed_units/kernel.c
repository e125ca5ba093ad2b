/*
 * kernel.c -- unit 2 of 3 of timed_units: relaxation sweeps over a grid,
 * with the potential checkpoint between two sweeps, and the NAS benchmarks'
 * linear congruential generator.
 */
#include "timed_units.h"

void relax(double *grid, int n, int sweeps)
{
    for (int s = 0; s < sweeps; s++) {
#pragma ckpt potential
        for (int i = 1; i < n - 1; i++)
            grid[i] = 0.25 * grid[i - 1] + 0.5 * grid[i] + 0.25 * grid[i + 1];
    }
}

/* One of the kernels of the table reaches the checkpoint, the other does
 * not: a call through the table may reach it. */
static void smooth_twice(double *grid, int n, int sweep)
{
    relax(grid, n, 2 + sweep % 3);
}

static void scale(double *grid, int n, int sweep)
{
    for (int i = 0; i < n; i++)
        grid[i] *= 1.0 + 1e-3 * (double)(sweep % 5);
}

kernel_fn kernels[2] = {smooth_twice, scale};

/* x(k+1) = a * x(k) mod 2^46, returned as a fraction of 2^46 (NAS's randlc,
 * written here from its definition). */
double randlc(double *seed, double a)
{
    const double two46 = 70368744177664.0, two23 = 8388608.0;
    double a1 = (double)(long)(a / two23), a2 = a - two23 * a1;
    double x1 = (double)(long)(*seed / two23), x2 = *seed - two23 * x1;
    double t1 = a1 * x2 + a2 * x1;
    double t2 = (double)(long)(t1 / two23);
    double z = t1 - two23 * t2;
    double t3 = two23 * z + a2 * x2;
    double t4 = (double)(long)(t3 / two46);
    *seed = t3 - two46 * t4;
    return *seed / two46;
}
