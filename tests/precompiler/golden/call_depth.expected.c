#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_depth.c"
/* Call depth: main -> solve -> iterate -> step, with the potential point
 * three calls down. Each function on the way gets a jump table at entry, a
 * restore block before the call and a save block after it. norm() cannot
 * reach the point and is left alone, and so are the calls to it and to the
 * C library (printf). */
#include <stdio.h>

static double norm(const double *v, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += v[i] * v[i];
    return s;
}

static void step(double *v, int n, int it)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x2d293847f3f61be9ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 18 "call_depth.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x2d293847f3f61be9ull, 1,
            CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(it));
        CKPT_SAVE(ckpt_to, v);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, it);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(it));
        CKPT_RESTORE(ckpt_from, v);
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, it);
        ckpt_resume_finished();
    }
#line 19 "call_depth.c"
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 0.5 + it;
}

static void iterate(double *v, int n, int maxit)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xead005136cfc3af7ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 25 "call_depth.c"
    for (int it = 0; it < maxit; it++) {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(maxit) + CKPT_SIZE(it));
            CKPT_RESTORE(ckpt_from, v);
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, maxit);
            CKPT_RESTORE(ckpt_from, it);
        }
#line 26 "call_depth.c"
        step(v, n, it);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xead005136cfc3af7ull, 1,
                CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(maxit) + CKPT_SIZE(it));
            CKPT_SAVE(ckpt_to, v);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, maxit);
            CKPT_SAVE(ckpt_to, it);
            return;
        }
#line 27 "call_depth.c"
    }
}

static double solve(int n, int maxit)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x2e9b0b6fa2424ae5ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 32 "call_depth.c"
    double v[8] = {0};
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(maxit) + CKPT_SIZE(v));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, maxit);
        CKPT_RESTORE(ckpt_from, v);
    }
#line 33 "call_depth.c"
    iterate(v, n, maxit);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x2e9b0b6fa2424ae5ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(maxit) + CKPT_SIZE(v));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, maxit);
        CKPT_SAVE(ckpt_to, v);
        return (double){0};
    }
#line 34 "call_depth.c"
    return norm(v, n);
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd974a38f2bef8e27ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 39 "call_depth.c"
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        (void)ckpt_frame_rest(0); /* no locals in scope */
    }
#line 39 "call_depth.c"
    double r = solve(8, 100);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_frame_save(0xd974a38f2bef8e27ull, 1, 0);
        /* no locals in scope */
        return (int){0};
    }
#line 40 "call_depth.c"
    printf("%g\n", r);
    return 0;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_depth.c\n"
    "R call_depth.c#iterate\n"
    "R call_depth.c#solve\n"
    "R call_depth.c#step\n"
    "R main\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
