#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "pure_arguments.c"
/* Arguments without side effects may be evaluated again when the stack is
 * rebuilt: arithmetic, sizeof, address-of, member access, and calls to
 * functions declared pure or const (strlen, abs, fabs in glibc), and to the
 * C library's math functions whose only effect is errno (sqrt, pow, cos,
 * exp: calling them again gives the same value). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct box {
    int w, h;
};

void consume(long v, const void *p);

void arguments(const char *s, int x, double d, struct box *b)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x3bdb6638356fd2d7ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        }
    }
#line 18 "pure_arguments.c"
    int local = x;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 19 "pure_arguments.c"
    consume(strlen(s), s);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 1,
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 20 "pure_arguments.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 20 "pure_arguments.c"
    consume(abs(x), &local);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 2,
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 21 "pure_arguments.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 21 "pure_arguments.c"
    consume(sizeof(*b) + x * 2, b);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 3,
            CKPT_SIZE(s) + CKPT_SIZE(x) + CKPT_SIZE(d) + CKPT_SIZE(b) +
            CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 22 "pure_arguments.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(b) + CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 22 "pure_arguments.c"
    consume((long)fabs(d), &b->h);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 4,
            CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(b) + CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 23 "pure_arguments.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(b) + CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 23 "pure_arguments.c"
    consume(b->w > 0 ? b->w : -b->w, s + 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 5,
            CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(b) + CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 24 "pure_arguments.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(local));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, local);
    }
#line 24 "pure_arguments.c"
    consume((long)(sqrt(d) + pow(d, 2.0) * cos(d) - exp(-d)), s);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3bdb6638356fd2d7ull, 6,
            CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(local));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, local);
        return;
    }
#line 25 "pure_arguments.c"
}
// REACHES: consume
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U pure_arguments.c\n"
    "R arguments\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
