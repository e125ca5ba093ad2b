/*
 * environment.c -- a checksum steered by environment variables that the
 * program reads once, at start, and keeps as pointers.
 *
 * Shows: pointers returned by getenv kept across checkpoints, in a global
 * and in a local, and getenv called again later. After --recover the old
 * pointers are valid and getenv answers as it did before the failure, even
 * when the recovering command's environment differs (the runtime keeps the
 * environment in the checkpoint heap; docs/user-guide.md).
 *
 * Usage: environment [rounds]   (default 20000)
 * Reads AALC_SAMPLE_WORD (default "checkpoint") and AALC_SAMPLE_SEED
 * (default "12345").
 */
#include <stdio.h>
#include <stdlib.h>

static const char *word; /* getenv's answer, kept in a global */

/* FNV-1a over a string, n times. */
static unsigned long mix(unsigned long h, const char *s, int n)
{
    for (int k = 0; k < n; k++)
        for (const char *c = s; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211UL;
    return h;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 20000;
    word = getenv("AALC_SAMPLE_WORD");
    if (!word)
        word = "checkpoint";
    const char *seed = getenv("AALC_SAMPLE_SEED"); /* and one kept in a local */
    if (!seed)
        seed = "12345";
    unsigned long h = strtoul(seed, NULL, 10);
    for (long i = 0; i < rounds; i++) {
#pragma ckpt potential
        h = mix(h, word, 6000);
        h = mix(h, seed, 1500);
        if (i % 500 == 0) {
            const char *now = getenv("AALC_SAMPLE_WORD"); /* asked again */
            printf("%6ld %s %s %016lx %s\n", i, word, seed, h, now ? now : "(unset)");
        }
    }
    printf("done %016lx\n", h);
    return 0;
}
