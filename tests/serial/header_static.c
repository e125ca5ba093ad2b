/* Static and static inline functions defined in a header that reach a
 * potential checkpoint: called for their result, in expressions, and through
 * function pointers to them. ckpt-instrument gives each an instrumented copy
 * in this file, and the program recovers as if nothing happened.
 * Usage: header_static [rounds] */
#include <stdio.h>
#include <stdlib.h>

#include "header_static.h"

static unsigned long state = 12345;
static long work_done;

/* Each call passes potential checkpoints. */
long mix(long x)
{
    for (int k = 0; k < 3; k++) {
#pragma ckpt potential
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        x ^= (long)(state >> 33);
        work_done++;
    }
    return x & 0xffff;
}

static long round_of(int r)
{
    long (*f)(long) = stir;
    void (*g)(long *, int) = churn;
    long acc = r;
    long a = stir(r);
    churn(&acc, 2);
    long b = f(a) + stir_twice(acc);
    g(&acc, 1);
    acc += both(a) % 7;
    return (a + b + acc) % 1000003;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 100000;
    long total = 0;
    for (int r = 0; r < rounds; r++) {
        total = (total * 31 + round_of(r)) % 1000000007;
        if (r % 200000 == 0)
            printf("round %d: total %ld, work %ld\n", r, total, work_done);
    }
    printf("total %ld after %ld calls\n", total, work_done);
    return 0;
}
