/*
 * deep_recursion.c -- checkpoints taken inside a recursion thousands of
 * frames deep.
 *
 * Shows: a deep stack. Each level of descend() keeps a small record in its
 * own frame that points to the record of the level above, so the records
 * form a linked list running through the stack. Checkpoints may be taken
 * half-way down and at the bottom (2000 to 3999 levels down), where the list
 * is then walked. A checkpoint saves every frame; recovery rebuilds all of
 * them, at the same stack addresses, so the links between them are right.
 *
 * Usage: deep_recursion [descents]   (default 80000)
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct level {
    const struct level *up; /* the record one frame above, or NULL */
    int depth;
    unsigned long long value;
} level;

static long deepest; /* the deepest level reached so far */

static unsigned long long descend(const level *up, int depth, int bottom, unsigned long long seed)
{
    level here = {up, depth, seed ^ (unsigned long long)depth * 0x9E3779B97F4A7C15ULL};
    if (depth > deepest)
        deepest = depth;
    if (depth == bottom) {
#pragma ckpt potential
        /* Walk the chain of records back up through all the frames. */
        unsigned long long h = 0;
        for (const level *l = &here; l; l = l->up)
            h = (h ^ l->value) * 0x100000001B3ULL + (unsigned long long)l->depth;
        return h;
    }
    if (depth == bottom / 2) {
        /* A second place to checkpoint, half-way down. */
#pragma ckpt potential
        here.value += 1;
    }
    unsigned long long below = descend(&here, depth + 1, bottom, seed * 3 + 1);
    return below * 31 + here.value;
}

int main(int argc, char **argv)
{
    int descents = argc > 1 ? atoi(argv[1]) : 80000;
    unsigned long long checksum = 0;

    printf("deep_recursion: %d descents of 2000..3999 levels\n", descents);
    for (int i = 0; i < descents; i++) {
        int bottom = 2000 + (i * 7919) % 2000;
        unsigned long long h = descend(NULL, 0, bottom, (unsigned long long)i);
        checksum = checksum * 1000003 + h;
        if (i % 5000 == 4999)
            printf("descent %5d: bottom %4d, hash %016llx, deepest %ld\n", i + 1, bottom, h,
                   deepest);
    }
    printf("checksum %016llx\n", checksum);
    return 0;
}
