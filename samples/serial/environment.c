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
 * With a second argument n, round n replaces AALC_SAMPLE_SCRATCH with
 * setenv, which puts a string of the C library's into the environment: from
 * then on a recovery keeps the recovering process's environment (the old
 * strings stay valid), and looking up a variable that is not there must not
 * trip over the old process's memory.
 *
 * Usage: environment [rounds [setenv_round]]   (default 20000, no setenv)
 * Reads AALC_SAMPLE_WORD (default "checkpoint") and AALC_SAMPLE_SEED
 * (default "12345").
 */
#define _POSIX_C_SOURCE 200112L /* setenv */
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
    long setenv_round = argc > 2 ? atol(argv[2]) : -1;
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
        if (i == setenv_round)
            setenv("AALC_SAMPLE_SCRATCH", "replaced", 1);
        if (i % 500 == 0) {
            const char *now = getenv("AALC_SAMPLE_WORD"); /* asked again */
            const char *none = getenv("AALC_SAMPLE_MISSING"); /* reads every variable */
            printf("%6ld %s %s %016lx %s%s\n", i, word, seed, h, now ? now : "(unset)",
                   none ? " (missing is set)" : "");
        }
    }
    printf("done %016lx\n", h);
    return 0;
}
