#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "indirect_call_in_expression.c"
/* A call through a function pointer inside an expression, in a file where a
 * function that reaches a checkpoint has its address taken: moved out like
 * a direct call. */
static int work(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x17e22e90b8c14a67ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 6 "indirect_call_in_expression.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x17e22e90b8c14a67ull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
        ckpt_resume_finished();
    }
#line 7 "indirect_call_in_expression.c"
    return n;
}

int run(int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x30265659dad0adf2ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 12 "indirect_call_in_expression.c"
    int (*fp)(int) = work;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k) + CKPT_SIZE(fp));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, fp);
    }
#line 13 "indirect_call_in_expression.c"
    int ckpt_value_1 = fp(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x30265659dad0adf2ull, 1,
            CKPT_SIZE(k) + CKPT_SIZE(fp));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, fp);
        return (int){0};
    }
#line 13 "indirect_call_in_expression.c"
                              int r = ckpt_value_1 + 1;
    return r;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U indirect_call_in_expression.c\n"
    "R indirect_call_in_expression.c#work\n"
    "R run\n"
    "P indirect_call_in_expression.c#work\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
