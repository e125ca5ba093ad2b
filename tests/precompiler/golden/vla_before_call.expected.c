#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vla_before_call.c"
/* A variable-length array declared before a call that may reach a
 * checkpoint: the jump that restores the stack cannot enter its scope
 * (C11 6.8.6.1), so it goes to a label before the declaration, which runs
 * again with the size saved with the frame (ckpt_dim_1), and a table after
 * it goes on to the call's label. The array's address is checked. */
void work(double *row, int n);

void rows(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0x613366f1f0e32588ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        }
    }
#line 10 "vla_before_call.c"
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 10 "vla_before_call.c"
    double row[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 11 "vla_before_call.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(row));
        CKPT_CHECK_ADDRESS(ckpt_from, row, "'row' in rows()");
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, row);
    }
#line 11 "vla_before_call.c"
    work(row, n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x613366f1f0e32588ull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(row));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE_ADDRESS(ckpt_to, row);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, row);
        return;
    }
#line 12 "vla_before_call.c"
}
// REACHES: work
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vla_before_call.c\n"
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
