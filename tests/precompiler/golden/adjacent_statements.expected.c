#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "adjacent_statements.c"
/* Two sites with nothing between them: the save block of the first goes
 * where the held result of the second starts. ckpt-instrument crashed here
 * (segmentation fault in Rewriter::ReplaceText). */
int g(int a);

int adjacent(int a, int b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd6923ed5dfa012daull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 8 "adjacent_statements.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 8 "adjacent_statements.c"
    int ckpt_result_1 = g(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd6923ed5dfa012daull, 1, CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
    a = ckpt_result_1;
    }
#line 8 "adjacent_statements.c"
             {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 8 "adjacent_statements.c"
    int ckpt_result_2 = g(b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd6923ed5dfa012daull, 2, CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
    b = ckpt_result_2;
    }
#line 9 "adjacent_statements.c"
    return a + b;
}
// REACHES: g
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U adjacent_statements.c\n"
    "R adjacent\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
