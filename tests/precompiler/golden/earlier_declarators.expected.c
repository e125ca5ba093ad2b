#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "earlier_declarators.c"
/* A call in a later declarator is not moved ahead of what an earlier one
 * evaluates (here an initializer that reads what the call changes): the
 * declaration is split first, and a for loop's declaration is
 * taken out before the loop, in a block of its own. A constant initializer
 * or an uninitialized variable does not need that. */
int calls, n = 2;

int f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x484e143e80e27bd9ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 10 "earlier_declarators.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x484e143e80e27bd9ull, 1, CKPT_SIZE(a));
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
#line 11 "earlier_declarators.c"
    n++;
    return a + calls++;
}

int reads(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x9f024f0697e9dffaull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 17 "earlier_declarators.c"
    int before = calls; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(before));
        CKPT_RESTORE(ckpt_from, before);
    }
#line 17 "earlier_declarators.c"
                        int ckpt_value_2_1 = f(10);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x9f024f0697e9dffaull, 1, CKPT_SIZE(before));
        CKPT_SAVE(ckpt_to, before);
        return (int){0};
    }
#line 17 "earlier_declarators.c"
                                                    int after = ckpt_value_2_1 + 1;
    return before + after;
}

int constant(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xe2343705d310e524ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 23 "earlier_declarators.c"
    int k = 4; int u; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 23 "earlier_declarators.c"
                      int ckpt_value_2_2 = f(k == 4);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xe2343705d310e524ull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (int){0};
    }
#line 23 "earlier_declarators.c"
                                                      int c = ckpt_value_2_2 + 1;
    return c + (u = 1);
}

int loops(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa490ef87c6aa0030ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 29 "earlier_declarators.c"
    int s = 0;
    { int i = calls; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(s) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, i);
    }
#line 30 "earlier_declarators.c"
                     int ckpt_value_3_1 = f(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa490ef87c6aa0030ull, 1, CKPT_SIZE(s) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 30 "earlier_declarators.c"
                                                int j = ckpt_value_3_1 + 1; for (; i < 3; i++)
        s += j; }
    { int i = n; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(s) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, i);
    }
#line 32 "earlier_declarators.c"
                 int ckpt_value_3_2 = f(2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa490ef87c6aa0030ull, 2, CKPT_SIZE(s) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 32 "earlier_declarators.c"
                                            int j = ckpt_value_3_2 + 1; for (;
         i < 3; i++) {
        if (i % 2)
            continue;
        s += j;
    } }
    return s;
}
// NORMALIZED-LINES: 17 23 30 32
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U earlier_declarators.c\n"
    "R constant\n"
    "R f\n"
    "R loops\n"
    "R reads\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
