#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "macro_calls.c"
/* Reaching calls written through macros: the use of the macro is replaced
 * by the statement it expands to (on the same lines), and the later passes
 * instrument that like any other code. */
#include <stdlib.h>

void work(int n);
int check_step(int n);
#define WORK(n) work(n)
#define STEP(n)                                                                                    \
    do {                                                                                           \
        work(n);                                                                                   \
        work((n) + 1);                                                                             \
    } while (0)
#define CHECK(e)                                                                                   \
    if (!(e))                                                                                      \
    abort()
#define step_once check_step

void run(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x08b9bb80490b23c7ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        case 7: goto ckpt_resume_7;
        case 8: goto ckpt_resume_8;
        case 9: goto ckpt_resume_9;
        case 10: goto ckpt_resume_10;
        }
    }
#line 21 "macro_calls.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 21 "macro_calls.c"
    work(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 22 "macro_calls.c"
    do {     
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 22 "macro_calls.c"
             work(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 2, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 22 "macro_calls.c"
                          
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 22 "macro_calls.c"
                          work((n) + 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 3, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 22 "macro_calls.c"
                                         } while (0);
    if (n > 2)
        do {     
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 24 "macro_calls.c"
                 work(n);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 4, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
#line 24 "macro_calls.c"
                              
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 24 "macro_calls.c"
                              work((n) + 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 5, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
#line 24 "macro_calls.c"
                                             } while (0);
    else
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 26 "macro_calls.c"
        work(n - 1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 6, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
            return;
        }
        }
#line 27 "macro_calls.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_7: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 27 "macro_calls.c"
      int ckpt_value_2_1 = check_step(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 7, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 27 "macro_calls.c"
                                          if (!(ckpt_value_2_1 == 0))     abort(); }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_8: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 28 "macro_calls.c"
    int r = check_step(n + 2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 8, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 29 "macro_calls.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_9: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(r));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, r);
    }
#line 29 "macro_calls.c"
    work(n + r)
;
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 9, CKPT_SIZE(n) + CKPT_SIZE(r));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, r);
        return;
    }
#line 31 "macro_calls.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_10: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(r));
        CKPT_RESTORE(ckpt_from, r);
    }
#line 31 "macro_calls.c"
    work(r);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x08b9bb80490b23c7ull, 10, CKPT_SIZE(r));
        CKPT_SAVE(ckpt_to, r);
        return;
    }
#line 32 "macro_calls.c"
}
// REACHES: work check_step
// NORMALIZED-LINES: 21 22 24 26 27 28 29 30 31
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U macro_calls.c\n"
    "R run\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
