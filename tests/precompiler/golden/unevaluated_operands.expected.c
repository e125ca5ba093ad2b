#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "unevaluated_operands.c"
/* Calls C does not evaluate are not calls: the controlling expression of a
 * _Generic and its other associations, the operand __builtin_choose_expr
 * does not choose, and the operands of __builtin_constant_p and
 * __builtin_object_size. Only the evaluated call is moved out, once. */
int calls;

int f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xc0f2af2c58d84f42ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 9 "unevaluated_operands.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xc0f2af2c58d84f42ull, 1, CKPT_SIZE(a));
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
#line 10 "unevaluated_operands.c"
    return a + calls++;
}

int iabs(int a) { return a < 0 ? -a : a; }
double dabs(double a) { return a < 0 ? -a : a; }
#define ABS(x) _Generic((x), int: iabs, default: dabs)(x)

int generic(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd7b6737a1ee11d85ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 19 "unevaluated_operands.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
    }
#line 19 "unevaluated_operands.c"
    int ckpt_value_2_1 = f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd7b6737a1ee11d85ull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 19 "unevaluated_operands.c"
                               int y = _Generic((f(a)), int: iabs, default: dabs)(ckpt_value_2_1) + 1;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, y);
    }
#line 20 "unevaluated_operands.c"
    int ckpt_value_1 = f(2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd7b6737a1ee11d85ull, 2, CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
#line 20 "unevaluated_operands.c"
                             int z = _Generic(a, int: 1, double: f(1)) + ckpt_value_1;
    return y + z;
}

int builtins(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x204e0e02ace015c3ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 26 "unevaluated_operands.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, a);
    }
#line 26 "unevaluated_operands.c"
    int ckpt_value_2 = f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x204e0e02ace015c3ull, 1, CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, a);
        return (int){0};
    }
#line 26 "unevaluated_operands.c"
                             int y = __builtin_choose_expr(0, f(3), 7) + ckpt_value_2;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(a) + CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, y);
    }
#line 27 "unevaluated_operands.c"
    int ckpt_value_3 = f(a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x204e0e02ace015c3ull, 2, CKPT_SIZE(a) + CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
#line 27 "unevaluated_operands.c"
                             int z = __builtin_constant_p(f(1)) + (int)__builtin_object_size(&"abc"[f(2)], 0) + ckpt_value_3;
    return y + z;
}
// NORMALIZED-LINES: 19 20 26 27
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U unevaluated_operands.c\n"
    "R builtins\n"
    "R f\n"
    "R generic\n"
    "P iabs\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
