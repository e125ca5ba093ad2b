/* heat2d: explicit 2-D heat diffusion on an N x N grid (a loop-heavy stencil).
 *
 * The grid lives on the heap and is reached through a global; the potential
 * checkpoint sits at the top of every time step, where the state is just the
 * two grids and a few scalars. Prints a checksum every 100 steps.
 *
 *   heat2d [N] [steps]        defaults: 512 1000
 */
#include <stdio.h>
#include <stdlib.h>

struct grid {
    int n;
    double *cur, *next;
};

static struct grid *plate; /* reached from a global: saved with the heap */

static void init(int n)
{
    plate = malloc(sizeof *plate);
    plate->n = n;
    plate->cur = calloc((size_t)n * n, sizeof(double));
    plate->next = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n; i++)
        plate->cur[i] = plate->next[i] = 100.0; /* a hot top edge */
}

static void relax(struct grid *g)
{
    int n = g->n;
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            g->next[i * n + j] = g->cur[i * n + j] +
                0.2 * (g->cur[(i - 1) * n + j] + g->cur[(i + 1) * n + j] +
                       g->cur[i * n + j - 1] + g->cur[i * n + j + 1] - 4 * g->cur[i * n + j]);
    double *t = g->cur;
    g->cur = g->next;
    g->next = t;
}

static double checksum(const struct grid *g)
{
    double s = 0;
    for (int i = 0; i < g->n * g->n; i++)
        s += g->cur[i] * (1 + i % 7);
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512;
    int steps = argc > 2 ? atoi(argv[2]) : 1000;
    init(n);
    for (int step = 1; step <= steps; step++) {
#pragma ckpt potential
        relax(plate);
        if (step % 100 == 0)
            printf("step %5d  checksum %.10e\n", step, checksum(plate));
    }
    printf("final checksum %.12e\n", checksum(plate));
    free(plate->cur);
    free(plate->next);
    free(plate);
    return 0;
}
