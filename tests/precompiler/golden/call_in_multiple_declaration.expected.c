#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_multiple_declaration.c"
/* Several declarators with a reaching call that uses an earlier one, or
 * follows an initializer with side effects: the declaration is split into
 * one per variable (types as Clang prints them, const kept), and the calls
 * are then moved out of the initializers. */
int f(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x6f8ef3df2b616bbfull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 7 "call_in_multiple_declaration.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x6f8ef3df2b616bbfull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
        ckpt_resume_finished();
    }
#line 8 "call_in_multiple_declaration.c"
    return x;
}
int next(void);

int two(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xdbe0b7ccb0aa193full)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 14 "call_in_multiple_declaration.c"
    int a = 1; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
    }
#line 14 "call_in_multiple_declaration.c"
               int b = f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdbe0b7ccb0aa193full, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 15 "call_in_multiple_declaration.c"
    int c = 3; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, c);
    }
#line 15 "call_in_multiple_declaration.c"
                     int ckpt_value_2_1 = f(c);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdbe0b7ccb0aa193full, 2,
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, c);
        return (int){0};
    }
#line 15 "call_in_multiple_declaration.c"
                                                int d = ckpt_value_2_1 + 1;
    int *p = &a; 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) + CKPT_SIZE(d) + CKPT_SIZE(p));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, p);
    }
#line 16 "call_in_multiple_declaration.c"
                 int q = f(*p);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdbe0b7ccb0aa193full, 3,
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) + CKPT_SIZE(d) + CKPT_SIZE(p));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, p);
        return (int){0};
    }
#line 17 "call_in_multiple_declaration.c"
    int i = next(); 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) + CKPT_SIZE(d) + CKPT_SIZE(q) +
            CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, q);
        CKPT_RESTORE(ckpt_from, i);
    }
#line 17 "call_in_multiple_declaration.c"
                    int j = f(0);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xdbe0b7ccb0aa193full, 4,
            CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) + CKPT_SIZE(d) + CKPT_SIZE(q) +
            CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, q);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 18 "call_in_multiple_declaration.c"
    return a + b + c + d + q + i + j;
}
// NORMALIZED-LINES: 14 15 16 17
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_multiple_declaration.c\n"
    "R f\n"
    "R two\n"
    "A next\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
