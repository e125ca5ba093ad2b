/*
 * matrix.c -- unit 2 of 3: matrices and the power method.
 *
 * dominant_eigenvalue() calls normalize() in stats.c at every iteration; that
 * call may reach the potential checkpoint, so this frame (with its heap
 * vectors v and w) is saved and rebuilt as well.
 */
#include <stdlib.h>

#include "three_units.h"

/* How many matrices this unit has built: a file-scope static of unit 2. */
static int built;

matrix *matrix_random(int n, unsigned long long seed)
{
    matrix *m = malloc(sizeof *m);
    m->n = n;
    m->a = calloc((size_t)n * (size_t)n, sizeof *m->a);
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            double x = (double)(seed >> 11) / 9007199254740992.0 - 0.25;
            m->a[i * n + j] = m->a[j * n + i] = x; /* symmetric */
        }
    built++;
    return m;
}

void matrix_free(matrix *m)
{
    free(m->a);
    free(m);
}

static void matvec(const matrix *m, const double *v, double *w)
{
    for (int i = 0; i < m->n; i++) {
        double s = 0;
        for (int j = 0; j < m->n; j++)
            s += m->a[i * m->n + j] * v[j];
        w[i] = s;
    }
}

double dominant_eigenvalue(const matrix *m, int iterations)
{
    double *v = malloc((size_t)m->n * sizeof *v);
    double *w = malloc((size_t)m->n * sizeof *w);
    double lambda = 0;
    for (int i = 0; i < m->n; i++)
        v[i] = 1.0 + (double)((i + built) % 3);
    for (int it = 0; it < iterations; it++) {
        matvec(m, v, w);
        lambda = normalize(w, v, m->n); /* into stats.c */
    }
    free(v);
    free(w);
    return lambda;
}
