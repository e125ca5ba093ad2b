/*
 * secrets.c -- a program started with a secret in its environment, for
 * tests/serial/checkpoint_privacy.py.
 *
 * Every 100 rounds it prints a checksum and what getenv answers for
 * AALC_TEST_API_TOKEN (a name CKPT_ENV_EXCLUDE's default list keeps out of
 * images) and AALC_TEST_PLAIN (one it does not), asked again each time.
 *
 * Usage: secrets [rounds]   (default 2000; about half a millisecond each)
 */
#define _DEFAULT_SOURCE /* usleep */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned long step(unsigned long h, long i)
{
    for (int k = 0; k < 2000; k++)
        h = (h ^ (unsigned long)(i + k)) * 1099511628211UL;
    return h;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 2000;
    unsigned long h = 14695981039346656037UL;
    for (long i = 0; i < rounds; i++) {
#pragma ckpt potential
        h = step(h, i);
        usleep(400);
        if (i % 100 == 0) {
            const char *token = getenv("AALC_TEST_API_TOKEN");
            const char *plain = getenv("AALC_TEST_PLAIN");
            printf("%5ld %016lx token=%s plain=%s\n", i, h, token ? token : "(null)",
                   plain ? plain : "(null)");
            fflush(stdout);
        }
    }
    printf("done %016lx\n", h);
    return 0;
}
