#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vla_typedef_in_scope.c"
/* A typedef of a variably modified type has a scope a jump cannot enter
 * either (C11 6.8.6.1): it runs again too, with its saved size. */
void work(int n);

void rows(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0xd05698c1f3b5cdccull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        }
    }
#line 7 "vla_typedef_in_scope.c"
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 7 "vla_typedef_in_scope.c"
    typedef double row_t[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "vla_typedef_in_scope.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 8 "vla_typedef_in_scope.c"
    work(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xd05698c1f3b5cdccull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 9 "vla_typedef_in_scope.c"
    (void)sizeof(row_t);
}
// REACHES: work
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vla_typedef_in_scope.c\n"
    "R rows\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
