#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_comma_expression.c"
/* f(a), f(b); as a statement becomes '{ f(a); f(b); }': C evaluates the
 * operands of ',' in order, and so do two statements. */
void f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x969046736ccae5e7ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "call_in_comma_expression.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x969046736ccae5e7ull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
        ckpt_resume_finished();
    }
#line 6 "call_in_comma_expression.c"
    (void)a;
}

void pair(int a, int b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x57187bfa12771020ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 11 "call_in_comma_expression.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 11 "call_in_comma_expression.c"
      f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x57187bfa12771020ull, 1, CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        return;
    }
#line 11 "call_in_comma_expression.c"
            
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, b);
    }
#line 11 "call_in_comma_expression.c"
            f(b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x57187bfa12771020ull, 2, CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, b);
        return;
    }
#line 11 "call_in_comma_expression.c"
                  }
}
// NORMALIZED-LINES: 11
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_comma_expression.c\n"
    "R f\n"
    "R pair\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
