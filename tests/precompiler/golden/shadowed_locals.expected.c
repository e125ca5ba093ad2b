#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "shadowed_locals.c"
/* Locals that hide other locals in scope of a call that may reach a
 * checkpoint, or of the point itself: the later-declared one of each pair
 * is renamed (NAME__ckptN) in its declaration and every use, so that the
 * save and restore blocks name both. */
void work(int v);
int next(int v);

int f(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa6b3e2e47e379a59ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        }
    }
#line 10 "shadowed_locals.c"
    int s = x * 2;
    for (int i = 0; i < 3; i++) {
        int s__ckpt1 = i + x; /* hides the outer s */
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(i) + CKPT_SIZE(s__ckpt1));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, s__ckpt1);
        }
#line 13 "shadowed_locals.c"
        work(s__ckpt1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 1,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(i) + CKPT_SIZE(s__ckpt1));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, s__ckpt1);
            return (int){0};
        }
#line 14 "shadowed_locals.c"
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(i) + CKPT_SIZE(s__ckpt1));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, s__ckpt1);
        }
#line 14 "shadowed_locals.c"
        int ckpt_result_2 = next(s__ckpt1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 2,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(i) + CKPT_SIZE(s__ckpt1));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, s__ckpt1);
            return (int){0};
        }
        s__ckpt1 = ckpt_result_2;
        }
#line 14 "shadowed_locals.c"
                       /* assignment form: the held result goes to the renamed s */
        x += s__ckpt1;
    }
    {
        int x__ckpt2 = 2; /* hides the parameter */
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, x__ckpt2);
        }
#line 19 "shadowed_locals.c"
        work(x__ckpt2);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 3,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, x__ckpt2);
            return (int){0};
        }
#line 20 "shadowed_locals.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, x__ckpt2);
        }
#line 20 "shadowed_locals.c"
        int y = next(x__ckpt2);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 4,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, x__ckpt2);
            return (int){0};
        }
#line 21 "shadowed_locals.c"
        s += y;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2) + CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, x__ckpt2);
            CKPT_RESTORE(ckpt_from, y);
        }
#line 22 "shadowed_locals.c"
        int s__ckpt3 = next(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 5,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2) + CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, x__ckpt2);
            CKPT_SAVE(ckpt_to, y);
            return (int){0};
        }
#line 22 "shadowed_locals.c"
                         /* declared by the call's statement, after which s is saved */
        y += s__ckpt3;
        int a[4] = {0};
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2) + CKPT_SIZE(s__ckpt3) +
                CKPT_SIZE(a));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, s);
            CKPT_RESTORE(ckpt_from, x__ckpt2);
            CKPT_RESTORE(ckpt_from, s__ckpt3);
            CKPT_RESTORE(ckpt_from, a);
        }
#line 25 "shadowed_locals.c"
        int ckpt_result_6 = next(x__ckpt2);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa6b3e2e47e379a59ull, 6,
                CKPT_SIZE(x) + CKPT_SIZE(s) + CKPT_SIZE(x__ckpt2) + CKPT_SIZE(s__ckpt3) +
                CKPT_SIZE(a));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, s);
            CKPT_SAVE(ckpt_to, x__ckpt2);
            CKPT_SAVE(ckpt_to, s__ckpt3);
            CKPT_SAVE(ckpt_to, a);
            return (int){0};
        }
        a[x__ckpt2 & 3] = ckpt_result_6;
        }
#line 25 "shadowed_locals.c"
                            /* the target names the renamed x */
        s__ckpt3 += a[2];
    }
    return x + s;
}

int g(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x5aa1e679eb017707ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 33 "shadowed_locals.c"
    int t = n;
    {
        int t__ckpt4 = n + 1;
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x5aa1e679eb017707ull, 1,
                CKPT_SIZE(n) + CKPT_SIZE(t) + CKPT_SIZE(t__ckpt4));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, t);
            CKPT_SAVE(ckpt_to, t__ckpt4);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(t) + CKPT_SIZE(t__ckpt4));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, t);
            CKPT_RESTORE(ckpt_from, t__ckpt4);
            ckpt_resume_finished();
        }
#line 37 "shadowed_locals.c"
        n += t__ckpt4;
    }
    return n + t;
}
// REACHES: next work
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U shadowed_locals.c\n"
    "R f\n"
    "R g\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
