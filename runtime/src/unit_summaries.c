#include "unit_summaries.h"

#include "heap.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

extern const char __start_ckpt_unit_summaries[] __attribute__((weak));
extern const char __stop_ckpt_unit_summaries[] __attribute__((weak));

/* A name inside the section (not NUL-terminated there). */
struct name {
    const char *text;
    int len;
};

struct fact {
    char tag;         /* R C P A */
    struct name a, b; /* b: the callee of a C fact */
    struct name unit; /* the unit's source file */
};

/* The functions found to reach, sorted, for bsearch: the propagation costs
 * O(facts x log) per round even for programs of thousands of calls. */
struct name_set {
    struct name *names;
    int count, capacity;
};

static int compare_names(const void *x, const void *y)
{
    const struct name *a = x, *b = y;
    int n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->text, b->text, (size_t)n);
    return c ? c : a->len - b->len;
}

static int contains(const struct name_set *set, struct name key)
{
    return set->count &&
           bsearch(&key, set->names, (size_t)set->count, sizeof key, compare_names) != NULL;
}

/* Adds key (keeping the order); 1 if it was new. */
static int add(struct name_set *set, struct name key)
{
    if (contains(set, key))
        return 0;
    if (set->count == set->capacity) {
        set->capacity = set->capacity ? 2 * set->capacity : 64;
        set->names = ckpt_untracked_realloc(set->names, sizeof *set->names * set->capacity);
        if (!set->names)
            ckpt_fatal("out of memory checking unit summaries");
    }
    int at = set->count;
    while (at > 0 && compare_names(&set->names[at - 1], &key) > 0)
        at--;
    memmove(&set->names[at + 1], &set->names[at], sizeof key * (size_t)(set->count - at));
    set->names[at] = key;
    set->count++;
    return 1;
}

/* One fact from a line "T text" or "C f<tab>g" (names may hold blanks: a
 * unit's path, for static functions). */
static struct fact parse_fact(const char *line, int len, struct name unit)
{
    struct fact f = {.tag = line[0], .unit = unit};
    const char *text = line + 2, *end = line + len;
    const char *tab = memchr(text, '\t', (size_t)(end - text));
    f.a = (struct name){text, (int)((tab ? tab : end) - text)};
    if (tab)
        f.b = (struct name){tab + 1, (int)(end - tab - 1)};
    return f;
}

void ckpt_check_unit_summaries(void)
{
    const char *p = __start_ckpt_unit_summaries, *end = __stop_ckpt_unit_summaries;
    if (!p || end <= p)
        return;
    int capacity = 256, n = 0;
    struct fact *facts = ckpt_untracked_malloc(sizeof *facts * capacity);
    struct name unit = {"?", 1};
    while (p < end && facts) {
        if (*p == '\0') { /* padding between units */
            p++;
            continue;
        }
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            break;
        const char *line = p;
        int len = (int)(eol - p);
        p = eol + 1;
        if (len < 2 || line[1] != ' ')
            continue;
        if (line[0] == 'U') {
            unit = (struct name){line + 2, len - 2};
            continue;
        }
        if (!strchr("RCPA", line[0])) /* how to instrument the unit again: ckpt-link's */
            continue;
        if (n == capacity) {
            capacity *= 2;
            facts = ckpt_untracked_realloc(facts, sizeof *facts * capacity);
            if (!facts)
                break;
        }
        facts[n++] = parse_fact(line, len, unit);
    }
    if (!facts)
        ckpt_fatal("out of memory checking unit summaries");

    /* Reaching spreads backwards over C facts: a caller reaches when its callee
     * does; "*" (a call through a pointer) reaches when a function whose
     * address is taken (P) does. */
    struct name_set reaching = {0};
    const struct name any_pointer = {"*", 1};
    for (int i = 0; i < n; i++)
        if (facts[i].tag == 'R')
            add(&reaching, facts[i].a);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (facts[i].tag == 'C' && contains(&reaching, facts[i].b))
                changed |= add(&reaching, facts[i].a);
            else if (facts[i].tag == 'P' && contains(&reaching, facts[i].a))
                changed |= add(&reaching, any_pointer);
        }
    }
    /* ckpt-link instruments a unit again when one of its assumptions is wrong:
     * one still wrong here was linked some other way. */
    for (int i = 0; i < n; i++) {
        const struct fact *f = &facts[i];
        if (f->tag != 'A' || !contains(&reaching, f->a))
            continue;
        if (compare_names(&f->a, &any_pointer) == 0)
            ckpt_fatal("%.*s was compiled assuming that no call through a function pointer "
                       "reaches a '#pragma ckpt potential', but one may through another "
                       "unit. Link the program with ckptcc, which instruments such a unit "
                       "again",
                       f->unit.len, f->unit.text);
        ckpt_fatal("%.*s was compiled assuming that '%.*s' never reaches a '#pragma ckpt "
                   "potential', but it does through another unit. Link the program with "
                   "ckptcc, which instruments such a unit again",
                   f->unit.len, f->unit.text, f->a.len, f->a.text);
    }
    ckpt_untracked_free(reaching.names);
    ckpt_untracked_free(facts);
}
