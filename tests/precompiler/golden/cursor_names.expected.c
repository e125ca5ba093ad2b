#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "cursor_names.c"
/* Locals named like the cursors that save and restore blocks copy the
 * frame's values through (ckpt_to, ckpt_from). The cursors take names the
 * file does not use (ckpt_to_2, ckpt_from_3: ckpt_from_2 is taken too), so
 * every local is saved and restored under its own name. */
void work(int *v);

int relay(int ckpt_to, int ckpt_from)
{
    int ckpt_from_2 = ckpt_to + ckpt_from;
    work(&ckpt_from_2);
    return ckpt_to * ckpt_from + ckpt_from_2;
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x0a6679d7f5b2363aull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 16 "cursor_names.c"
    int ckpt_to = 3;
    for (int i = 0; i < 10; i++) {
        ckpt_to += relay(ckpt_to, i);
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to_2 = ckpt_frame_save(0x0a6679d7f5b2363aull, 1,
            CKPT_SIZE(ckpt_to) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to_2, ckpt_to);
        CKPT_SAVE(ckpt_to_2, i);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from_3;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from_3 = ckpt_frame_rest(CKPT_SIZE(ckpt_to) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from_3, ckpt_to);
        CKPT_RESTORE(ckpt_from_3, i);
        ckpt_resume_finished();
    }
#line 20 "cursor_names.c"
    }
    return ckpt_to & 1;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U cursor_names.c\n"
    "R main\n"
    "C relay\twork\n"
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
