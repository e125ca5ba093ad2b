#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "byte_order_mark.c"
/* A file that starts with a UTF-8 byte-order mark (editors on Windows write
 * one): the mark stays the first bytes of the output, and the inserted
 * #include and #line come after it. Before, they went first and gcc refused
 * the mark in the middle of the file. */
int step(int x);

int loop(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x966da0bafa91ebc1ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 9 "byte_order_mark.c"
    int s = 0;
    for (int i = 0; i < n; i++) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x966da0bafa91ebc1ull, 1,
                CKPT_SIZE(n) + CKPT_SIZE(s) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(s) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 12 "byte_order_mark.c"
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(s) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 12 "byte_order_mark.c"
        int ckpt_result_2 = step(s + i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x966da0bafa91ebc1ull, 2,
                CKPT_SIZE(n) + CKPT_SIZE(s) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        s = ckpt_result_2;
        }
#line 13 "byte_order_mark.c"
    }
    return s;
}
// REACHES: step
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U byte_order_mark.c\n"
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
