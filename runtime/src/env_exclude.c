/* Environment variables kept out of checkpoint images (see env_exclude.h). */
#define _GNU_SOURCE /* FNM_CASEFOLD */
#include "env_exclude.h"

#include "log.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATTERNS 64
#define MAX_TEXT 4096
#define MAX_NAME 1024

static struct {
    int loaded;
    int count;
    char *pattern[MAX_PATTERNS];
    char text[MAX_TEXT]; /* the patterns, NUL-separated */
} excluded;

/* Append the comma-separated patterns of list, expanding `default`. */
static void add_list(const char *list, size_t *used, int depth)
{
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 7 && strncmp(p, "default", 7) == 0 && depth == 0) {
            add_list(CKPT_ENV_EXCLUDE_DEFAULT, used, 1);
        } else if (len > 0) {
            if (excluded.count == MAX_PATTERNS || *used + len + 1 > MAX_TEXT)
                ckpt_fatal("CKPT_ENV_EXCLUDE: more than %d patterns or %d characters",
                           MAX_PATTERNS, MAX_TEXT);
            char *copy = excluded.text + *used;
            memcpy(copy, p, len);
            copy[len] = '\0';
            *used += len + 1;
            excluded.pattern[excluded.count++] = copy;
        }
        p += len;
        if (*p == ',')
            p++;
    }
}

static void load(void)
{
    const char *v = getenv("CKPT_ENV_EXCLUDE");
    size_t used = 0;
    excluded.loaded = 1;
    if (!v)
        v = CKPT_ENV_EXCLUDE_DEFAULT;
    if (strcmp(v, "none") == 0)
        return;
    add_list(v, &used, 0);
}

int ckpt_env_excluded(const char *entry)
{
    if (!excluded.loaded)
        load();
    if (excluded.count == 0)
        return 0;
    size_t len = strcspn(entry, "=");
    if (len >= MAX_NAME)
        return 1; /* too long to match: kept out, to be safe */
    char name[MAX_NAME];
    memcpy(name, entry, len);
    name[len] = '\0';
    for (int i = 0; i < excluded.count; i++)
        if (fnmatch(excluded.pattern[i], name, FNM_CASEFOLD) == 0)
            return 1;
    return 0;
}

int ckpt_env_same_name(const char *a, const char *b)
{
    size_t la = strcspn(a, "="), lb = strcspn(b, "=");
    return la == lb && strncmp(a, b, la) == 0;
}
