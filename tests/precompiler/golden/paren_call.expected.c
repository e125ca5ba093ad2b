#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "paren_call.c"
/* A parenthesised call as the value of an assignment or a return: the held
 * result must keep the parentheses balanced. */
int ext(int a);

int paren_call(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xc08e6c9ff8008e7bull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 7 "paren_call.c"
    int x;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
    }
#line 8 "paren_call.c"
    int ckpt_result_1 = (ext(a));
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xc08e6c9ff8008e7bull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
    x = ckpt_result_1;
    }
#line 9 "paren_call.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 9 "paren_call.c"
    int ckpt_result_2 = (ext(x));
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xc08e6c9ff8008e7bull, 2, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    return ckpt_result_2;
    }
#line 10 "paren_call.c"
}
// REACHES: ext
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U paren_call.c\n"
    "R paren_call\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
