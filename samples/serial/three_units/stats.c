/*
 * stats.c -- unit 3 of 3: vector normalisation and statistics.
 *
 * Holds the potential checkpoint. Its statistics live in file-scope statics
 * and a static local; they are saved with every checkpoint like any global.
 */
#include <math.h>
#include <stdio.h>

#include "three_units.h"

static double norm_history[16]; /* last norms, in a ring */
static double largest_norm;

double normalize(const double *w, double *v, int n)
{
    static long calls; /* a static local of unit 3 */
#pragma ckpt potential
    double dot = 0, norm2 = 0;
    for (int i = 0; i < n; i++) {
        dot += w[i] * v[i];
        norm2 += w[i] * w[i];
    }
    double norm = sqrt(norm2);
    for (int i = 0; i < n; i++)
        v[i] = w[i] / norm;
    norm_history[calls % 16] = norm;
    if (norm > largest_norm)
        largest_norm = norm;
    calls++;
    iterations_done++;
    return dot; /* Rayleigh quotient: v was a unit vector */
}

void stats_report(void)
{
    double mean = 0;
    for (int i = 0; i < 16; i++)
        mean += norm_history[i] / 16;
    printf("stats: largest norm %.12f, mean of last norms %.12f\n", largest_norm, mean);
}
