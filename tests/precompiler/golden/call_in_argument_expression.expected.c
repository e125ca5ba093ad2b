#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_argument_expression.c"
/* A call that reaches a checkpoint, inside an argument expression of
 * another one: 1 + f(), -f(), (long)f(), a ?: or && whose value is
 * converted to the parameter's type. Each f() is moved out and runs once:
 * the argument, which ends where f() ends, is moved after it, with f()'s
 * temporary in its text; a ?: or && moves as itself, converted where it was.
 * (f ran twice in each before: planned both as the argument and as the
 * call, or the argument's text still held the call.) */
int f(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x361d68bad3949741ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 10 "call_in_argument_expression.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        ckpt_frame_save(0x361d68bad3949741ull, 1, 0);
        /* no locals in scope */
        return (int){0};
    }
    if (0) {
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        (void)ckpt_frame_rest(0); /* no locals in scope */
        ckpt_resume_finished();
    }
#line 11 "call_in_argument_expression.c"
    return 1;
}

long h(long v);
double d(double v);

long sum(int c)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x968326c28978de3cull)) {
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
        }
    }
#line 19 "call_in_argument_expression.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, c);
    }
#line 19 "call_in_argument_expression.c"
    int ckpt_value_1 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 1, CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, c);
        return (long){0};
    }
#line 19 "call_in_argument_expression.c"
                            long ckpt_value_2 = 1 + ckpt_value_1; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(ckpt_value_2));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, ckpt_value_2);
    }
#line 19 "call_in_argument_expression.c"
                                                                  long a = h(ckpt_value_2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 2,
            CKPT_SIZE(c) + CKPT_SIZE(ckpt_value_2));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, ckpt_value_2);
        return (long){0};
    }
#line 20 "call_in_argument_expression.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 20 "call_in_argument_expression.c"
    int ckpt_value_3 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 3, CKPT_SIZE(c) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        return (long){0};
    }
#line 20 "call_in_argument_expression.c"
                            long ckpt_value_4 = -ckpt_value_3; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(ckpt_value_4));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, ckpt_value_4);
    }
#line 20 "call_in_argument_expression.c"
                                                               long b = h(ckpt_value_4);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 4,
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(ckpt_value_4));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, ckpt_value_4);
        return (long){0};
    }
#line 21 "call_in_argument_expression.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 21 "call_in_argument_expression.c"
    int ckpt_value_5 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 5,
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        return (long){0};
    }
#line 21 "call_in_argument_expression.c"
                            long ckpt_value_6 = (long)ckpt_value_5; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_6));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, ckpt_value_6);
    }
#line 21 "call_in_argument_expression.c"
                                                                    long e = h(ckpt_value_6);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 6,
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(ckpt_value_6));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, ckpt_value_6);
        return (long){0};
    }
#line 22 "call_in_argument_expression.c"
    int ckpt_value_7; if (c) {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_7: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, e);
    }
#line 22 "call_in_argument_expression.c"
    int ckpt_result_7 = (f());
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 7,
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, e);
        return (long){0};
    }
    ckpt_value_7 = ckpt_result_7;
    }
#line 22 "call_in_argument_expression.c"
                                                   else ckpt_value_7 = (0); 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_8: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) +
            CKPT_SIZE(ckpt_value_7));
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, e);
        CKPT_RESTORE(ckpt_from, ckpt_value_7);
    }
#line 22 "call_in_argument_expression.c"
                                                                            long g = h(ckpt_value_7);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 8,
            CKPT_SIZE(c) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) +
            CKPT_SIZE(ckpt_value_7));
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, e);
        CKPT_SAVE(ckpt_to, ckpt_value_7);
        return (long){0};
    }
#line 23 "call_in_argument_expression.c"
    int ckpt_value_8 = !!(c); if (ckpt_value_8) { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_9: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) + CKPT_SIZE(g));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, e);
        CKPT_RESTORE(ckpt_from, g);
    }
#line 23 "call_in_argument_expression.c"
                                                  int ckpt_value_2_1 = f();
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 9,
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) + CKPT_SIZE(g));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, e);
        CKPT_SAVE(ckpt_to, g);
        return (long){0};
    }
#line 23 "call_in_argument_expression.c"
                                                                            ckpt_value_8 = !!(ckpt_value_2_1); } 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_10: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) + CKPT_SIZE(g) +
            CKPT_SIZE(ckpt_value_8));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, e);
        CKPT_RESTORE(ckpt_from, g);
        CKPT_RESTORE(ckpt_from, ckpt_value_8);
    }
#line 23 "call_in_argument_expression.c"
                                                                                                                 double k = d(ckpt_value_8);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x968326c28978de3cull, 10,
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(e) + CKPT_SIZE(g) +
            CKPT_SIZE(ckpt_value_8));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, e);
        CKPT_SAVE(ckpt_to, g);
        CKPT_SAVE(ckpt_to, ckpt_value_8);
        return (long){0};
    }
#line 24 "call_in_argument_expression.c"
    return a + b + e + g + (long)k;
}
// REACHES: h d
// NORMALIZED-LINES: 19 20 21 22 23
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_argument_expression.c\n"
    "R f\n"
    "R sum\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
