#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_argument.c"
/* g(f(x)): the inner call, an argument of another call that reaches a
 * checkpoint too, is moved out first: '{ int ckpt_value_1 = f(x); g(ckpt_value_1); }'. */
int f(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x67f5ca1dd4aa7b48ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "call_in_argument.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x67f5ca1dd4aa7b48ull, 1, CKPT_SIZE(x));
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
#line 6 "call_in_argument.c"
    return x;
}

void g(int v);

void nested(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa7cc2e20017cf862ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 13 "call_in_argument.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 13 "call_in_argument.c"
      int ckpt_value_1 = f(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa7cc2e20017cf862ull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return;
    }
#line 13 "call_in_argument.c"
                               
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(ckpt_value_1));
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
    }
#line 13 "call_in_argument.c"
                               g(ckpt_value_1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa7cc2e20017cf862ull, 2, CKPT_SIZE(ckpt_value_1));
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        return;
    }
#line 13 "call_in_argument.c"
                                                }
}
// REACHES: g
// NORMALIZED-LINES: 13
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_argument.c\n"
    "R f\n"
    "R nested\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
