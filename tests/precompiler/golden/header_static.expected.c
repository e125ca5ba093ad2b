#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "header_static.c"
/* Static functions defined in a header that may reach a potential checkpoint:
 * each one used gets an instrumented copy of its own (ckpt_header_NAME) right
 * after the #include, and the file's calls and address uses name the copy.
 * The header itself is not rewritten. */
#include "header_static.h"
#line 6 "./header_static.h"
static inline void ckpt_header_step(int i) {
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0x7923544842cc1731ull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 6 "./header_static.h"
                                             
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
    CKPT_RESTORE(ckpt_from, i);
}
#line 6 "./header_static.h"
                                             work(i);
if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
    unsigned char *ckpt_to = ckpt_frame_save(0x7923544842cc1731ull, 1, CKPT_SIZE(i));
    CKPT_SAVE(ckpt_to, i);
    return;
}
#line 6 "./header_static.h"
                                                      }
#line 14 "./header_static.h"
static int ckpt_header_scale(int i);
#line 8 "./header_static.h"
static inline int ckpt_header_twice(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x3f4cd78413e8039eull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 10 "./header_static.h"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
    }
#line 10 "./header_static.h"
    ckpt_header_step(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3f4cd78413e8039eull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 11 "./header_static.h"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
    }
#line 11 "./header_static.h"
      int ckpt_value_2_1 = ckpt_header_scale(i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3f4cd78413e8039eull, 2, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 11 "./header_static.h"
                                                 return ckpt_value_2_1 * 2; }
}
#line 14 "./header_static.h"
static int ckpt_header_scale(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xcbb8884dbd45fa75ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 16 "./header_static.h"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, i);
    }
#line 16 "./header_static.h"
    work(-i);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xcbb8884dbd45fa75ull, 1, CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
#line 17 "./header_static.h"
    return i + 1;
}
static __typeof__(scale) *const ckpt_header_scale_original __attribute__((__unused__)) = scale;
#line 6 "header_static.c"

static long total;

void work(int i)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x67e315b56c4746dbull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 11 "header_static.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x67e315b56c4746dbull, 1, CKPT_SIZE(i));
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
#line 12 "header_static.c"
    total += i;
}

int run(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x57531b7a8b786b7bull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 17 "header_static.c"
    void (*f)(int) = ckpt_header_step;
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(n) + CKPT_SIZE(f) + CKPT_SIZE(sum) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, f);
            CKPT_RESTORE(ckpt_from, sum);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 20 "header_static.c"
        f(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x57531b7a8b786b7bull, 1,
                CKPT_SIZE(n) + CKPT_SIZE(f) + CKPT_SIZE(sum) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, f);
            CKPT_SAVE(ckpt_to, sum);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
#line 21 "header_static.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(n) + CKPT_SIZE(f) + CKPT_SIZE(sum) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, f);
            CKPT_RESTORE(ckpt_from, sum);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 21 "header_static.c"
        int r = ckpt_header_twice(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x57531b7a8b786b7bull, 2,
                CKPT_SIZE(n) + CKPT_SIZE(f) + CKPT_SIZE(sum) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, f);
            CKPT_SAVE(ckpt_to, sum);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
#line 22 "header_static.c"
        sum += r;
    }
    return sum + (int)total;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_static.c\n"
    "R header_static.c#ckpt_header_scale\n"
    "R header_static.c#ckpt_header_step\n"
    "R header_static.c#ckpt_header_twice\n"
    "R run\n"
    "R work\n"
    "P header_static.c#ckpt_header_step\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
