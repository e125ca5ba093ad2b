/* Benchmark helper: holds `megabytes` of heap state and times one checkpoint.
 * The potential point is bracketed by clock readings; t0 is a local, so it is
 * saved and restored with the frame, and t1 - t0 is the whole stall the
 * program sees: collapse, image write, fsync, commit, stack rebuild. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    size_t megabytes = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
    size_t bytes = megabytes << 20;
    unsigned char *state = malloc(bytes);
    for (size_t i = 0; i < bytes; i++)
        state[i] = (unsigned char)(i * 2654435761u >> 13);

    unsigned char *copy = malloc(bytes); /* the in-memory copy the thesis compares against */
    memset(copy, 1, bytes);              /* fault its pages in first: time the copy alone */
    double c0 = now();
    memcpy(copy, state, bytes);
    double copy_seconds = now() - c0;
    free(copy);

    double t0 = now();
#pragma ckpt potential
    double t1 = now();
    printf("state_mb %zu checkpoint_s %.6f memcpy_s %.6f\n", megabytes, t1 - t0, copy_seconds);
    return 0;
}
