#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "user_names_like_inserted.c"
/* Locals named like the variables ckpt-instrument adds: its own get
 * another name (ckpt_result_1_2, ckpt_value_1_2, ckpt_label_2,
 * ckpt_dim_1_2), so that the user's are neither hidden nor assigned. */
#include <stddef.h>

long step(long x);

long named(long h, int n)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label_2 = 0;
    __SIZE_TYPE__ ckpt_dim_1_2 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label_2 = ckpt_resume_label(0xb61830bb6cc49c09ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1_2);
            }
            goto ckpt_vla_1;
        case 2: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1_2));
                CKPT_RESTORE(ckpt_from, ckpt_dim_1_2);
            }
            goto ckpt_vla_1;
        }
    }
#line 10 "user_names_like_inserted.c"
    long ckpt_result_1 = h, ckpt_value_1 = h >> 3;
    int ckpt_label = n;
    size_t ckpt_dim_1 = (size_t)n + 1;
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 13 "user_names_like_inserted.c"
    long row[ckpt_restoring ? ckpt_dim_1_2 : (ckpt_dim_1_2 = (ckpt_dim_1))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label_2) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 14 "user_names_like_inserted.c"
    row[0] = h;
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_SIZE(h) + CKPT_SIZE(ckpt_result_1) +
            CKPT_SIZE(ckpt_value_1) + CKPT_SIZE(ckpt_label) + CKPT_SIZE(ckpt_dim_1) +
            CKPT_SIZE(row));
        CKPT_CHECK_ADDRESS(ckpt_from, row, "'row' in named()");
        CKPT_RESTORE(ckpt_from, h);
        CKPT_RESTORE(ckpt_from, ckpt_result_1);
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
        CKPT_RESTORE(ckpt_from, ckpt_label);
        CKPT_RESTORE(ckpt_from, ckpt_dim_1);
        CKPT_RESTORE(ckpt_from, row);
    }
#line 15 "user_names_like_inserted.c"
    long ckpt_result_1_2 = step(h);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xb61830bb6cc49c09ull, 1,
            CKPT_SIZE(ckpt_dim_1_2) + CKPT_ADDRESS_SIZE + CKPT_SIZE(h) +
            CKPT_SIZE(ckpt_result_1) + CKPT_SIZE(ckpt_value_1) + CKPT_SIZE(ckpt_label) +
            CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(row));
        CKPT_SAVE(ckpt_to, ckpt_dim_1_2);
        CKPT_SAVE_ADDRESS(ckpt_to, row);
        CKPT_SAVE(ckpt_to, h);
        CKPT_SAVE(ckpt_to, ckpt_result_1);
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        CKPT_SAVE(ckpt_to, ckpt_label);
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, row);
        return (long){0};
    }
    ckpt_result_1 += ckpt_result_1_2;
    }
#line 16 "user_names_like_inserted.c"
    { 
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_SIZE(ckpt_result_1) + CKPT_SIZE(ckpt_value_1) +
            CKPT_SIZE(ckpt_label) + CKPT_SIZE(ckpt_dim_1) + CKPT_SIZE(row));
        CKPT_CHECK_ADDRESS(ckpt_from, row, "'row' in named()");
        CKPT_RESTORE(ckpt_from, ckpt_result_1);
        CKPT_RESTORE(ckpt_from, ckpt_value_1);
        CKPT_RESTORE(ckpt_from, ckpt_label);
        CKPT_RESTORE(ckpt_from, ckpt_dim_1);
        CKPT_RESTORE(ckpt_from, row);
    }
#line 16 "user_names_like_inserted.c"
      long ckpt_value_1_2 = step(ckpt_value_1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xb61830bb6cc49c09ull, 2,
            CKPT_SIZE(ckpt_dim_1_2) + CKPT_ADDRESS_SIZE + CKPT_SIZE(ckpt_result_1) +
            CKPT_SIZE(ckpt_value_1) + CKPT_SIZE(ckpt_label) + CKPT_SIZE(ckpt_dim_1) +
            CKPT_SIZE(row));
        CKPT_SAVE(ckpt_to, ckpt_dim_1_2);
        CKPT_SAVE_ADDRESS(ckpt_to, row);
        CKPT_SAVE(ckpt_to, ckpt_result_1);
        CKPT_SAVE(ckpt_to, ckpt_value_1);
        CKPT_SAVE(ckpt_to, ckpt_label);
        CKPT_SAVE(ckpt_to, ckpt_dim_1);
        CKPT_SAVE(ckpt_to, row);
        return (long){0};
    }
#line 16 "user_names_like_inserted.c"
                                                if (ckpt_value_1_2 > ckpt_value_1)
        ckpt_value_1 = ckpt_result_1; }
    return ckpt_result_1 + ckpt_value_1 + row[0] + ckpt_label;
}

long step(long x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xf602b943145ad63aull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 23 "user_names_like_inserted.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xf602b943145ad63aull, 1, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (long){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
        ckpt_resume_finished();
    }
#line 24 "user_names_like_inserted.c"
    return x * 3;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U user_names_like_inserted.c\n"
    "R named\n"
    "R step\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
