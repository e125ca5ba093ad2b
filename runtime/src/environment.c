#include "environment.h"

#include "globals.h"
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

/* Is p in memory a checkpoint saves and a recovery puts back in place? */
static int saved_memory(const void *p)
{
    if (ckpt_heap_owns(p))
        return 1;
    struct ckpt_range globals[2];
    ckpt_globals_ranges(globals);
    for (int i = 0; i < 2; i++) {
        const char *start = (const char *)globals[i].start;
        if ((const char *)p >= start && (const char *)p < start + globals[i].size)
            return 1;
    }
    return 0;
}

/* setenv replacing a variable keeps the array and points its slot at a
 * string of the C library's; putenv points it at the caller's string. Such
 * an environment would point into the old process after a recovery: then
 * the recovered process keeps its own. */
uint64_t ckpt_environment_saved(void)
{
    if (!environ || !saved_memory(environ))
        return 0;
    for (char **e = environ; *e; e++)
        if (!saved_memory(*e))
            return 0;
    return (uint64_t)(uintptr_t)environ;
}

void ckpt_environment_restore(uint64_t saved)
{
    char **restored = (char **)(uintptr_t)saved;
    if (restored && saved_memory(restored))
        environ = restored;
}
