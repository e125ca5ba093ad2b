#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "header_static_forced.c"
#line 5 "./header_static_forced.h"
static inline int ckpt_header_step(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x7644e3f29bd033c4ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 7 "./header_static_forced.h"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
    }
#line 7 "./header_static_forced.h"
    work(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x7644e3f29bd033c4ull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 8 "./header_static_forced.h"
    return i * SCALE;
}
#line 1 "header_static_forced.c"
/* A header given with '-include' is read before the file's first line: the
 * copy of its static function that reaches a potential checkpoint goes at the
 * start of the file. */
// INSTRUMENT-FLAGS: -include header_static_forced.h
void work(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xf2598a295b3c4c27ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 7 "header_static_forced.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xf2598a295b3c4c27ull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
        ckpt_resume_finished();
    }
#line 8 "header_static_forced.c"
    (void)i;
}

int run(int n) {
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0xa18c7d3d44e8362dull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 11 "header_static_forced.c"
                 { 
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
    CKPT_RESTORE(ckpt_from, n);
}
#line 11 "header_static_forced.c"
                   int ckpt_value_2_1 = ckpt_header_step(n);
if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
    unsigned char *ckpt_to = ckpt_frame_save(0xa18c7d3d44e8362dull, 1, CKPT_SIZE(n));
    CKPT_SAVE(ckpt_to, n);
    return (int){0};
}
#line 11 "header_static_forced.c"
                                                             return ckpt_value_2_1 + 1; } }
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_static_forced.c\n"
    "R header_static_forced.c#ckpt_header_step\n"
    "R run\n"
    "R work\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
