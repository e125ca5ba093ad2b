/* A program that must redo something itself after a recovery, as one that
 * holds a network connection would (the connection here is a name and a
 * count): it registers a callback with ckpt_on_recovery() at start, before
 * any checkpoint, and the callback reports, to the file named by
 * AALC_SAMPLE_CALLBACK_LOG, its argument, ckpt_recovered() and how many
 * times it has run in this state's history. tests/serial/kill_recover.py
 * --callback-log checks one report per recovery, none otherwise.
 * Arguments: rounds (default 3000). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef AALC_CKPT_H /* the plain build: no runtime, never recovered */
static unsigned ckpt_recovered(void) { return 0; }
static int ckpt_on_recovery(void (*fn)(void *), void *arg) { (void)fn; (void)arg; return 0; }
#endif

struct connection {
    char peer[32];
    int reconnects; /* saved with the rest: counts the callback's runs */
};

static void reconnect(void *arg)
{
    struct connection *c = arg;
    c->reconnects++;
    const char *path = getenv("AALC_SAMPLE_CALLBACK_LOG");
    if (!path)
        return;
    char line[128];
    int n = snprintf(line, sizeof line, "recovery callback: peer=%s recovered=%u runs=%d\n",
                     c->peer, ckpt_recovered(), c->reconnects);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0 || write(fd, line, (size_t)n) != n)
        perror(path);
    if (fd >= 0)
        close(fd);
}

static unsigned long step(unsigned long x)
{
    for (int k = 0; k < 200000; k++)
        x = x * 2862933555777941757UL + 3037000493UL;
    return x;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3000;
    struct connection *c = malloc(sizeof *c); /* the argument: a heap pointer */
    snprintf(c->peer, sizeof c->peer, "node-%d", 7);
    c->reconnects = 0;
    if (ckpt_on_recovery(reconnect, c) != 0) {
        fprintf(stderr, "ckpt_on_recovery refused the callback\n");
        return 1;
    }
    unsigned long x = 1;
    for (int i = 0; i < rounds; i++) {
        x = step(x);
        if (i % 100 == 0)
            printf("round %d: %016lx\n", i, x);
#pragma ckpt potential
    }
    printf("done: %016lx (peer %s)\n", x, c->peer);
    free(c);
    return 0;
}
