/*
 * three_units.h -- what the three units of this sample share.
 *
 * main.c   drives the run and owns the global iteration counter;
 * matrix.c builds matrices and runs the power method;
 * stats.c  normalises vectors, keeps statistics, and holds the potential
 *          checkpoint, which is reached main.c -> matrix.c -> stats.c.
 */
#ifndef THREE_UNITS_H
#define THREE_UNITS_H

typedef struct matrix {
    int n;
    double *a; /* n*n values, row-major */
} matrix;

/* Defined in main.c, counted in stats.c: a global shared across units. */
extern long iterations_done;

/* matrix.c */
matrix *matrix_random(int n, unsigned long long seed);
void matrix_free(matrix *m);
double dominant_eigenvalue(const matrix *m, int iterations);

/* stats.c */
double normalize(const double *w, double *v, int n);
void stats_report(void);

#endif
