#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "return_types.c"
/* Held results of every return type the precompiler has to spell: a struct,
 * a pointer to const, a double computed from an int call (the conversion
 * stays at the assignment), an enum, a typedef of a function pointer, and a
 * return whose call type differs from the function's return type. */
struct big {
    double v[4];
};
enum state { IDLE, BUSY };
typedef int (*op_t)(int);

struct big load(int k);
const char *name_of(int k);
int count(int k);
enum state state_of(int k);
op_t lookup(int k);

double results(int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x94f0bf0e2527b8b8ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        }
    }
#line 19 "return_types.c"
    struct big b;
    const char *s;
    double d;
    enum state st;
    op_t op;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 24 "return_types.c"
    struct big ckpt_result_1 = load(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x94f0bf0e2527b8b8ull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (double){0};
    }
    b = ckpt_result_1;
    }
#line 25 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k) + CKPT_SIZE(b));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 25 "return_types.c"
    const char *ckpt_result_2 = name_of(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x94f0bf0e2527b8b8ull, 2, CKPT_SIZE(k) + CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, b);
        return (double){0};
    }
    s = ckpt_result_2;
    }
#line 26 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, s);
    }
#line 26 "return_types.c"
    int ckpt_result_3 = count(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x94f0bf0e2527b8b8ull, 3,
            CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, s);
        return (double){0};
    }
    d = ckpt_result_3;
    }
#line 27 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s) + CKPT_SIZE(d));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, d);
    }
#line 27 "return_types.c"
    enum state ckpt_result_4 = state_of(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x94f0bf0e2527b8b8ull, 4,
            CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s) + CKPT_SIZE(d));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, d);
        return (double){0};
    }
    st = ckpt_result_4;
    }
#line 28 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(st));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, s);
        CKPT_RESTORE(ckpt_from, d);
        CKPT_RESTORE(ckpt_from, st);
    }
#line 28 "return_types.c"
    op_t ckpt_result_5 = lookup(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x94f0bf0e2527b8b8ull, 5,
            CKPT_SIZE(k) + CKPT_SIZE(b) + CKPT_SIZE(s) + CKPT_SIZE(d) + CKPT_SIZE(st));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, s);
        CKPT_SAVE(ckpt_to, d);
        CKPT_SAVE(ckpt_to, st);
        return (double){0};
    }
    op = ckpt_result_5;
    }
#line 29 "return_types.c"
    return b.v[0] + s[0] + d + st + op(k);
}

long widened(int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x858dc7a83b96caf6ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 34 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 34 "return_types.c"
    long ckpt_result_1 = count(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x858dc7a83b96caf6ull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (long){0};
    }
    return ckpt_result_1;
    }
#line 35 "return_types.c"
}

op_t forward(int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x197eb46f8a9db830ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 39 "return_types.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 39 "return_types.c"
    op_t ckpt_result_1 = lookup(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x197eb46f8a9db830ull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (op_t){0};
    }
    return ckpt_result_1;
    }
#line 40 "return_types.c"
}
// REACHES: count load lookup name_of state_of
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U return_types.c\n"
    "R forward\n"
    "R results\n"
    "R widened\n"
    "A *\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
