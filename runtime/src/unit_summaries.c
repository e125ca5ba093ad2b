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
        sscanf(line + 2, "%255s %255s", f->a, f->b);
    }
    if (!facts)
        ckpt_fatal("out of memory checking unit summaries");
    /* R spreads backwards over C edges: a caller reaches when its callee does. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++)
            if (facts[i].tag == 'C' && !reaches(facts, n, facts[i].a) &&
                reaches(facts, n, facts[i].b)) {
                facts[i].tag = 'R'; /* the edge becomes the fact "a reaches" */
                changed = 1;
            }
    }
    for (int i = 0; i < n; i++)
        if (facts[i].tag == 'A' && reaches(facts, n, facts[i].a)) {
            const char *u = facts[i].unit, *nl = strchr(u, '\n');
            ckpt_fatal("%.*s calls '%s' inside an expression, where a call cannot be restored, "
                       "but '%s' reaches a '#pragma ckpt potential' in another unit. Write that "
                       "call as a statement of its own (e.g. 'tmp = %s(...);') and rebuild",
                       (int)(nl ? nl - u : (long)strlen(u)), u, facts[i].a, facts[i].a,
                       facts[i].a);
        }
    ckpt_untracked_free(facts);
}
