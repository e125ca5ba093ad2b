#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "external_calls.c"
/* Functions declared here but defined in another unit. Alone, a unit
 * assumes that none of them reaches a checkpoint: each is an 'A' assumption in
 * the summary, with 'C' edges from its callers, which ckpt-link checks for the
 * whole program at link time. Here the link step found remote_log() to reach
 * one (the REACHES line below): its call is instrumented, and so driver() is;
 * remote_step() and remote_norm() stay assumptions, so local_wrapper() does
 * not reach and its calls are left alone, also inside expressions. Library
 * functions (strlen) are never instrumented. */
#include <string.h>

int remote_step(int x);
double remote_norm(const double *v, int n);
void remote_log(const char *msg);

static int local_wrapper(int x)
{
    int y = remote_step(x);
    return y;
}

int driver(int x, const double *v, const char *tag)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x744f9936e220f647ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 23 "external_calls.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(v) + CKPT_SIZE(tag));
        CKPT_RESTORE(ckpt_from, x);
        CKPT_RESTORE(ckpt_from, v);
        CKPT_RESTORE(ckpt_from, tag);
    }
#line 23 "external_calls.c"
    remote_log(tag);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x744f9936e220f647ull, 1,
            CKPT_SIZE(x) + CKPT_SIZE(v) + CKPT_SIZE(tag));
        CKPT_SAVE(ckpt_to, x);
        CKPT_SAVE(ckpt_to, v);
        CKPT_SAVE(ckpt_to, tag);
        return (int){0};
    }
#line 24 "external_calls.c"
    x = local_wrapper(x);
    double n = remote_norm(v, x) * 2.0;
    if (remote_step(x) > 0)
        x++;
    int z = local_wrapper(x) + (int)strlen(tag);
    return x + (int)n + z;
}
// REACHES: remote_log
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U external_calls.c\n"
    "R driver\n"
    "C external_calls.c#local_wrapper\tremote_step\n"
    "A remote_norm\n"
    "A remote_step\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
