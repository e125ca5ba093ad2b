#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "line_directives.c"
/* #line directives keep the user's line numbers, and columns where a
 * statement stays on its line: gcc -DLINE_CHECK must report each use of a
 * not_declared_* identifier below at its line and column in this file (only
 * its line where marked LINE-ONLY: the held result of an assignment or a
 * return moves the call). The uses sit inside instrumented statements and
 * after every kind of inserted code: jump table, restore and save blocks,
 * potential point, held result, braces added around an unbraced body, a
 * statement sharing its line, a one-line function, a marked global and a
 * neutralised directive. The identifiers are declared only without
 * LINE_CHECK, so that ckpt-instrument sees a valid file. */
// #pragma ckpt noreach(quiet)
void quiet(void);
int step(int x);
#ifndef LINE_CHECK
enum { not_declared_in_global, not_declared_in_call, not_declared_in_declaration,
       not_declared_in_assignment, not_declared_in_braced_body, not_declared_same_line,
       not_declared_in_return, not_declared_one_line };
#endif
int counter = not_declared_in_global; // LINE-ONLY
#ifdef LINE_CHECK
int after_global = not_declared_after_global;
#endif

int lines(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xfe1328150533e0ccull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        case 7: goto ckpt_resume_7;
        }
    }
#line 26 "line_directives.c"
#ifdef LINE_CHECK
    not_declared_after_jump_table;
#endif
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 29 "line_directives.c"
    step(n + not_declared_in_call);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
#line 30 "line_directives.c"
#ifdef LINE_CHECK
    not_declared_after_call;
#endif
/* #pragma ckpt potential */
if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
    unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 2, CKPT_SIZE(n));
    CKPT_SAVE(ckpt_to, n);
    return (int){0};
}
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_2: /* the stack is rebuilt: continue from this point */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
    CKPT_RESTORE(ckpt_from, n);
    ckpt_resume_finished();
}
#line 34 "line_directives.c"
#ifdef LINE_CHECK
    not_declared_after_point;
#endif
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 37 "line_directives.c"
    int x = step(not_declared_in_declaration);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 3, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
#line 38 "line_directives.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, x);
    }
#line 38 "line_directives.c"
    int ckpt_result_4 = step(x + not_declared_in_assignment);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 4, CKPT_SIZE(n) + CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    x = ckpt_result_4;
    }
#line 38 "line_directives.c"
                                              // LINE-ONLY
#ifdef LINE_CHECK
    not_declared_after_assignment;
#endif
    if (x > n)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
            CKPT_RESTORE(ckpt_from, x);
        }
#line 43 "line_directives.c"
        step(x + not_declared_in_braced_body);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 5, CKPT_SIZE(x));
            CKPT_SAVE(ckpt_to, x);
            return (int){0};
        }
        }
#line 44 "line_directives.c"
#ifdef LINE_CHECK
    else not_declared_after_braces;
#endif
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 47 "line_directives.c"
    step(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 6, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 47 "line_directives.c"
             x += not_declared_same_line; quiet();
    counter = x;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_7: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 49 "line_directives.c"
    int ckpt_result_7 = step(x + not_declared_in_return);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfe1328150533e0ccull, 7, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    return ckpt_result_7;
    }
#line 49 "line_directives.c"
                                             // LINE-ONLY
#ifdef LINE_CHECK
    not_declared_after_return;
#endif
}

int one_line(int n) {
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0x4e3ff91fb0ef1eddull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 55 "line_directives.c"
                      
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
    CKPT_RESTORE(ckpt_from, n);
}
#line 55 "line_directives.c"
                      step(n);
if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
    unsigned char *ckpt_to = ckpt_frame_save(0x4e3ff91fb0ef1eddull, 1, CKPT_SIZE(n));
    CKPT_SAVE(ckpt_to, n);
    return (int){0};
}
#line 55 "line_directives.c"
                               return n + not_declared_one_line; }
// REACHES: step
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U line_directives.c\n"
    "R lines\n"
    "R one_line\n"
    "A quiet\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
