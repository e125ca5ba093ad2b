#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "function_pointer_result.c"
/* Held results whose type is written with a declarator around the name: a
 * pointer to a function and a pointer to an array, without typedefs. */
int (*lookup(int k))(int);
int (*row_of(int k))[4];

int (*forward(int k))(int)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x4db8cdb23b0718aaull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 8 "function_pointer_result.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 8 "function_pointer_result.c"
    int (*ckpt_result_1)(int) = lookup(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x4db8cdb23b0718aaull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (int (*)(int)){0};
    }
    return ckpt_result_1;
    }
#line 9 "function_pointer_result.c"
}

int apply(int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x41ae4e3b0e80dc64ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 13 "function_pointer_result.c"
    int (*fp)(int);
    int (*row)[4];
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, k);
    }
#line 15 "function_pointer_result.c"
    int (*ckpt_result_1)(int) = lookup(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x41ae4e3b0e80dc64ull, 1, CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, k);
        return (int){0};
    }
    fp = ckpt_result_1;
    }
#line 16 "function_pointer_result.c"
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(k) + CKPT_SIZE(fp));
        CKPT_RESTORE(ckpt_from, k);
        CKPT_RESTORE(ckpt_from, fp);
    }
#line 16 "function_pointer_result.c"
    int (*ckpt_result_2)[4] = row_of(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x41ae4e3b0e80dc64ull, 2,
            CKPT_SIZE(k) + CKPT_SIZE(fp));
        CKPT_SAVE(ckpt_to, k);
        CKPT_SAVE(ckpt_to, fp);
        return (int){0};
    }
    row = ckpt_result_2;
    }
#line 17 "function_pointer_result.c"
    return fp(k) + (*row)[0];
}
// REACHES: lookup row_of
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U function_pointer_result.c\n"
    "R apply\n"
    "R forward\n"
    "A *\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
