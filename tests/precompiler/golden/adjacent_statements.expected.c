#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "adjacent_statements.c"
/* Statements with no space between them, each rewritten: the second one is
 * rewritten in a later pass, after the first one's closing '}', not inside
 * it (where its opening text would otherwise have gone). */
int calls;

int f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa26ac7eeef3d9e6cull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "adjacent_statements.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xa26ac7eeef3d9e6cull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
        ckpt_resume_finished();
    }
#line 9 "adjacent_statements.c"
    return a + calls++;
}

int hoists(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x24e4d90627b30977ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 14 "adjacent_statements.c"
    int x, y;
    { 
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no live locals */
    }
#line 15 "adjacent_statements.c"
      int ckpt_value_1 = f(1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0x24e4d90627b30977ull, 1, 0);
        /* no live locals */
        return (int){0};
    }
#line 15 "adjacent_statements.c"
                               x = ckpt_value_1 + 1; }{ 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 15 "adjacent_statements.c"
                                                        int ckpt_value_2_1 = f(2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x24e4d90627b30977ull, 2, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 15 "adjacent_statements.c"
                                                                                   y = ckpt_value_2_1 + 1; }
    return x + y;
}

int loops(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xfc01b0bab33061aaull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 21 "adjacent_statements.c"
    int a = 0, i;
    for (i = 0; i < 3; ) { x++; {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(a) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, i);
    }
#line 22 "adjacent_statements.c"
    int ckpt_result_1 = f(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc01b0bab33061aaull, 1,
            CKPT_SIZE(x) + CKPT_SIZE(a) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
    i = ckpt_result_1;
    }
#line 22 "adjacent_statements.c"
                                          }{ a++; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 22 "adjacent_statements.c"
                                                  f(2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc01b0bab33061aaull, 2, CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 22 "adjacent_statements.c"
                                                        }
    while (1) { { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 23 "adjacent_statements.c"
                  int ckpt_value_2_2 = f(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc01b0bab33061aaull, 3, CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 23 "adjacent_statements.c"
                                             if (!(ckpt_value_2_2 > 1)) break; } x--; }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 23 "adjacent_statements.c"
                                                                                       f(2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc01b0bab33061aaull, 4, CKPT_SIZE(x) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 23 "adjacent_statements.c"
                                                                                             int y = (((void)0), 5);
    return a + x + y;
}
// NORMALIZED-LINES: 15 22 23
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U adjacent_statements.c\n"
    "R f\n"
    "R hoists\n"
    "R loops\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
