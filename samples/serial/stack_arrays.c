/*
 * stack_arrays.c -- heat relaxation on a grid that lives on main's stack.
 *
 * Shows: pointers to stack arrays passed down the call chain. The grid is a
 * local array of main(), the scratch row a local array of solve(); both are
 * passed down as pointers, main -> solve -> sweep -> relax_row, and the
 * potential checkpoint is in relax_row(), three calls below main, which
 * writes the new values through those pointers. After recovery the frames
 * are rebuilt on a stack at the same address, so the pointers saved in
 * sweep() and relax_row() point at the restored arrays again.
 *
 * Usage: stack_arrays [sweeps-per-phase]   (default 16000)
 */
#include <stdio.h>
#include <stdlib.h>

#define N 96 /* grid is N x N doubles: 72 KiB of main's frame */

/* Level 3: relax one interior row in place (Gauss-Seidel by rows). */
static double relax_row(double *row, const double *up, const double *down, double *scratch)
{
#pragma ckpt potential
    for (int j = 1; j < N - 1; j++)
        scratch[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]);
    double change = 0;
    for (int j = 1; j < N - 1; j++) {
        double d = scratch[j] - row[j];
        change += d < 0 ? -d : d;
        row[j] = scratch[j]; /* writes into main's grid */
    }
    return change;
}

/* Level 2: one sweep over all interior rows. */
static double sweep(double (*grid)[N], double *scratch)
{
    double change = 0;
    for (int i = 1; i < N - 1; i++) {
        double d = relax_row(grid[i], grid[i - 1], grid[i + 1], scratch);
        change += d;
    }
    return change;
}

/* Level 1: several sweeps; the scratch row lives in this frame. */
static double solve(double (*grid)[N], int sweeps, long *histogram)
{
    double scratch[N] = {0};
    double change = 0;
    for (int s = 0; s < sweeps; s++) {
        change = sweep(grid, scratch);
        histogram[s % 8] += (long)(change * 1000.0);
        if (s % 4000 == 3999)
            printf("  sweep %5d: change %.9e\n", s + 1, change);
    }
    return change;
}

int main(int argc, char **argv)
{
    int sweeps = argc > 1 ? atoi(argv[1]) : 16000;
    double grid[N][N] = {{0}};
    long histogram[8] = {0};

    printf("stack_arrays: %dx%d grid, 6 phases of %d sweeps\n", N, N, sweeps);
    for (int phase = 0; phase < 6; phase++) {
        /* A new boundary condition each phase: the hot edge moves around. */
        for (int k = 0; k < N; k++) {
            grid[0][k] = phase % 4 == 0 ? 100.0 : 0.0;
            grid[N - 1][k] = phase % 4 == 1 ? 100.0 : 0.0;
            grid[k][0] = phase % 4 == 2 ? 100.0 : 0.0;
            grid[k][N - 1] = phase % 4 == 3 ? 100.0 : 10.0 * phase;
        }
        double change = solve(grid, sweeps, histogram);
        printf("phase %d: last change %.9e, centre %.9f, corner %.9f\n", phase, change,
               grid[N / 2][N / 2], grid[1][1]);
    }
    double sum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += grid[i][j] * (1 + (i * N + j) % 7);
    printf("histogram:");
    for (int k = 0; k < 8; k++)
        printf(" %ld", histogram[k]);
    printf("\nchecksum %.9f\n", sum);
    return 0;
}
