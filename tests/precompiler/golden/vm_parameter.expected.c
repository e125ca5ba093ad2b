#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vm_parameter.c"
/* A parameter of variably modified type (int (*a)[n] is a pointer to rows
 * of n ints) is in scope from the function's entry, so the jump to a restore
 * label never enters its scope: it is saved like any pointer. */
void use(int v);

void vm_param(int n, int (*a)[n])
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xcbd79f41969360d8ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "vm_parameter.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(a));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, a);
    }
#line 8 "vm_parameter.c"
    use(a[0][0]);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xcbd79f41969360d8ull, 1, CKPT_SIZE(n) + CKPT_SIZE(a));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, a);
        return;
    }
#line 9 "vm_parameter.c"
}
// REACHES: use
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vm_parameter.c\n"
    "R vm_param\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
