#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_do_condition_with_continue.c"
/* do { ... continue; ... } while (f(i)): 'continue' goes to the condition.
 * The condition moves to the end of the body, behind a label, and each
 * 'continue' of this loop (not the one of the inner loop) becomes a 'goto'
 * to it. */
int f(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x7f6b56e6ba6456c7ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 7 "call_in_do_condition_with_continue.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x7f6b56e6ba6456c7ull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
        ckpt_resume_finished();
    }
#line 8 "call_in_do_condition_with_continue.c"
    return i < 10;
}

void loop(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x0470310000157851ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 13 "call_in_do_condition_with_continue.c"
    for (;;) { {
        if (i % 2)
            goto ckpt_next_1;
        for (int k = 0; k < 2; k++)
            if (k)
                continue;
        i += 3;
    } ckpt_next_1: { int ckpt_value_2_1 = ++i; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i) + CKPT_SIZE(ckpt_value_2_1));
        CKPT_RESTORE(ckpt_from, i);
        CKPT_RESTORE(ckpt_from, ckpt_value_2_1);
    }
#line 20 "call_in_do_condition_with_continue.c"
                                               int ckpt_value_2_2 = f(ckpt_value_2_1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x0470310000157851ull, 1,
            CKPT_SIZE(i) + CKPT_SIZE(ckpt_value_2_1));
        CKPT_SAVE(ckpt_to, i);
        CKPT_SAVE(ckpt_to, ckpt_value_2_1);
        return;
    }
#line 20 "call_in_do_condition_with_continue.c"
                                                                                       if (!(ckpt_value_2_2)) break; } }
}
// NORMALIZED-LINES: 13 15 20
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_do_condition_with_continue.c\n"
    "R f\n"
    "R loop\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
