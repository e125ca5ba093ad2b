#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "compound_literal_last.c"
/* A statement whose last token is a compound literal's '}' ends at its ';':
 * the block around it closes after the ';', alone or as an if's branch. */
struct S {
    int a, b;
};

int f(int a)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xaae576bea3c88679ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 9 "compound_literal_last.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xaae576bea3c88679ull, 1, CKPT_SIZE(a));
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
#line 10 "compound_literal_last.c"
    return a;
}

struct S make(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x78ab7bf488b21427ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 15 "compound_literal_last.c"
    if (x < 0)
        { 
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
            CKPT_RESTORE(ckpt_from, x);
        }
#line 16 "compound_literal_last.c"
          int ckpt_value_1 = f(-x);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x78ab7bf488b21427ull, 1, CKPT_SIZE(x));
            CKPT_SAVE(ckpt_to, x);
            return (struct S){0};
        }
#line 16 "compound_literal_last.c"
                                    return (struct S){.a = ckpt_value_1, .b = 1}; }
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 17 "compound_literal_last.c"
      int ckpt_value_2 = f(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x78ab7bf488b21427ull, 2, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (struct S){0};
    }
#line 17 "compound_literal_last.c"
                               return (struct S){.a = ckpt_value_2, .b = 2}; }
}
// NORMALIZED-LINES: 16 17
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U compound_literal_last.c\n"
    "R f\n"
    "R make\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
