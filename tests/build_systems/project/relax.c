/* A small checkpointable program for the build-system tests: integer
 * smoothing of a ring of cells, a digest reported every 100 steps.
 * Usage: relax [steps] (default 3000, about a second). */
#include "report.h"

#include <aalc/ckpt_pragmas.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 100000

static uint32_t cells[CELLS], next[CELLS];

static uint64_t digest(void)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < CELLS; i++)
        h = (h ^ cells[i]) * 1099511628211u;
    return h;
}

static void smooth(void)
{
    for (int i = 0; i < CELLS; i++) {
        uint32_t left = cells[(i + CELLS - 1) % CELLS], right = cells[(i + 1) % CELLS];
        next[i] = (left * 3u + cells[i] * 5u + right * 7u) ^ (cells[i] >> 3);
    }
    for (int i = 0; i < CELLS; i++)
        cells[i] = next[i];
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 3000;
    /* printed before the first checkpoint: a recovery from it need not write it again */
    printf("relax: %d cells, %d steps\n", CELLS, steps);
    for (int i = 0; i < CELLS; i++)
        cells[i] = (uint32_t)i * 2654435761u;
    for (int step = 1; step <= steps; step++) {
        CKPT_POTENTIAL
        smooth();
        if (step % 100 == 0)
            report(step, digest());
    }
    return 0;
}
