#include "environment.h"

#include "heap.h"
#include "log.h"

#include <string.h>

extern char **environ;

char **ckpt_strings_to_heap(char **strings, int count, const char *what)
{
    char **copy = ckpt_heap_malloc(((size_t)count + 1) * sizeof *copy);
    if (!copy)
        ckpt_fatal("out of memory copying the program's %s", what);
    for (int i = 0; i < count; i++) {
        size_t n = strlen(strings[i]) + 1;
        copy[i] = ckpt_heap_malloc(n);
        if (!copy[i])
            ckpt_fatal("out of memory copying the program's %s", what);
        memcpy(copy[i], strings[i], n);
    }
    copy[count] = NULL;
    return copy;
}

char **ckpt_environment_adopt(char **envp, int recovering)
{
    int count = 0;
    while (envp && envp[count])
        count++;
    char **copy = ckpt_strings_to_heap(envp, count, "environment");
    if (!recovering)
        environ = copy;
    return copy;
}

uint64_t ckpt_environment_saved(void)
{
    return environ && ckpt_heap_owns(environ) ? (uint64_t)(uintptr_t)environ : 0;
}

void ckpt_environment_restore(uint64_t saved)
{
    char **restored = (char **)(uintptr_t)saved;
    if (restored && ckpt_heap_owns(restored))
        environ = restored;
}
