#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "side_effect_assignment_target.c"
/* The target of an assignment from a reaching call has a side effect: its
 * address is computed once, before the call, and the result stored through
 * it. */
int produce(int n);

void fill(int *a, int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x949512de2c0a9523ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "side_effect_assignment_target.c"
    int i = 0;
    { int *ckpt_value_1 = &(a[i++]); {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(ckpt_value_1));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
    }
#line 9 "side_effect_assignment_target.c"
    int ckpt_result_1 = produce(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x949512de2c0a9523ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(ckpt_value_1));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        return;
    }
    (*ckpt_value_1) = ckpt_result_1;
    }
#line 9 "side_effect_assignment_target.c"
                                                                   }
}
// REACHES: produce
// NORMALIZED-LINES: 9
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U side_effect_assignment_target.c\n"
    "R fill\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
