#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "recursion.c"
/* Recursion. Direct: tree() (two recursive calls, as a declaration and as
 * an assignment) and sum_to() (potential point before the recursive call,
 * tail call in a return). Mutual: is_even()/is_odd() through a forward
 * declaration; is_odd() has no point of its own but reaches one through
 * is_even(). count_down() recurses but reaches no point: left alone. */
static int is_odd(unsigned n);

static int is_even(unsigned n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x4b54b4d50f9aaf67ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 10 "recursion.c"
    if (n == 0) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_frame_save(0x4b54b4d50f9aaf67ull, 1, 0);
            /* no live locals */
            return (int){0};
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            (void)ckpt_frame_rest(0); /* no live locals */
            ckpt_resume_finished();
        }
#line 12 "recursion.c"
        return 1;
    }
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 14 "recursion.c"
    int ckpt_result_2 = is_odd(n - 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x4b54b4d50f9aaf67ull, 2, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
    return ckpt_result_2;
    }
#line 15 "recursion.c"
}

static int is_odd(unsigned n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xe5b0169399a27a99ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 19 "recursion.c"
    if (n == 0)
        return 0;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 21 "recursion.c"
    int ckpt_result_1 = is_even(n - 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xe5b0169399a27a99ull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
    return ckpt_result_1;
    }
#line 22 "recursion.c"
}

int tree(int depth)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x1f693ebefcb0e82bull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        }
    }
#line 26 "recursion.c"
    if (depth == 0) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_frame_save(0x1f693ebefcb0e82bull, 1, 0);
            /* no live locals */
            return (int){0};
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            (void)ckpt_frame_rest(0); /* no live locals */
            ckpt_resume_finished();
        }
#line 28 "recursion.c"
        return 1;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(depth));
        CKPT_RESTORE(ckpt_from, depth);
    }
#line 30 "recursion.c"
    int left = tree(depth - 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1f693ebefcb0e82bull, 2, CKPT_SIZE(depth));
        CKPT_SAVE(ckpt_to, depth);
        return (int){0};
    }
#line 31 "recursion.c"
    int right;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(depth) + CKPT_SIZE(left));
        CKPT_RESTORE(ckpt_from, depth);
        CKPT_RESTORE(ckpt_from, left);
    }
#line 32 "recursion.c"
    int ckpt_result_3 = tree(depth - 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1f693ebefcb0e82bull, 3,
            CKPT_SIZE(depth) + CKPT_SIZE(left));
        CKPT_SAVE(ckpt_to, depth);
        CKPT_SAVE(ckpt_to, left);
        return (int){0};
    }
    right = ckpt_result_3;
    }
#line 33 "recursion.c"
    return left + right;
}

long sum_to(long n, long acc)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x4a2d863a8af7dbe6ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 38 "recursion.c"
    if (n == 0)
        return acc;
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x4a2d863a8af7dbe6ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, acc);
        return (long){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, acc);
        ckpt_resume_finished();
    }
#line 41 "recursion.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, acc);
    }
#line 41 "recursion.c"
    long ckpt_result_2 = sum_to(n - 1, acc + n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x4a2d863a8af7dbe6ull, 2,
            CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, acc);
        return (long){0};
    }
    return ckpt_result_2;
    }
#line 42 "recursion.c"
}

static int count_down(int n)
{
    return n == 0 ? 0 : count_down(n - 1);
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x9bca6a97d2ba785aull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        }
    }
#line 51 "recursion.c"
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no locals in scope */
    }
#line 51 "recursion.c"
    int r = tree(3);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0x9bca6a97d2ba785aull, 1, 0);
        /* no locals in scope */
        return (int){0};
    }
#line 52 "recursion.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(r));
        CKPT_RESTORE(ckpt_from, r);
    }
#line 52 "recursion.c"
    int ckpt_result_2 = is_even(10);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x9bca6a97d2ba785aull, 2, CKPT_SIZE(r));
        CKPT_SAVE(ckpt_to, r);
        return (int){0};
    }
    r += ckpt_result_2;
    }
#line 53 "recursion.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(r));
        CKPT_RESTORE(ckpt_from, r);
    }
#line 53 "recursion.c"
    long s = sum_to(5, 0);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x9bca6a97d2ba785aull, 3, CKPT_SIZE(r));
        CKPT_SAVE(ckpt_to, r);
        return (int){0};
    }
#line 54 "recursion.c"
    return (int)(s + r + count_down(3)) & 1;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U recursion.c\n"
    "R recursion.c#is_even\n"
    "R recursion.c#is_odd\n"
    "R main\n"
    "R sum_to\n"
    "R tree\n"
    "C recursion.c#count_down\trecursion.c#count_down\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
