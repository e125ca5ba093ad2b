/*
 * liveness.c -- a hash pipeline whose frames mix live and dead locals.
 *
 * Shows: what a checkpoint saves of each frame. At every label the
 * precompiler saves only the locals that may still be read from there on,
 * plus arrays and locals whose address is taken. The functions below keep
 * some locals live across their checkpoint-reaching calls and potential
 * points (loop counters, an accumulator carried around a loop, a value read
 * after the call on some iterations only, a local updated only through a
 * pointer, a loop bound read only by the loop condition) next to
 * temporaries that are dead there. Every live value flows into the printed
 * hashes, so one that was not restored after a checkpoint changes the output.
 *
 * Usage: liveness [rounds]   (default 240)
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long mix(unsigned long long h, unsigned long long v)
{
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ULL;
}

/* Level 4: a hash loop with a potential point every 256 rounds. */
static unsigned long long churn(unsigned long long seed, int rounds)
{
    unsigned long long h = seed | 1;
    for (int r = 0; r < rounds; r++) {
        unsigned long long t = h * 6364136223846793005ULL + 1442695040888963407ULL;
        h = mix(h, t >> 17); /* t is dead from here on */
        if (r % 256 == 255) {
#pragma ckpt potential
        }
    }
    return h;
}

/* Level 3: an accumulator around a loop, a value read after the call on odd
 * iterations only, a counter changed only through a pointer, an array. */
static unsigned long long stage(int id, unsigned long long in, int depth)
{
    unsigned long long acc = in ^ (unsigned long long)id * 0x100000001B3ULL;
    int count = 1;
    int *counter = &count;
    unsigned long long window[4] = {1, 2, 3, 4};
    for (int k = 0; k < depth; k++) {
        unsigned long long scratch = acc * 31 + (unsigned long long)k;
        unsigned long long before = acc;
        acc = churn(scratch, 12000 + k % 5); /* acc is assigned, scratch read */
        if (k % 2)
            acc ^= before >> 3;
        window[k % 4] ^= acc;
        *counter += (int)(acc & 3);
    }
    return mix(acc, window[0] ^ window[1] ^ window[2] ^ window[3]) + (unsigned long long)*counter;
}

/* Level 2: recursion; `left` is live across the second call, `seed` is
 * dead after it, `width` is read on the way back up. */
static unsigned long long tree(int level, unsigned long long seed, int width)
{
    if (level == 0) {
        unsigned long long leaf = stage(width, seed, 2 + (int)(seed % 3));
        return leaf;
    }
    unsigned long long left = tree(level - 1, seed * 3 + 1, width);
    unsigned long long right;
    right = tree(level - 1, seed * 5 + 2, width + 1);
    return mix(left, right) + (unsigned long long)width;
}

/* Level 2 too: a bound read only by the loop condition, a potential point
 * right before a break, and one at the end of a block after an if. */
static unsigned long long drain(unsigned long long h, int budget)
{
    int spent = 0;
    unsigned long long last = h;
    while (spent < budget) {
        unsigned long long cost = h % 5 + 1;
        h = churn(h, 60000);
        spent += (int)cost;
        if (h % 11 == 0) {
            last = h;
#pragma ckpt potential
            break;
        }
        if (spent % 3 == 0)
            last ^= h;
#pragma ckpt potential
    }
    {
        unsigned long long tail = h >> 7;
        if (tail % 2)
            last += tail;
#pragma ckpt potential
    }
    return mix(last, (unsigned long long)spent);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 240;
    unsigned long long total = 0x5EEDULL;
    unsigned long long mark = 0;
    printf("liveness: %d rounds\n", rounds);
    for (int round = 1; round <= rounds; round++) {
        int level = 3 + round % 3; /* read by the call below, dead after it */
        unsigned long long r = tree(level, total ^ (unsigned long long)round, round % 7);
        unsigned long long d;
        d = drain(r, 20 + round % 13);
        total = mix(total, r ^ d);
        if (round % 10 == 0) {
            printf("round %4d: total %016llx, change %016llx\n", round, total, total ^ mark);
            mark = total;
        }
#pragma ckpt potential
    }
    printf("final %016llx\n", total);
    return 0;
}
