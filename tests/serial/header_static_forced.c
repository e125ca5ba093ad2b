/* Static functions of a header given with '-include', which reach a potential
 * checkpoint: ckpt-instrument copies them to the start of this file, and the
 * program recovers as if nothing happened. Usage: header_static_forced [rounds] */
#include <stdio.h>
#include <stdlib.h>

static unsigned long state = 55555;
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
    long (*f)(long) = twist;
    long total = 0;
    for (int r = 0; r < rounds; r++) {
        long x = spin(r) + f(r);
        total = (total * 31 + x) % 1000000007;
        if (r % 500000 == 0)
            printf("round %d: total %ld, work %ld\n", r, total, work_done);
    }
    printf("total %ld after %ld calls\n", total, work_done);
    return 0;
}
