#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vla_before_point.c"
/* The same for a potential point, and for a pointer to a VLA: its
 * constant initializer stays as it is. */
void fill(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0x58b2c1e083ddc8c7ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        }
    }
#line 5 "vla_before_point.c"
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 5 "vla_before_point.c"
    int (*grid)[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))] = 0;
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 6 "vla_before_point.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x58b2c1e083ddc8c7ull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(n) + CKPT_SIZE(grid));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, grid);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(grid));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, grid);
        ckpt_resume_finished();
    }
#line 7 "vla_before_point.c"
    (void)grid;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vla_before_point.c\n"
    "R fill\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
