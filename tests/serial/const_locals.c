/* Locals and parameters declared const, restored when the stack is rebuilt.
 * Built with -O1, at which gcc gave a const parameter the storage of the
 * static const global passed to it, in read-only memory: restoring it
 * crashed (csmith seed 20547) until ckpt-instrument dropped the const of
 * restored locals (precompiler/src/const_locals.h).
 * Usage: const_locals [rounds] */
#include <stdio.h>
#include <stdlib.h>

union small {
    const signed char fixed;
    signed char free;
};
struct weights {
    int w[4];
};
typedef const long constant_long;
typedef const int constant_quad[4];

static const union small seed = {0x1D};
static const struct weights base = {{3, 5, 7, 11}};
static unsigned long state = 88172645463325252ul;

static unsigned long next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static signed char read_small(const union small s)
{
#pragma ckpt potential
    return s.free;
}

static long weigh(const struct weights w, const int round)
{
    const int order[4] = {2, 0, 3, 1};
    constant_quad scale = {1, 10, 100, 1000};
    const int *const last = &w.w[3];
    constant_long bias = round % 7;
    long sum = 0;
    for (int k = 0; k < 4; k++) {
#pragma ckpt potential
        sum += (long)w.w[order[k]] * scale[k] + bias + *last;
    }
    return sum + (long)(next_random() % 3);
}

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 400000;
    const unsigned long mask = 0xffffffffu;
    unsigned long total = 0;
    for (int i = 0; i < rounds; i++) {
        total = (total * 31 + (unsigned long)read_small(seed)) & mask;
        total = (total + (unsigned long)weigh(base, i)) & mask;
        if (i % (rounds / 8 > 0 ? rounds / 8 : 1) == 0)
            printf("round %d: %lu\n", i, total);
    }
    printf("total %lu\n", total);
    return 0;
}
