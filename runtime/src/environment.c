#include "environment.h"

#include "env_exclude.h"
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
    char **copy = ckpt_heap_malloc(((size_t)count + 1) * sizeof *copy);
    if (!copy)
        ckpt_fatal("out of memory copying the program's environment");
    for (int i = 0; i < count; i++) {
        /* Excluded variables (env_exclude.h) stay on the initial stack,
         * which no image holds. */
        if (ckpt_env_excluded(envp[i])) {
            copy[i] = envp[i];
            continue;
        }
        size_t n = strlen(envp[i]) + 1;
        if (!(copy[i] = ckpt_heap_malloc(n)))
            ckpt_fatal("out of memory copying the program's environment");
        memcpy(copy[i], envp[i], n);
    }
    copy[count] = NULL;
    if (!recovering)
        environ = copy;
    return copy;
}

/* Is p in memory a checkpoint saves and a recovery puts back in place? */
static int saved_memory(const void *p)
{
    if (ckpt_heap_owns(p))
        return 1;
    return ckpt_globals_contain(p, 1);
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
        if (!saved_memory(*e) && !ckpt_env_excluded(*e))
            return 0;
    return (uint64_t)(uintptr_t)environ;
}

/* Is entry one of the recovering process's excluded variables, and not
 * named by the first `kept` slots of env already? */
static int excluded_to_add(const char *entry, char **env, int kept)
{
    if (!ckpt_env_excluded(entry))
        return 0;
    for (int i = 0; i < kept; i++)
        if (ckpt_env_same_name(env[i], entry))
            return 0;
    return 1;
}

/* The saved environment with the recovering process's excluded variables
 * (from `own`, its environment) in place of the old process's, whose
 * strings were not saved: in the slots they free, or in a larger array. */
static char **swap_excluded(char **restored, char **own)
{
    int kept = 0, dropped = 0, added = 0;
    for (char **e = restored; *e; e++) {
        if (saved_memory(*e))
            restored[kept++] = *e;
        else
            dropped++;
    }
    restored[kept] = NULL;
    for (char **o = own; o && *o; o++)
        added += excluded_to_add(*o, restored, kept);
    char **to = restored;
    if (added > dropped) {
        to = ckpt_heap_malloc(((size_t)kept + (size_t)added + 1) * sizeof *to);
        if (!to)
            ckpt_fatal("out of memory restoring the program's environment");
        memcpy(to, restored, (size_t)kept * sizeof *to);
    }
    int n = kept;
    for (char **o = own; o && *o; o++)
        if (excluded_to_add(*o, to, kept))
            to[n++] = *o;
    to[n] = NULL;
    return to;
}

void ckpt_environment_restore(uint64_t saved)
{
    char **restored = (char **)(uintptr_t)saved;
    if (restored && saved_memory(restored))
        environ = swap_excluded(restored, environ);
}
