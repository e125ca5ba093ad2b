/* Static functions of headers declared in one header and defined in a later
 * one, with another type in the definition's prototype, calling each other
 * across the two headers, used by the file's code between the two headers,
 * and one declared again in the file: ckpt-instrument declares each copy
 * where the first header declares the function, and the program recovers as
 * if nothing happened. Usage: header_static_order [rounds] */
#include <stdio.h>
#include <stdlib.h>

#include "header_static_order_a.h"

static long down(long n, long v);

/* Between the two headers: calls the copies through their declarations. */
static long between(struct acc *a, long v) { return fold(a, v) + down(1, v); }

#include "header_static_order_a.h"
#include "header_static_order_b.h"

static unsigned long state = 987654321;
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

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 100000;
    long total = 0;
    for (int r = 0; r < rounds; r++) {
        acc_t a = {r, 0};
        long x = feed(&a, r);
        x += up(r % 4, x);
        x += between(&a, x);
        total = (total * 31 + x + a.sum + a.count) % 1000000007;
        if (r % 200000 == 0)
            printf("round %d: total %ld, work %ld\n", r, total, work_done);
    }
    printf("total %ld after %ld calls\n", total, work_done);
    return 0;
}
