#define _GNU_SOURCE
#include "address_randomization.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

int ckpt_address_randomization_is_off(void)
{
    int persona = personality(0xffffffff);
    return persona != -1 && (persona & ADDR_NO_RANDOMIZE);
}

static int under_valgrind(void)
{
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload");
}

extern char **environ;

void ckpt_address_randomization_off(char **argv)
{
    const char *keep = getenv("CKPT_ASLR");
    if ((keep && strcmp(keep, "1") == 0) || ckpt_address_randomization_is_off() || under_valgrind())
        return;
    int persona = personality(0xffffffff);
    if (persona == -1 || personality((unsigned long)persona | ADDR_NO_RANDOMIZE) == -1)
        return;
    /* By its path rather than /proc/self/exe, which would rename the
     * process "exe" in ps and top. */
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) {
        path[n] = '\0';
        execve(path, argv, environ);
    }
    execve("/proc/self/exe", argv, environ);
    personality((unsigned long)persona); /* could not run again: go on as we are */
}
