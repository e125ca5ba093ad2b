#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "statement_forms.c"
/* Every statement form a call that may reach a checkpoint can take:
 *   f(a);  (void)f(a);  x = f(a);  x op= f(a);  T x = f(a);  return f(a);
 * and the same as the unbraced body of if, else, while, for, do, a case and
 * a label, which get braces. Assignments and returns hold the result in
 * ckpt_result_N until the frame is saved, so the target keeps its old value
 * if the call collapses. next() and tick() are defined in another unit. */
int next(int a);
void tick(int a);

int forms(int a, int c)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xdb38d3c3156d12e6ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        case 7: goto ckpt_resume_7;
        case 8: goto ckpt_resume_8;
        case 9: goto ckpt_resume_9;
        case 10: goto ckpt_resume_10;
        case 11: goto ckpt_resume_11;
        case 12: goto ckpt_resume_12;
        case 13: goto ckpt_resume_13;
        case 14: goto ckpt_resume_14;
        case 15: goto ckpt_resume_15;
        case 16: goto ckpt_resume_16;
        case 17: goto ckpt_resume_17;
        }
    }
#line 12 "statement_forms.c"
    int x = 0;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, c);
    }
#line 13 "statement_forms.c"
    tick(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 1, CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, c);
        return (int){0};
    }
#line 14 "statement_forms.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, c);
    }
#line 14 "statement_forms.c"
    (void)next(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 2, CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, c);
        return (int){0};
    }
#line 15 "statement_forms.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, c);
    }
#line 15 "statement_forms.c"
    int ckpt_result_3 = next(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 3, CKPT_SIZE(a) + CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, c);
        return (int){0};
    }
    x = ckpt_result_3;
    }
#line 16 "statement_forms.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, x);
    }
#line 16 "statement_forms.c"
    int ckpt_result_4 = next(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 4,
            CKPT_SIZE(a) + CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    x += ckpt_result_4;
    }
#line 17 "statement_forms.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, x);
    }
#line 17 "statement_forms.c"
    int ckpt_result_5 = next(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 5, CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    x -= ckpt_result_5;
    }
#line 18 "statement_forms.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, x);
    }
#line 18 "statement_forms.c"
    int y = next(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 6, CKPT_SIZE(c) + CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 19 "statement_forms.c"
    if (c)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_7: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 20 "statement_forms.c"
        tick(x);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 7,
                CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        }
#line 21 "statement_forms.c"
    if (c > 1)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_8: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 22 "statement_forms.c"
        int ckpt_result_8 = next(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 8, CKPT_SIZE(c) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        x = ckpt_result_8;
        }
#line 23 "statement_forms.c"
    else
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_9: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 24 "statement_forms.c"
        tick(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 9,
                CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        }
#line 25 "statement_forms.c"
    while (c-- > 0)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_10: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 26 "statement_forms.c"
        tick(c);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 10,
                CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        }
#line 27 "statement_forms.c"
    for (int i = 0; i < c; i++)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_11: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 28 "statement_forms.c"
        int ckpt_result_11 = next(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 11,
                CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        y = ckpt_result_11;
        }
#line 29 "statement_forms.c"
    do
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_12: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 30 "statement_forms.c"
        tick(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 12,
                CKPT_SIZE(c) + CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        }
#line 31 "statement_forms.c"
    while (y-- > 0);
    switch (c) {
    case 0:
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_13: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 34 "statement_forms.c"
        tick(0);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 13, CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        }
#line 35 "statement_forms.c"
        break;
    case 1: 
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_14: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, y);
    }
#line 36 "statement_forms.c"
            tick(1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 14, CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
    }
#line 36 "statement_forms.c"
                     break;
    default:
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_15: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 38 "statement_forms.c"
        int ckpt_result_15 = next(x);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 15, CKPT_SIZE(x) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
        x = ckpt_result_15;
        }
#line 39 "statement_forms.c"
    }
again:
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_16: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, y);
    }
#line 41 "statement_forms.c"
    tick(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 16, CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
    }
#line 42 "statement_forms.c"
    if (x++ < 3)
        goto again;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_17: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, y);
    }
#line 44 "statement_forms.c"
    int ckpt_result_17 = next(x + y);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdb38d3c3156d12e6ull, 17, CKPT_SIZE(x) + CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
    return ckpt_result_17;
    }
#line 45 "statement_forms.c"
}
// REACHES: next tick
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U statement_forms.c\n"
    "R forms\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
