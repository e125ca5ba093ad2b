/* A program for tests/serial/moved_pages.py. Recovery moves the pages of
 * long heap ranges out of the image instead of copying them (CKPT_MAP_IMAGE):
 * this heap holds a table that is only read once filled, an array rewritten
 * at every step, and small blocks allocated and freed on the way, so that
 * restored pages are read, written, and saved again by later checkpoints.
 * Each step sleeps a little, so that the test can kill it between commits.
 *
 * usage: moved_pages [steps]   (default 60) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLE_WORDS (256 * 1024) /* 1 MiB, read only after it is filled */
#define STATE_VALUES (96 * 1024) /* 768 KiB, rewritten at every step */

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 60;
    uint32_t *table = malloc(TABLE_WORDS * sizeof *table);
    double *state = malloc(STATE_VALUES * sizeof *state);
    if (!table || !state)
        return 1;
    uint32_t x = 12345;
    for (int i = 0; i < TABLE_WORDS; i++) {
        x = x * 1103515245u + 12345u;
        table[i] = x >> 8;
    }
    for (int i = 0; i < STATE_VALUES; i++)
        state[i] = i;

    for (int step = 0; step < steps; step++) {
        char *note = malloc(64);
        snprintf(note, 64, "step %d", step);
        uint64_t h = 0;
        for (int i = 0; i < STATE_VALUES; i++) {
            state[i] = state[i] * 0.5 + table[(i * 7 + step) % TABLE_WORDS] * 1e-6;
            uint64_t bits;
            memcpy(&bits, &state[i], sizeof bits);
            h = mix(h, bits);
        }
        for (int i = step; i < TABLE_WORDS; i += 4099)
            h = mix(h, table[i]);
        printf("%s: %016llx\n", note, (unsigned long long)h);
        fflush(stdout);
        free(note);
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
#pragma ckpt potential
    }
    printf("done after %d steps\n", steps);
    free(state);
    free(table);
    return 0;
}
