#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "cursor_names.c"
/* Locals named like the cursors that save and restore blocks copy a frame's
 * values through (ckpt_to, ckpt_from). The cursors take names the file does
 * not use (here ckpt_to_2 and ckpt_from_3: ckpt_from_2 is taken too), so
 * every local is saved and restored under its own name, also in the entry
 * table that reads a variable-length array's size. */
void work(int *v, int n);

static void step(int *v, int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xeb3a75b591648a18ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 10 "cursor_names.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to_2 = ckpt_frame_save(0xeb3a75b591648a18ull, 1, CKPT_SIZE(v) + CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to_2, v);
        CKPT_SAVE(ckpt_to_2, n);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from_3;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from_3 = ckpt_frame_rest(CKPT_SIZE(v) + CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from_3, v);
        CKPT_RESTORE(ckpt_from_3, n);
        ckpt_resume_finished();
    }
#line 11 "cursor_names.c"
    work(v, n);
}

static int relay(int ckpt_to, int ckpt_from)
{
    /* variable-length arrays in scope of a checkpoint: their sizes, and where to go next */
    int ckpt_label = 0;
    __SIZE_TYPE__ ckpt_dim_1 = 0;
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_label = ckpt_resume_label(0xa005e7401671fc48ull)) {
        case 1: /* declare the variable-length arrays in scope again, with their saved sizes */
            {
                const unsigned char *ckpt_from_3 = ckpt_frame_next(CKPT_SIZE(ckpt_dim_1));
                CKPT_RESTORE(ckpt_from_3, ckpt_dim_1);
            }
            goto ckpt_vla_1;
        }
    }
#line 16 "cursor_names.c"
    int ckpt_from_2 = ckpt_to + ckpt_from;
    ckpt_vla_1:; /* rebuilding the stack: the declaration below runs again, with the saved sizes */
#line 17 "cursor_names.c"
    int row[ckpt_restoring ? ckpt_dim_1 : (ckpt_dim_1 = (ckpt_from_2 % 4 + 1))];
    if (ckpt_restoring) { /* rebuilding the stack: go on to where this frame was */
        switch (ckpt_label) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 18 "cursor_names.c"
    row[0] = ckpt_from;
    if (0) {
        const unsigned char *ckpt_from_3;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from_3 = ckpt_frame_rest(
            CKPT_ADDRESS_SIZE + CKPT_SIZE(ckpt_to) + CKPT_SIZE(ckpt_from) +
            CKPT_SIZE(ckpt_from_2) + CKPT_SIZE(row));
        CKPT_CHECK_ADDRESS(ckpt_from_3, row, "'row' in relay()");
        CKPT_RESTORE(ckpt_from_3, ckpt_to);
        CKPT_RESTORE(ckpt_from_3, ckpt_from);
        CKPT_RESTORE(ckpt_from_3, ckpt_from_2);
        CKPT_RESTORE(ckpt_from_3, row);
    }
#line 19 "cursor_names.c"
    step(row, ckpt_from_2 % 4 + 1);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to_2 = ckpt_frame_save(0xa005e7401671fc48ull, 1,
            CKPT_SIZE(ckpt_dim_1) + CKPT_ADDRESS_SIZE + CKPT_SIZE(ckpt_to) +
            CKPT_SIZE(ckpt_from) + CKPT_SIZE(ckpt_from_2) + CKPT_SIZE(row));
        CKPT_SAVE(ckpt_to_2, ckpt_dim_1);
        CKPT_SAVE_ADDRESS(ckpt_to_2, row);
        CKPT_SAVE(ckpt_to_2, ckpt_to);
        CKPT_SAVE(ckpt_to_2, ckpt_from);
        CKPT_SAVE(ckpt_to_2, ckpt_from_2);
        CKPT_SAVE(ckpt_to_2, row);
        return (int){0};
    }
#line 20 "cursor_names.c"
    return ckpt_to * ckpt_from + row[0];
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x0a6679d7f5b2363aull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 25 "cursor_names.c"
    int ckpt_to = 3;
    for (int i = 0; i < 10; i++)
        {
        if (0) {
            const unsigned char *ckpt_from_3;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from_3 = ckpt_frame_rest(CKPT_SIZE(ckpt_to) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from_3, ckpt_to);
            CKPT_RESTORE(ckpt_from_3, i);
        }
#line 27 "cursor_names.c"
        int ckpt_result_1 = relay(ckpt_to, i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to_2 = ckpt_frame_save(0x0a6679d7f5b2363aull, 1,
                CKPT_SIZE(ckpt_to) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to_2, ckpt_to);
            CKPT_SAVE(ckpt_to_2, i);
            return (int){0};
        }
        ckpt_to += ckpt_result_1;
        }
#line 28 "cursor_names.c"
    return ckpt_to & 1;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U cursor_names.c\n"
    "R cursor_names.c#relay\n"
    "R cursor_names.c#step\n"
    "R main\n"
    "A work\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
