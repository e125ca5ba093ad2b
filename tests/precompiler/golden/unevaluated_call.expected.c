#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "unevaluated_call.c"
/* Calls in unevaluated operands (sizeof, typeof) are not calls: they are
 * neither refused nor instrumented, and probe() does not reach a point. */
int step(int s)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x40eeec073a39f351ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "unevaluated_call.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x40eeec073a39f351ull, 1, CKPT_SIZE(s));
        CKPT_SAVE(ckpt_to, s);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(s));
        CKPT_RESTORE(ckpt_from, s);
        ckpt_resume_finished();
    }
#line 6 "unevaluated_call.c"
    return s;
}

int probe(int s)
{
    __typeof__(step(s)) copy = s;
    return (int)sizeof(step(s)) + copy;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U unevaluated_call.c\n"
    "R step\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
