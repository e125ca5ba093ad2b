#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "vla_normalized.c"
/* Calls moved out of expressions by the normalizer, in scope of VLAs: the
 * restore path goes through the declarations as for any call. */
int step(double *a, int n);
int run(int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    __SIZE_TYPE__ ckpt_dim_2 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0x1c071c4e8a31ff17ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1);
                CKPT_RESTORE(ckpt_from, ckpt_dim_2);
            }
            goto ckpt_vla_1;
        }
    }
#line 6 "vla_normalized.c"
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 6 "vla_normalized.c"
    double a[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (n))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_vla_2;
        }
    }
#line 7 "vla_normalized.c"
    int t = 0;
    while (1) { { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(a) + CKPT_SIZE(t));
        CKPT_CHECK_ADDRESS(ckpt_from, a, "'a' in run()");
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, t);
    }
#line 8 "vla_normalized.c"
                  int ckpt_value_2_1 = step(a, n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1c071c4e8a31ff17ull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(a) +
            CKPT_SIZE(t));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE_ADDRESS(ckpt_to, a);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, t);
        return (int){0};
    }
#line 8 "vla_normalized.c"
                                                   if (!(ckpt_value_2_1 > 0)) break; }
        t++; }
    ckpt_vla_2:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 10 "vla_normalized.c"
    double b[ckpt_restoring ? ckpt_dim_2 : (ckpt_dim_2 = (t + 1))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 2: goto ckpt_resume_2;
        }
    }
#line 11 "vla_normalized.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(a) +
            CKPT_SIZE(t) + CKPT_SIZE(b));
        CKPT_CHECK_ADDRESS(ckpt_from, a, "'a' in run()");
        CKPT_CHECK_ADDRESS(ckpt_from, b, "'b' in run()");
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, t);
        CKPT_RESTORE(ckpt_from, b);
    }
#line 11 "vla_normalized.c"
    int ckpt_value_1 = step(b, t);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1c071c4e8a31ff17ull, 2,
            CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(ckpt_dim_2) + CKPT_ADDRESS_SIZE +
            CKPT_ADDRESS_SIZE + CKPT_SIZE(n) + CKPT_SIZE(a) + CKPT_SIZE(t) +
            CKPT_SIZE(b));
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, ckpt_dim_2);
        CKPT_SAVE_ADDRESS(ckpt_to, a);
        CKPT_SAVE_ADDRESS(ckpt_to, b);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, t);
        CKPT_SAVE(ckpt_to, b);
        return (int){0};
    }
#line 11 "vla_normalized.c"
                                   double c = ckpt_value_1 * 2.0;
    return t + (int)c;
}
// REACHES: step
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U vla_normalized.c\n"
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
