#define _GNU_SOURCE
#include "unit_summaries.h"

#include "heap.h"
#include "log.h"

#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The executable's own units: the linker gathers their sections here. A
 * shared library's are not in this range; they come to
 * ckpt_register_unit_summary from the unit's constructor. */
extern const char __start_ckpt_unit_summaries[] __attribute__((weak));
extern const char __stop_ckpt_unit_summaries[] __attribute__((weak));

/* The start-up check ran: a summary registered later (a library loaded with
 * dlopen) is checked at once. */
static int checked;
/* Units of shared libraries seen: the advice differs. */
static int library_units;

/* A name inside the section (not NUL-terminated there). */
struct name {
    const char *text;
    int len;
};

struct fact {
    char tag;           /* R C P A */
    struct name a, b;   /* b: the callee of a C fact */
    struct name unit;   /* the unit's source file */
    const char *object; /* the shared library holding the unit; NULL: the executable */
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
static struct fact parse_fact(const char *line, int len, struct name unit, const char *object)
{
    struct fact f = {.tag = line[0], .unit = unit, .object = object};
    const char *text = line + 2, *end = line + len;
    const char *tab = memchr(text, '\t', (size_t)(end - text));
    f.a = (struct name){text, (int)((tab ? tab : end) - text)};
    if (tab)
        f.b = (struct name){tab + 1, (int)(end - tab - 1)};
    return f;
}

struct facts {
    struct fact *items;
    int count, capacity;
};

/* Kept after the start-up check, for the libraries dlopen brings: each
 * summary is read once, and the reaching set only grows. */
static struct facts all;
static struct name_set reaching;
static int seeded; /* all.items[0, seeded) have had their R facts added to reaching */

/* Appends the R C P A facts of the summaries in [p, end) (one or several
 * units, NUL padding between them). */
static void read_facts(struct facts *facts, const char *p, const char *end, const char *object)
{
    struct name unit = {"?", 1};
    while (p < end) {
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
        if (facts->count == facts->capacity) {
            facts->capacity = facts->capacity ? 2 * facts->capacity : 256;
            facts->items =
                ckpt_untracked_realloc(facts->items, sizeof *facts->items * facts->capacity);
            if (!facts->items)
                ckpt_fatal("out of memory checking unit summaries");
        }
        facts->items[facts->count++] = parse_fact(line, len, unit, object);
    }
}

/* What to do about a wrong assumption: ckpt-link reads the objects and
 * archives of an executable's link, never a shared library. */
static const char *remedy(const struct fact *f)
{
    if (f->object)
        return "ckptcc instruments such a unit again only among the objects and archives it "
               "links into an executable: link this one into the program, not from a shared "
               "library";
    if (library_units)
        return "If the program was linked with ckptcc, the function reaches through a shared "
               "library, which ckptcc's link step does not read: link that library's objects or "
               "archive instead; otherwise link the program with ckptcc, which instruments such "
               "a unit again";
    return "Link the program with ckptcc, which instruments such a unit again";
}

/* Each is one line; a library all of whose units assume the same would
 * bury the first ones. */
#define MAX_REPORTED 10

/* Refuses to go on (ckpt_fatal) when an assumption of some unit, of the
 * executable or of a shared library, is wrong for all the facts read. */
static void check(void)
{
    struct fact *facts = all.items;
    int n = all.count;
    /* Reaching spreads backwards over C facts: a caller reaches when its callee
     * does; "*" (a call through a pointer) reaches when a function whose
     * address is taken (P) does. */
    const struct name any_pointer = {"*", 1};
    for (; seeded < n; seeded++)
        if (facts[seeded].tag == 'R')
            add(&reaching, facts[seeded].a);
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
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        const struct fact *f = &facts[i];
        if (f->tag != 'A' || !contains(&reaching, f->a) || ++wrong > MAX_REPORTED)
            continue;
        const char *in = f->object ? " (in " : "", *object = f->object ? f->object : "",
                   *close = f->object ? ")" : "";
        if (compare_names(&f->a, &any_pointer) == 0)
            ckpt_error("%.*s%s%s%s was compiled assuming that no call through a function "
                       "pointer reaches a '#pragma ckpt potential', but one may through another "
                       "unit. %s",
                       f->unit.len, f->unit.text, in, object, close, remedy(f));
        else
            ckpt_error("%.*s%s%s%s was compiled assuming that '%.*s' never reaches a '#pragma "
                       "ckpt potential', but it does through another unit. %s",
                       f->unit.len, f->unit.text, in, object, close, f->a.len, f->a.text,
                       remedy(f));
    }
    if (wrong)
        ckpt_fatal("%d wrong assumption%s about reaching a potential checkpoint%s: the program %s",
                   wrong, wrong > 1 ? "s" : "", wrong > MAX_REPORTED ? " (the first shown)" : "",
                   checked ? "stops" : "cannot start");
}

void ckpt_check_unit_summaries(void)
{
    const char *start = __start_ckpt_unit_summaries, *stop = __stop_ckpt_unit_summaries;
    if (start && stop > start)
        read_facts(&all, start, stop, NULL);
    check();
    checked = 1;
}

struct object_search {
    uintptr_t address;
    const char *name;
};

static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct object_search *search = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && search->address - start < ph->p_memsz) {
            search->name = info->dlpi_name;
            return 1;
        }
    }
    return 0;
}

static char *copy(const char *text, size_t len)
{
    char *p = ckpt_untracked_malloc(len + 1);
    if (!p)
        ckpt_fatal("out of memory checking unit summaries");
    memcpy(p, text, len);
    p[len] = '\0';
    return p;
}

/* From each instrumented unit's constructor, before main for the executable
 * and the libraries it is linked with, at dlopen for a library loaded later. */
void ckpt_register_unit_summary(const char *text, unsigned long len)
{
    uintptr_t at = (uintptr_t)text;
    if (at >= (uintptr_t)__start_ckpt_unit_summaries && at < (uintptr_t)__stop_ckpt_unit_summaries)
        return; /* the executable's: read from its section */
    struct object_search search = {at, NULL};
    dl_iterate_phdr(find_object, &search);
    const char *object = !search.name ? "a shared library" : *search.name ? search.name : NULL;
    if (checked) /* a library loaded by dlopen may go away, and its name with it */
        text = copy(text, len);
    static const char *last_object; /* a library's units come one after the other */
    if (object && !(last_object && strcmp(object, last_object) == 0))
        last_object = copy(object, strlen(object));
    if (object)
        object = last_object;
    read_facts(&all, text, text + len, object);
    library_units += object != NULL;
    if (checked)
        check();
}
