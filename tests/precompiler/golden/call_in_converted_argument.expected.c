#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_converted_argument.c"
/* h(f(), 0) where f returns 'int *' and h takes 'const int *': the
 * argument is f() in a conversion to the parameter's type, and f() is a
 * call that reaches a checkpoint. Both were planned to move, so f ran
 * twice (found by csmith, seed 20374). It moves once, before the
 * declaration: 'int *ckpt_value_1 = f(); const int *r = h(ckpt_value_1, 0);'. */
int *f(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x974e1281ab3e2c6dull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "call_in_converted_argument.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        ckpt_frame_save(0x974e1281ab3e2c6dull, 1, 0);
        /* no locals in scope */
        return (int *){0};
    }
    if (0) {
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        (void)ckpt_frame_rest(0); /* no locals in scope */
        ckpt_resume_finished();
    }
#line 9 "call_in_converted_argument.c"
    return 0;
}

const int *h(const int *p, int k);

const int *converted(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x1264be79e0b152e6ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 16 "call_in_converted_argument.c"
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no locals in scope */
    }
#line 16 "call_in_converted_argument.c"
    int *ckpt_value_1 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0x1264be79e0b152e6ull, 1, 0);
        /* no locals in scope */
        return (const int *){0};
    }
#line 16 "call_in_converted_argument.c"
                             
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(ckpt_value_1));
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
    }
#line 16 "call_in_converted_argument.c"
                             const int *r = h(ckpt_value_1, 0);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1264be79e0b152e6ull, 2, CKPT_SIZE(ckpt_value_1));
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        return (const int *){0};
    }
#line 17 "call_in_converted_argument.c"
    return r;
}
// REACHES: h
// NORMALIZED-LINES: 16
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_converted_argument.c\n"
    "R converted\n"
    "R f\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
