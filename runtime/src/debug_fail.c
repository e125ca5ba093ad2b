#include "debug_fail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    char stage[16];
    unsigned long long n;
    long rank; /* -1: every rank */
} fault;

/* Read once, before the program can change its environment or start threads. */
__attribute__((constructor)) static void read_setting(void)
{
    const char *v = getenv("CKPT_DEBUG_FAIL");
    fault.rank = -1;
    if (!v || !*v)
        return;
    int end = 0;
    if (sscanf(v, "%15[a-z]:%llu%n", fault.stage, &fault.n, &end) < 2) {
        fault.stage[0] = '\0';
        return;
    }
    if (v[end] == ':')
        fault.rank = strtol(v + end + 1, NULL, 10);
}

int ckpt_debug_fail(const char *stage, uint64_t n, uint32_t rank)
{
    return fault.stage[0] && strcmp(stage, fault.stage) == 0 && n == fault.n &&
           (fault.rank < 0 || (uint32_t)fault.rank == rank);
}
