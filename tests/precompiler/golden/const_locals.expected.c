#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "const_locals.c"
/* Restored locals and parameters declared const lose their const: the
 * restore block writes into them, and a compiler may keep a const object in
 * read-only memory (gcc -O1 gave a const parameter the storage of the static
 * const global it was passed). Only the top-level const goes: what a pointer
 * points to stays const. Locals not restored keep theirs. A const that comes
 * from a typedef gives way to the type of its value, in __typeof__ (for an
 * array, of its element's value, with the dimensions). */
#include <stdalign.h>

void work(const int *v);
#define UNUSED __attribute__((unused))
#define ALIGNED(n) __attribute__((aligned(n)))

typedef const int constant_int;
typedef const double constant_row[3];
typedef int *const fixed_pointer;
typedef const struct {
    int x, y;
} point;
typedef point segment[2];

struct pair {
    int a, b;
};

int sum_of(struct pair p, int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xc39466c40a1e1038ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 28 "const_locals.c"
    int table[4] = {1, 2, 3, 4};
    int twice = 2 * n;
    const int *first = &table[0];
    const int start = 7; /* dead from the loop on: not restored, still const */
    int total = start;
    for (int i = 0; i < n; i++) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0xc39466c40a1e1038ull, 1,
                CKPT_SIZE(p) + CKPT_SIZE(n) + CKPT_SIZE(table) + CKPT_SIZE(twice) +
                CKPT_SIZE(first) + CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, table);
            CKPT_SAVE(ckpt_to, twice);
            CKPT_SAVE(ckpt_to, first);
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(p) + CKPT_SIZE(n) + CKPT_SIZE(table) + CKPT_SIZE(twice) +
                CKPT_SIZE(first) + CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, table);
            CKPT_RESTORE(ckpt_from, twice);
            CKPT_RESTORE(ckpt_from, first);
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 35 "const_locals.c"
        total += table[i % 4] * twice + *first + p.a;
    }
    return total;
}

int through_typedefs(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xf16c345b2293628dull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 42 "const_locals.c"
    __typeof__((void)0, *(constant_int *)0) limit = n;
    __typeof__(__typeof__((void)0, (*(constant_row *)0)[0])[3]) row = {1.5, 2.5, 3.5};
    int cell = 0;
    __typeof__((void)0, *(fixed_pointer *)0) at = &cell;
    __typeof__((void)0, *(constant_int *)0) both = 3;
    int a = 1, b = 2, d[2] = {3, 4};
    const int *c = &b;
    UNUSED int e = 5;
    alignas(16) int g = 6;
    int ALIGNED(8) h = 7;
    __typeof__((void)0, *(point *)0) origin = {0, 0};
    __typeof__(__typeof__((void)0, (*(segment *)0)[0])[2]) unit = {{0, 0}, {1, 1}};
    int lanes __attribute__((vector_size(16))) = {1, 2, 3, 4};
    int (*pick)(int) = through_typedefs;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(limit) + CKPT_SIZE(row) + CKPT_SIZE(cell) + CKPT_SIZE(at) +
            CKPT_SIZE(both) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(d) + CKPT_SIZE(c) +
            CKPT_SIZE(e) + CKPT_SIZE(g) + CKPT_SIZE(h) + CKPT_SIZE(origin) +
            CKPT_SIZE(unit) + CKPT_SIZE(lanes) + CKPT_SIZE(pick));
        CKPT_RESTORE(ckpt_from, limit);
        CKPT_RESTORE(ckpt_from, row);
        CKPT_RESTORE(ckpt_from, cell);
        CKPT_RESTORE(ckpt_from, at);
        CKPT_RESTORE(ckpt_from, both);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, e);
        CKPT_RESTORE(ckpt_from, g);
        CKPT_RESTORE(ckpt_from, h);
        CKPT_RESTORE(ckpt_from, origin);
        CKPT_RESTORE(ckpt_from, unit);
        CKPT_RESTORE(ckpt_from, lanes);
        CKPT_RESTORE(ckpt_from, pick);
    }
#line 56 "const_locals.c"
    work(&limit);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xf16c345b2293628dull, 1,
            CKPT_SIZE(limit) + CKPT_SIZE(row) + CKPT_SIZE(cell) + CKPT_SIZE(at) +
            CKPT_SIZE(both) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(d) + CKPT_SIZE(c) +
            CKPT_SIZE(e) + CKPT_SIZE(g) + CKPT_SIZE(h) + CKPT_SIZE(origin) +
            CKPT_SIZE(unit) + CKPT_SIZE(lanes) + CKPT_SIZE(pick));
        CKPT_SAVE(ckpt_to, limit);
        CKPT_SAVE(ckpt_to, row);
        CKPT_SAVE(ckpt_to, cell);
        CKPT_SAVE(ckpt_to, at);
        CKPT_SAVE(ckpt_to, both);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, e);
        CKPT_SAVE(ckpt_to, g);
        CKPT_SAVE(ckpt_to, h);
        CKPT_SAVE(ckpt_to, origin);
        CKPT_SAVE(ckpt_to, unit);
        CKPT_SAVE(ckpt_to, lanes);
        CKPT_SAVE(ckpt_to, pick);
        return (int){0};
    }
#line 57 "const_locals.c"
    return limit + (int)row[1] + *at + both + a + b + *c + d[1] + e + g + h + origin.y + unit[1].x + lanes[2] + (pick == 0);
}
// REACHES: work
// CONST-TYPEDEFS: constant_int constant_row fixed_pointer point segment
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U const_locals.c\n"
    "R sum_of\n"
    "R through_typedefs\n"
    "P through_typedefs\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
