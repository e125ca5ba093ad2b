/* Benchmark reference: the time to copy `bytes` once in memory, into fresh
 * memory (page faults included, as a process's first checkpoint pays) and
 * again into the same memory (the copy alone). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    size_t bytes = argc > 1 ? strtoull(argv[1], NULL, 10) : (size_t)64 << 20;
    char *state = malloc(bytes);
    memset(state, 7, bytes);
    char *copy = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!state || copy == MAP_FAILED)
        return 1;
    double t0 = now();
    memcpy(copy, state, bytes);
    double t1 = now();
    memcpy(copy, state, bytes);
    double t2 = now();
    printf("fresh_s %.6f warm_s %.6f\n", t1 - t0, t2 - t1);
    return 0;
}
