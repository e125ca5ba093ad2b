#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "local_hides_typedef.c"
/* A local that hides a typedef the call's type is written with: the
 * temporaries and held results are declared with the type itself
 * (double, struct item_s *), which no local can hide. Written with the
 * typedef, the first would have been an int, silently, and the second a
 * multiplication. */
typedef double real;
typedef struct item_s {
    int v;
    struct item_s *next;
} item;

real f(real a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xc7496931e317e74full)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 14 "local_hides_typedef.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xc7496931e317e74full, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (real){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
        ckpt_resume_finished();
    }
#line 15 "local_hides_typedef.c"
    return a / 2;
}

item *next(item *it)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x46e404ea88f42788ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 20 "local_hides_typedef.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x46e404ea88f42788ull, 1, CKPT_SIZE(it));
        CKPT_SAVE(ckpt_to, it);
        return (item *){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(it));
        CKPT_RESTORE(ckpt_from, it);
        ckpt_resume_finished();
    }
#line 21 "local_hides_typedef.c"
    return it->next;
}

int use(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x8c25577243ad7271ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 26 "local_hides_typedef.c"
    typedef int real;
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no locals in scope */
    }
#line 27 "local_hides_typedef.c"
    double ckpt_value_1 = f(5);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0x8c25577243ad7271ull, 1, 0);
        /* no locals in scope */
        return (int){0};
    }
#line 27 "local_hides_typedef.c"
                                double x = ckpt_value_1 * 2, y;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 28 "local_hides_typedef.c"
    double ckpt_result_2 = f(3);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x8c25577243ad7271ull, 2, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    y = ckpt_result_2;
    }
#line 29 "local_hides_typedef.c"
    real r = (real)(x + y);
    return r;
}

int walk(item *arr)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x7fe19840c58fcc9eull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 35 "local_hides_typedef.c"
    item *item = arr;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(item));
        CKPT_RESTORE(ckpt_from, item);
    }
#line 36 "local_hides_typedef.c"
    struct item_s *ckpt_value_2 = next(item);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x7fe19840c58fcc9eull, 1, CKPT_SIZE(item));
        CKPT_SAVE(ckpt_to, item);
        return (int){0};
    }
#line 36 "local_hides_typedef.c"
                                              int v = ckpt_value_2->v + 1;
    return v;
}
// NORMALIZED-LINES: 27 36
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U local_hides_typedef.c\n"
    "R f\n"
    "R next\n"
    "R use\n"
    "R walk\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
