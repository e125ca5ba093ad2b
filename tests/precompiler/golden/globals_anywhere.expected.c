#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "globals_anywhere.c"
/* Globals are left exactly as written, whatever their shape: the runtime
 * saves the executable's whole .data and .bss (runtime/src/globals.h), so
 * nothing needs marking. Definitions in headers, declared by macros,
 * thread-local, with their own section, mixing const and non-const, or
 * declared together with a function were refused when ckpt-instrument moved
 * globals into sections of its own. */
#define MAIN_FILE
#include "globals_anywhere.h"

#define DECLARE_PAIR(a, b) int a = 1; int b
DECLARE_PAIR(first, hits);
const char *name = "x", separator = ',';
int placed __attribute__((section("my_data"))) = 1;
_Thread_local int per_thread;
static __thread int counter;
int helper(void), calls_seen;

int helper(void)
{
    static _Thread_local int calls;
    header_static++;
    header_tentative++;
    return ++calls + ++counter + per_thread + ++calls_seen + hits + first + placed + steps_done +
           (int)energy + (int)separator + (name != 0);
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x343c1600218ed17cull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 29 "globals_anywhere.c"
    for (int i = 0; i < 3; i++) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x343c1600218ed17cull, 1, CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 31 "globals_anywhere.c"
        helper();
    }
    return 0;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U globals_anywhere.c\n"
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
