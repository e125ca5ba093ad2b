#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "side_effect_argument.c"
/* Arguments of a reaching call would be evaluated again when the stack is
 * rebuilt: i++, next() and next() inside a math function are each computed
 * once into a variable before the call. */
#include <math.h>

void work(int v);
int next(void);

void loop(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x7628fa731f6b229bull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        }
    }
#line 11 "side_effect_argument.c"
    int i = 0;
    while (i < n)
        { int ckpt_value_1 = i++; 
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(ckpt_value_1));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, ckpt_value_1);
        }
#line 13 "side_effect_argument.c"
                                  work(ckpt_value_1);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x7628fa731f6b229bull, 1,
                CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(ckpt_value_1));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, ckpt_value_1);
            return;
        }
#line 13 "side_effect_argument.c"
                                                      }
    { int ckpt_value_2 = next(); 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(ckpt_value_2));
        CKPT_RESTORE(ckpt_from, ckpt_value_2);
    }
#line 14 "side_effect_argument.c"
                                 work(ckpt_value_2);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x7628fa731f6b229bull, 2, CKPT_SIZE(ckpt_value_2));
        CKPT_SAVE(ckpt_to, ckpt_value_2);
        return;
    }
#line 14 "side_effect_argument.c"
                                                     }
    { int ckpt_value_3 = (int)sqrt((double)next()); 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(ckpt_value_3));
        CKPT_RESTORE(ckpt_from, ckpt_value_3);
    }
#line 15 "side_effect_argument.c"
                                                    work(ckpt_value_3);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x7628fa731f6b229bull, 3, CKPT_SIZE(ckpt_value_3));
        CKPT_SAVE(ckpt_to, ckpt_value_3);
        return;
    }
#line 15 "side_effect_argument.c"
                                                                        }
}
// REACHES: work
// NORMALIZED-LINES: 13 14 15
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U side_effect_argument.c\n"
    "R loop\n"
    "A next\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
