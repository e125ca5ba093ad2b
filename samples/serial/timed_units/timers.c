/*
 * timers.c -- unit 3 of 3 of timed_units: the timers. Nothing here reaches
 * a checkpoint: calls to it from other units are left alone, wherever they
 * stand (inside macros, conditions and expressions).
 */
#include <time.h>

#include "timed_units.h"

int timeron;
static double elapsed[T_COUNT], started[T_COUNT];

double wtime_(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void timer_clear(int t)
{
    elapsed[t] = 0.0;
}

void timer_start(int t)
{
    started[t] = wtime();
}

void timer_stop(int t)
{
    elapsed[t] += wtime() - started[t];
}

double timer_read(int t)
{
    return elapsed[t];
}
