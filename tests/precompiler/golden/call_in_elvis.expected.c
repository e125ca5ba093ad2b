#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "call_in_elvis.c"
/* GNU's 'a ?: f(x)': f runs only when 'a' is zero, and 'a' is evaluated
 * once: 'T v = (a); if (!v) v = (f(x));'. */
long f(long x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x17f606a1ab315238ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 5 "call_in_elvis.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x17f606a1ab315238ull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (long){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
        ckpt_resume_finished();
    }
#line 6 "call_in_elvis.c"
    return x * 2;
}

long pick(int *cache, long x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa481f12088b9fec8ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 11 "call_in_elvis.c"
    long ckpt_value_1 = (cache[x % 4]); if (!ckpt_value_1) {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 11 "call_in_elvis.c"
    long ckpt_result_1 = (f(x));
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa481f12088b9fec8ull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (long){0};
    }
    ckpt_value_1 = ckpt_result_1;
    }
#line 11 "call_in_elvis.c"
                                                                                  long r = ckpt_value_1;
    { long ckpt_value_2 = (x); if (!ckpt_value_2) {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(r));
        CKPT_RESTORE(ckpt_from, r);
    }
#line 12 "call_in_elvis.c"
    long ckpt_result_2 = (f(1));
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa481f12088b9fec8ull, 2, CKPT_SIZE(r));
        CKPT_SAVE(ckpt_to, r);
        return (long){0};
    }
    ckpt_value_2 = ckpt_result_2;
    }
#line 12 "call_in_elvis.c"
                                                                         return r + (ckpt_value_2); }
}
// NORMALIZED-LINES: 11 12
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U call_in_elvis.c\n"
    "R f\n"
    "R pick\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
