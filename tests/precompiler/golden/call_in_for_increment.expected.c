#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_for_increment.c"
/* for (...; ...; i = f(i)) with no 'continue' in the body: the increment
 * moves to the end of the body, where it is a statement of its own. */
int f(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd1b6d2392958e245ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "call_in_for_increment.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xd1b6d2392958e245ull, 1, CKPT_SIZE(i));
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
#line 6 "call_in_for_increment.c"
    return i + 1;
}

void walk(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x3b03017f661339bcull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 11 "call_in_for_increment.c"
    for (int i = 0; i < n; ) {
        ; {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 12 "call_in_for_increment.c"
        int ckpt_result_1 = f(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x3b03017f661339bcull, 1, CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            return;
        }
        i = ckpt_result_1;
        }
#line 12 "call_in_for_increment.c"
                    }
}
// NORMALIZED-LINES: 11
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_for_increment.c\n"
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
