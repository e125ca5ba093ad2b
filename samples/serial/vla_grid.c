/*
 * vla_grid.c -- heat relaxation on variable-length arrays.
 *
 * Shows: variable-length arrays in scope of checkpoints, with no edit for
 * checkpointing but the pragma. The grid is a 2-D VLA of main(), sized from
 * the command line; the history's size expression has a side effect
 * (size++), evaluated once; a scratch row in relax_row(), where the potential
 * checkpoint is, is a 1-D VLA; sweep() declares a VLA in its loop body, of
 * another size at every row; refine() recurses with a VLA per level, sized
 * by its depth; a copy of the grid is on the heap behind a pointer to rows
 * (double (*)[m]). A pointer to one element of main's grid is kept in a
 * global and printed through: after a recovery the arrays are declared
 * again with the sizes they had, at the addresses they had.
 *
 * Usage: vla_grid [sweeps [rows]]   (default 200000 sweeps of 40 rows)
 */
#include <stdio.h>
#include <stdlib.h>

static const double *probe; /* points into main's grid */

/* Relax one interior row in place; the scratch row is a VLA. */
static double relax_row(int m, double row[m], const double up[m], const double down[m])
{
    double scratch[m];
#pragma ckpt potential
    for (int j = 1; j < m - 1; j++)
        scratch[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1]);
    double change = 0;
    for (int j = 1; j < m - 1; j++) {
        double d = scratch[j] - row[j];
        change += d < 0 ? -d : d;
        row[j] = scratch[j];
    }
    return change;
}

/* One sweep; each row keeps a few of its old values in a VLA of its own. */
static double sweep(int n, int m, double grid[n][m])
{
    double change = 0;
    for (int i = 1; i < n - 1; i++) {
        double before[i % 3 + 1];
        for (int k = 0; k < i % 3 + 1; k++)
            before[k] = grid[i][k + 1];
        double d = relax_row(m, grid[i], grid[i - 1], grid[i + 1]);
        for (int k = 0; k < i % 3 + 1; k++)
            d += (grid[i][k + 1] - before[k]) * 1e-6;
        change += d;
    }
    return change;
}

/* Recursion: every level holds the diagonal it saw, in a VLA sized by the level. */
static double refine(int level, int n, int m, double (*grid)[m])
{
    double corner[level + 1];
    for (int k = 0; k <= level; k++)
        corner[k] = grid[k + 1][k + 1];
    double c;
    if (level == 0)
        c = sweep(n, m, grid);
    else
        c = refine(level - 1, n, m, grid);
    double s = 0;
    for (int k = 0; k <= level; k++)
        s += corner[k];
    return c + s * 1e-9;
}

int main(int argc, char **argv)
{
    int sweeps = argc > 1 ? atoi(argv[1]) : 200000;
    int n = argc > 2 ? atoi(argv[2]) : 40;
    if (sweeps < 1 || n < 8) {
        fprintf(stderr, "usage: vla_grid [sweeps [rows >= 8]]\n");
        return 2;
    }
    int m = n + 8;
    double grid[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            grid[i][j] = (i == 0 || j == 0) ? 100.0 : (double)((i * 7 + j * 3) % 11);
    probe = &grid[n / 2][m / 2];
    int size = n;
    double history[size++]; /* n entries; size is n + 1 from here on */
    for (int k = 0; k < n; k++)
        history[k] = 0;
    double (*copy)[m] = malloc(sizeof(double[n][m]));
    if (!copy)
        return 1;
    printf("vla_grid: %d sweeps of a %d x %d grid\n", sweeps, n, m);
    for (int s = 0; s < sweeps; s++) {
        grid[1 + s % (n - 2)][1 + s % (m - 2)] += 0.5; /* a moving heat source */
        double change = refine(s % 4, n, m, grid);
        history[s % (size - 1)] += change;
        if (s % 20000 == 19999) {
            double moved = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < m; j++) {
                    double d = grid[i][j] - copy[i][j];
                    moved += d < 0 ? -d : d;
                    copy[i][j] = grid[i][j];
                }
            printf("  sweep %5d: change %.9e probe %.9e moved %.6e\n", s + 1, change, *probe,
                   moved);
        }
    }
    double sum = 0;
    for (int k = 0; k < size - 1; k++)
        sum += history[k];
    printf("history sum %.9e, probe %.9e\n", sum, *probe);
    free(copy);
    return 0;
}
