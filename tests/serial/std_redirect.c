/* std_redirect: a program that moves its standard output and error.
 *
 * It keeps a copy of its original standard output (dup(1)), sends stdout
 * to a file (freopen, unbuffered) and stderr after it (dup2(1, 2)). Each
 * step writes a line through each of them, and every 500th step a line to
 * the original standard output through the copy. Half-way it puts stdout
 * back from the copy (dup2(copy, 1)): its lines then go there. A recovery
 * must give the file and the original output exactly what the plain run
 * gave: 1 and 2 still go to the file in the first half, the copy (and 1 in
 * the second half) still to the original output, through the runtime's
 * output forwarder (otherwise the lines the failed run printed since the
 * checkpoint would come out twice).
 *
 *   std_redirect [steps] [work]     defaults: 50000, 4000 (mixes a step)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    long steps = argc > 1 ? atol(argv[1]) : 50000;
    int work = argc > 2 ? atoi(argv[2]) : 4000;
    int original = dup(1);
    if (original < 0 || !freopen("redirect.out", "w", stdout) || dup2(1, 2) < 0) {
        perror("std_redirect");
        return 1;
    }
    setvbuf(stdout, NULL, _IONBF, 0); /* the order of the two streams in the file is fixed */
    uint64_t h = 1;
    for (long i = 0; i < steps; i++) {
        if (i == steps / 2) { /* stdout back where it was, from the copy */
            fflush(stdout);
            if (dup2(original, 1) < 0) {
                perror("std_redirect: dup2");
                return 1;
            }
        }
        for (int k = 0; k < work; k++)
            h = mix(h + (uint64_t)k);
        printf("step %ld %016llx\n", i, (unsigned long long)h);
        fprintf(stderr, "check %ld %llu\n", i, (unsigned long long)(h % 1000));
        if (i % 500 == 0)
            dprintf(original, "progress %ld %016llx\n", i, (unsigned long long)h);
#pragma ckpt potential
    }
    dprintf(original, "done %016llx\n", (unsigned long long)h);
    return 0;
}
