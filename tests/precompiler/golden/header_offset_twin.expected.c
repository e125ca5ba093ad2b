#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "header_offset_twin.c"
/* ckpt-instrument once took this global for part of a function declaration:
 * header_offset_twin.h declares a function at the same offset. */
int hits;
#include "header_offset_twin.h"

int helper(void)
{
    return ++hits;
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x23bb4e2d0f854aafull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 13 "header_offset_twin.c"
    int total = 0;
    for (int i = 0; i < 3; i++) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x23bb4e2d0f854aafull, 1,
                CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 16 "header_offset_twin.c"
        total += helper();
    }
    return total == 6 ? 0 : 1;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_offset_twin.c\n"
    "R main\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
