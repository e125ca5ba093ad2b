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
            ckpt_save_frame(0xc39466c40a1e1038ull, 1);
            CKPT_SAVE(p);
            CKPT_SAVE(n);
            CKPT_SAVE(table);
            CKPT_SAVE(twice);
            CKPT_SAVE(first);
            CKPT_SAVE(total);
            CKPT_SAVE(i);
            return (int){0};
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            CKPT_RESTORE(p);
            CKPT_RESTORE(n);
            CKPT_RESTORE(table);
            CKPT_RESTORE(twice);
            CKPT_RESTORE(first);
            CKPT_RESTORE(total);
            CKPT_RESTORE(i);
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
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        CKPT_RESTORE(limit);
        CKPT_RESTORE(row);
        CKPT_RESTORE(cell);
        CKPT_RESTORE(at);
        CKPT_RESTORE(both);
        CKPT_RESTORE(a);
        CKPT_RESTORE(b);
        CKPT_RESTORE(d);
        CKPT_RESTORE(c);
        CKPT_RESTORE(e);
        CKPT_RESTORE(g);
        CKPT_RESTORE(h);
        CKPT_RESTORE(origin);
        CKPT_RESTORE(unit);
        CKPT_RESTORE(lanes);
        CKPT_RESTORE(pick);
    }
#line 56 "const_locals.c"
    work(&limit);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_save_frame(0xf16c345b2293628dull, 1);
        CKPT_SAVE(limit);
        CKPT_SAVE(row);
        CKPT_SAVE(cell);
        CKPT_SAVE(at);
        CKPT_SAVE(both);
        CKPT_SAVE(a);
        CKPT_SAVE(b);
        CKPT_SAVE(d);
        CKPT_SAVE(c);
        CKPT_SAVE(e);
        CKPT_SAVE(g);
        CKPT_SAVE(h);
        CKPT_SAVE(origin);
        CKPT_SAVE(unit);
        CKPT_SAVE(lanes);
        CKPT_SAVE(pick);
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
