#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "pragma_macro.c"
/* A macro that is _Pragma("ckpt potential") alone (CKPT_POTENTIAL of
 * <aalc/ckpt_pragmas.h>) marks a potential checkpoint where it is used,
 * written like the directive or with a semicolon after it. */
#define CKPT_POTENTIAL _Pragma("ckpt potential")

static int count;

static void work(void)
{
    count++;
}

void loop(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa860ae3bf73a6a0dull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 15 "pragma_macro.c"
    for (int i = 0; i < n; i++) {
        /* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0xa860ae3bf73a6a0dull, 1, CKPT_SIZE(n) + CKPT_SIZE(i));
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
#line 17 "pragma_macro.c"
        work();
    }
    while (n-- > 0) {
        /* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0xa860ae3bf73a6a0dull, 2, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
            ckpt_resume_finished();
        }
#line 20 "pragma_macro.c"
                      ;
        work();
    }
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U pragma_macro.c\n"
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
