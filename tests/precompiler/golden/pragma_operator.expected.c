#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "pragma_operator.c"
/* _Pragma("ckpt potential") is the same directive as #pragma ckpt potential,
 * and may share its line with code, which must be kept. */
static int count;

static void work(void)
{
    count++;
}

void loop(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x5dd1944f505cea31ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 12 "pragma_operator.c"
    for (int i = 0; i < n; i++) {
        /* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x5dd1944f505cea31ull, 1, CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 13 "pragma_operator.c"
                                  work();
    }
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U pragma_operator.c\n"
    "R loop\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
