/* untouched_memory: a buffer sized for the worst case (256 MiB), of which
 * the program writes 8 MiB; the rest is never touched and reads as zeros.
 * A potential checkpoint at the top of each step. Prints a checksum that
 * also reads untouched elements.
 *
 *   untouched_memory [steps]     default: 400
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CAPACITY ((size_t)32 << 20) /* doubles: 256 MiB */
#define USED ((size_t)1 << 20)      /* doubles: 8 MiB */

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 400;
    double *values = malloc(CAPACITY * sizeof *values);
    if (!values)
        return 1;
    for (size_t i = 0; i < USED; i++)
        values[i] = (double)(i % 1000);
    uint64_t sum = 0;
    for (int s = 0; s < steps; s++) {
#pragma ckpt potential
        for (size_t i = (size_t)s % 7; i < USED; i += 7)
            values[i] = values[i] * 0.5 + (double)s;
        for (size_t i = 0; i < USED; i += 4099)
            sum = sum * 31 + (uint64_t)values[i];
        /* never written: zeros, before and after a recovery */
        sum += (uint64_t)values[USED + (size_t)s * 4096] + (uint64_t)values[CAPACITY - 1];
        if (s % 50 == 0)
            printf("step %d: %016llx\n", s, (unsigned long long)sum);
    }
    printf("sum %016llx\n", (unsigned long long)sum);
    free(values);
    return 0;
}
