/* Benchmark helper: holds `megabytes` of heap state and times `rounds`
 * checkpoints (run with CKPT_EVERY=1). Each potential point is bracketed by
 * clock readings; t0 is a local, so it is saved and restored with the frame,
 * and t1 - t0 is the whole stall the program sees: collapse, copy (and, when
 * writing synchronously, the write, fsync and commit), stack rebuild. The
 * program changes its state between checkpoints, as a real one would.
 * Right before each checkpoint it times a memcpy of the state (the median
 * of three), each after the same touch of every page as the checkpoint, so
 * that the two see the caches alike. */
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

static double median3(double a, double b, double c)
{
    double lo = a < b ? a : b, hi = a < b ? b : a;
    return c < lo ? lo : c > hi ? hi : c;
}

int main(int argc, char **argv)
{
    size_t megabytes = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
    size_t bytes = megabytes << 20;
    unsigned char *state = malloc(bytes);
    for (size_t i = 0; i < bytes; i++)
        state[i] = (unsigned char)(i * 2654435761u >> 13);

    /* The in-memory copy the thesis compares against, into memory mapped
     * apart so that it is not part of the checkpointed state. */
    unsigned char *copy = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                               -1, 0);
    if (copy == MAP_FAILED)
        return 1;
    double fresh_copy_seconds = 0, fresh_after_seconds = 0;

    int rounds = argc > 2 ? atoi(argv[2]) : 1;
    double gap = argc > 3 ? atof(argv[3]) : 0; /* seconds of "computation" between checkpoints */
    double copy_seconds[64], stall_seconds[64];
    if (rounds < 1 || rounds > 64) {
        fprintf(stderr, "state_size: rounds must be 1 to 64\n");
        return 2;
    }
    for (int round = 0; round < rounds; round++) {
        for (double g0 = now(); now() - g0 < gap;)
            for (size_t i = 0; i < bytes; i += 4096)
                state[i]++;
        /* Then, in the same state of the caches each time: the copy alone
         * (the median of three), and the checkpoint. Before the first
         * checkpoint, which faults in the pages of its in-memory image, the
         * first copy faults in `copy`'s, after the same time: on a VM that
         * hands freed memory back to its host, a fault costs more once the
         * memory has been free for a while. */
        if (round == 0) {
            for (size_t i = 0; i < bytes; i += 4096)
                state[i]++;
            double c0 = now();
            memcpy(copy, state, bytes);
            fresh_copy_seconds = now() - c0;
        }
        /* And once more into memory of its own after the first checkpoint
         * (its write is over by now, after the gap): the image took the
         * memory between the two, and memory the VM's host handed out
         * later costs more to fault in, so the two copies bracket the
         * image's faults, as dd before and after brackets the write. */
        if (round == 1) {
            unsigned char *after = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (after == MAP_FAILED)
                return 1;
            for (size_t i = 0; i < bytes; i += 4096)
                state[i]++;
            double c0 = now();
            memcpy(after, state, bytes);
            fresh_after_seconds = now() - c0;
            __asm__ volatile("" : : "r"(after) : "memory");
            munmap(after, bytes);
        }
        double again[3];
        for (int k = 0; k < 3; k++) {
            for (size_t i = 0; i < bytes; i += 4096)
                state[i]++;
            double c1 = now();
            memcpy(copy, state, bytes);
            again[k] = now() - c1;
        }
        __asm__ volatile("" : : "r"(copy) : "memory"); /* the copies count: gcc must not drop them */
        copy_seconds[round] = median3(again[0], again[1], again[2]);
        for (size_t i = 0; i < bytes; i += 4096)
            state[i]++;
        double t0 = now();
#pragma ckpt potential
        double t1 = now();
        stall_seconds[round] = t1 - t0;
    }
    printf("state_mb %zu fresh_memcpy_s %.6f fresh_after_s %.6f memcpy_s", megabytes,
           fresh_copy_seconds, fresh_after_seconds);
    for (int round = 0; round < rounds; round++)
        printf(" %.6f", copy_seconds[round]);
    printf(" checkpoint_s");
    for (int round = 0; round < rounds; round++)
        printf(" %.6f", stall_seconds[round]);
    printf("\n");
    munmap(copy, bytes);
    return 0;
}
