#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_if_condition.c"
/* if (f(x) > 0): the call is moved out of the condition into a variable
 * declared in a block around the if. */
int f(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x905e1f5b76f9f065ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "call_in_if_condition.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x905e1f5b76f9f065ull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
        ckpt_resume_finished();
    }
#line 6 "call_in_if_condition.c"
    return x;
}

int positive(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa748c40b400a3ff6ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 11 "call_in_if_condition.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 11 "call_in_if_condition.c"
      int ckpt_value_1 = f(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa748c40b400a3ff6ull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 11 "call_in_if_condition.c"
                               if (ckpt_value_1 > 0)
        return 1; }
    return 0;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_if_condition.c\n"
    "R f\n"
    "R positive\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
