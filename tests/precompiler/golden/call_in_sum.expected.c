#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_sum.c"
/* x = f(a) + g(b): both calls are moved out, in the order of the source. */
int f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x777990c182543b64ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 4 "call_in_sum.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x777990c182543b64ull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
        ckpt_resume_finished();
    }
#line 5 "call_in_sum.c"
    return a;
}

int g(int b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x2292da40c097fa13ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 10 "call_in_sum.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x2292da40c097fa13ull, 1, CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, b);
        ckpt_resume_finished();
    }
#line 11 "call_in_sum.c"
    return b;
}

int sum(int a, int b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd39ff4efd9c1b096ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 16 "call_in_sum.c"
    int x;
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 17 "call_in_sum.c"
      int ckpt_value_1 = f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd39ff4efd9c1b096ull, 1, CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 17 "call_in_sum.c"
                               
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_1));
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
    }
#line 17 "call_in_sum.c"
                               int ckpt_value_2 = g(b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd39ff4efd9c1b096ull, 2,
            CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_1));
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        return (int){0};
    }
#line 17 "call_in_sum.c"
                                                        x = ckpt_value_1 + ckpt_value_2; }
    return x;
}
// NORMALIZED-LINES: 17
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_sum.c\n"
    "R f\n"
    "R g\n"
    "R sum\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
