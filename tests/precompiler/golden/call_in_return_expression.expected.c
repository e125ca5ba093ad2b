#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_return_expression.c"
/* return n * fact(n - 1): the recursive call is moved out of the product. */
int fact(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xfddbfdf8d1a4ee05ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 4 "call_in_return_expression.c"
    if (n <= 1) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_frame_save(0xfddbfdf8d1a4ee05ull, 1, 0);
            /* no live locals */
            return (int){0};
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            (void)ckpt_frame_rest(0); /* no live locals */
            ckpt_resume_finished();
        }
#line 6 "call_in_return_expression.c"
        return 1;
    }
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 8 "call_in_return_expression.c"
      int ckpt_value_1 = fact(n - 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfddbfdf8d1a4ee05ull, 2, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
#line 8 "call_in_return_expression.c"
                                      return n * ckpt_value_1; }
}
// NORMALIZED-LINES: 8
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_return_expression.c\n"
    "R fact\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
