#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "side_effect_callee.c"
/* The function pointer expression of the call would be evaluated again
 * when the stack is rebuilt: it is computed once into a variable first. */
void dispatch(void (**table)(int), int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xcea8012a509b0f17ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "side_effect_callee.c"
    int i = 0;
    { void (*ckpt_value_1)(int) = table[i++]; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(ckpt_value_1));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
    }
#line 6 "side_effect_callee.c"
                                              ckpt_value_1(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xcea8012a509b0f17ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(ckpt_value_1));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        return;
    }
#line 6 "side_effect_callee.c"
                                                               }
}
// REACHES: *
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U side_effect_callee.c\n"
    "R dispatch\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
