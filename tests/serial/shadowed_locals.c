/* A program for serial.shadowed_locals: locals that hide other locals (a
 * parameter, an outer loop's variable, a block's) in scope of a potential
 * checkpoint and of calls that reach one, each still read after the
 * checkpoint. ckpt-instrument renames the hiding ones in its output so that
 * the save blocks can name both, and names the variables it adds unlike any
 * of the file's; a recovery must end with the output of an uninterrupted
 * run.
 *
 * usage: shadowed_locals [rounds]   (default 4000) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

/* Reaches the checkpoint: its caller's frames are saved around the call. */
static uint64_t step(uint64_t h, int round)
{
    uint64_t s = h;
    for (int k = 0; k < 50; k++) {
        uint64_t s = mix(h, (uint64_t)k); /* hides step's s */
#pragma ckpt potential
        h = mix(h, s);
    }
    return mix(s, (uint64_t)round) ^ h;
}

/* Locals named like the variables ckpt-instrument inserts (ckpt_result_N
 * for a result held until the frame is saved, ckpt_value_N for a call moved
 * out of an expression, ckpt_label and ckpt_dim_K beside a variable-length
 * array): it must name its own differently, or `x += f()` would add f's
 * result to itself. */
static uint64_t named_like_inserted(uint64_t h, int round)
{
    uint64_t ckpt_result_1 = h ^ 0x5555u, ckpt_value_1 = h >> 7;
    int ckpt_label = round % 5 + 1;
    size_t ckpt_dim_1 = (size_t)(round % 3) + 2;
    uint64_t row[ckpt_dim_1 + (size_t)ckpt_label];
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++)
        row[i] = h + i;
    ckpt_result_1 += step(h, round);
    if (step(ckpt_value_1, round) > ckpt_value_1)
        ckpt_value_1 = mix(ckpt_value_1, ckpt_result_1);
    row[ckpt_dim_1] ^= step(row[0], ckpt_label);
    return mix(ckpt_result_1 ^ ckpt_value_1, row[ckpt_dim_1] + (uint64_t)ckpt_label);
}

static uint64_t rounds_of(uint64_t h, int rounds)
{
    uint64_t total = h;
    for (int round = 0; round < rounds; round++) {
        uint64_t h = total + (uint64_t)round; /* hides the parameter */
        {
            uint64_t total = step(h, round); /* hides the outer total */
            h = total ^ (h >> 3);
        }
        total = mix(total, h);
        if (round % 16 == 0)
            total = mix(total, named_like_inserted(total, round));
        if (round % 100000 == 0)
            printf("round %d: %016llx\n", round, (unsigned long long)total);
    }
    return total;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 4000;
    uint64_t h = rounds_of(12345, rounds);
    printf("result %016llx\n", (unsigned long long)h);
    return 0;
}
