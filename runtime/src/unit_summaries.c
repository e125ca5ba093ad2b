#include "unit_summaries.h"

#include "heap.h"
#include "log.h"

#include <stdio.h>
#include <string.h>

extern const char __start_ckpt_unit_summaries[] __attribute__((weak));
extern const char __stop_ckpt_unit_summaries[] __attribute__((weak));

struct fact {
    char tag;
    const char *unit;
    char a[256], b[256];
};

static int reaches(struct fact *facts, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (facts[i].tag == 'R' && strcmp(facts[i].a, name) == 0)
            return 1;
    return 0;
}

void ckpt_check_unit_summaries(void)
{
    const char *p = __start_ckpt_unit_summaries, *end = __stop_ckpt_unit_summaries;
    if (!p || end <= p)
        return;
    int capacity = 64, n = 0;
    struct fact *facts = ckpt_untracked_malloc(sizeof *facts * capacity);
    const char *unit_names = NULL; /* the current unit's "U" line, inside the section */
    while (p < end && facts) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            break;
        if (*p == '\0') { /* padding between units */
            p++;
            continue;
        }
        char line[600];
        size_t len = (size_t)(eol - p) < sizeof line - 1 ? (size_t)(eol - p) : sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        p = eol + 1;
        if (line[0] == 'U') {
            unit_names = p - len - 1 + 2;
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
        struct fact *f = &facts[n++];
        memset(f, 0, sizeof *f);
        f->tag = line[0];
        f->unit = unit_names;
        /* "C f<tab>g": names may hold blanks (a unit's path, for static functions) */
        char *tab = strchr(line + 2, '\t');
        if (tab)
            *tab = '\0';
        snprintf(f->a, sizeof f->a, "%.255s", line + 2);
        snprintf(f->b, sizeof f->b, "%.255s", tab ? tab + 1 : "");
    }
    if (!facts)
        ckpt_fatal("out of memory checking unit summaries");
    /* R spreads backwards over C edges: a caller reaches when its callee does;
     * "*" (a call through a pointer) reaches when a function whose address is
     * taken (P) does. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (facts[i].tag == 'C' && !reaches(facts, n, facts[i].a) &&
                reaches(facts, n, facts[i].b)) {
                facts[i].tag = 'R'; /* the edge becomes the fact "a reaches" */
                changed = 1;
            } else if (facts[i].tag == 'P' && !reaches(facts, n, "*") &&
                       reaches(facts, n, facts[i].a)) {
                facts[i].tag = 'R';
                strcpy(facts[i].a, "*");
                changed = 1;
            }
        }
    }
    /* ckpt-link instruments a unit again when one of its assumptions is wrong:
     * one still wrong here was linked some other way. */
    for (int i = 0; i < n; i++)
        if (facts[i].tag == 'A' && reaches(facts, n, facts[i].a)) {
            const char *u = facts[i].unit, *nl = strchr(u, '\n');
            int unit_len = (int)(nl ? nl - u : (long)strlen(u));
            if (strcmp(facts[i].a, "*") == 0)
                ckpt_fatal("%.*s was compiled assuming that no call through a function pointer "
                           "reaches a '#pragma ckpt potential', but one may through another "
                           "unit. Link the program with ckptcc, which instruments such a unit "
                           "again",
                           unit_len, u);
            ckpt_fatal("%.*s was compiled assuming that '%s' never reaches a '#pragma ckpt "
                       "potential', but it does through another unit. Link the program with "
                       "ckptcc, which instruments such a unit again",
                       unit_len, u, facts[i].a);
        }
    ckpt_untracked_free(facts);
}
