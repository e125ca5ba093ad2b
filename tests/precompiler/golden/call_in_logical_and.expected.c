#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_logical_and.c"
/* a && f(); the call runs only when a is true: the && is moved out as
 * 'int v = !!(a); if (v) v = !!(f());', whose assignment a second pass
 * rewrites in turn. */
int f(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xb04ae0b6ea9fbf39ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 6 "call_in_logical_and.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        ckpt_frame_save(0xb04ae0b6ea9fbf39ull, 1, 0);
        /* no locals in scope */
        return (int){0};
    }
    if (0) {
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        (void)ckpt_frame_rest(0); /* no locals in scope */
        ckpt_resume_finished();
    }
#line 7 "call_in_logical_and.c"
    return 1;
}

void both(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x1fa16b4d909fc714ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 12 "call_in_logical_and.c"
    { int ckpt_value_1 = !!(a); if (ckpt_value_1) { 
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no live locals */
    }
#line 12 "call_in_logical_and.c"
                                                    int ckpt_value_2_1 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0x1fa16b4d909fc714ull, 1, 0);
        /* no live locals */
        return;
    }
#line 12 "call_in_logical_and.c"
                                                                              ckpt_value_1 = !!(ckpt_value_2_1); } (void)ckpt_value_1; }
}
// NORMALIZED-LINES: 12
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_logical_and.c\n"
    "R both\n"
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
