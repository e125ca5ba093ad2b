/* Monotonic seconds, for timing checkpoints and recoveries. */
#ifndef AALC_CLOCK_H
#define AALC_CLOCK_H

#include <time.h>

static inline double ckpt_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

#endif
