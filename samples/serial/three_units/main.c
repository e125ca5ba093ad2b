/*
 * main.c -- unit 1 of 3: estimates the largest eigenvalue of a series of
 * random symmetric matrices with the power method.
 *
 * Shows: a program of several translation units, compiled separately
 * (ckptcc -c main.c; ckptcc -c matrix.c; ...) or together. The potential
 * checkpoint is in stats.c and is reached through calls that cross units:
 * main() -> dominant_eigenvalue() in matrix.c -> normalize() in stats.c.
 * Each unit's globals and statics are saved, wherever they are defined.
 *
 * Usage: three_units [matrices]   (default 40)
 */
#include <stdio.h>
#include <stdlib.h>

#include "three_units.h"

long iterations_done;

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 40;
    const int n = 200;
    double sum = 0;

    printf("three_units: %d matrices of %dx%d\n", count, n, n);
    for (int k = 0; k < count; k++) {
        /* Calls into other units: each on a statement of its own. */
        matrix *m = matrix_random(n, 1000u + (unsigned)k);
        double lambda = dominant_eigenvalue(m, 1500);
        sum += lambda;
        printf("matrix %2d: lambda %.12f after %ld iterations in all\n", k, lambda,
               iterations_done);
        matrix_free(m);
    }
    stats_report();
    printf("checksum %.12f\n", sum);
    return 0;
}
