#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_for_increment_with_continue.c"
/* for (...; ...; i = f(i)) whose body has 'continue': the increment moves
 * to the end of the body behind a label, and each 'continue' of this loop
 * becomes a 'goto' to it; one inside a switch is the loop's too. */
int f(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x8bd4a9730ff2d75cull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 6 "call_in_for_increment_with_continue.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x8bd4a9730ff2d75cull, 1, CKPT_SIZE(i));
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
#line 7 "call_in_for_increment_with_continue.c"
    return i + 1;
}

int walk(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xdc12c9c9db6a4207ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 12 "call_in_for_increment_with_continue.c"
    int odd = 0;
    for (int i = 0; i < n; ) { {
        switch (i % 3) { case 0: goto ckpt_next_1; default: break; }
        if (i % 2)
            goto ckpt_next_1;
        odd++;
    } ckpt_next_1: {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(odd) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, odd);
        CKPT_RESTORE(ckpt_from, i);
    }
#line 18 "call_in_for_increment_with_continue.c"
    int ckpt_result_1 = f(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdc12c9c9db6a4207ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(odd) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, odd);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
    i = ckpt_result_1;
    }
#line 18 "call_in_for_increment_with_continue.c"
                             }
    return odd;
}
// NORMALIZED-LINES: 13 14 16
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_for_increment_with_continue.c\n"
    "R f\n"
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
