#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "macro_types.c"
/* Code that spells types and storage classes with macros (REAL for the
 * floating-point type, STATIC), as numerical codes often do. The functions
 * and the calls are written in this file, only some of their tokens come
 * from macros: they are instrumented like any other (they were refused as
 * "defined in a header or a macro" and "comes from a macro expansion"). */
#define REAL double
#define STATIC static
#define N 4

REAL norm(const REAL *v, int n);

STATIC REAL scaled(const REAL *v)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x2237cebe383f0e89ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 14 "macro_types.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(v));
        CKPT_RESTORE(ckpt_from, v);
    }
#line 14 "macro_types.c"
    REAL s = norm(v, N);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x2237cebe383f0e89ull, 1, CKPT_SIZE(v));
        CKPT_SAVE(ckpt_to, v);
        return (double){0};
    }
#line 15 "macro_types.c"
    return s * 2;
}

REAL twice(const REAL *v)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x89e3ea5dab96f9caull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 20 "macro_types.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(v));
        CKPT_RESTORE(ckpt_from, v);
    }
#line 20 "macro_types.c"
    REAL t = scaled(v);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x89e3ea5dab96f9caull, 1, CKPT_SIZE(v));
        CKPT_SAVE(ckpt_to, v);
        return (double){0};
    }
#line 21 "macro_types.c"
    return t;
}
// REACHES: norm
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U macro_types.c\n"
    "R macro_types.c#scaled\n"
    "R twice\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
