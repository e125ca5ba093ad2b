#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "generated_line_directives.c"
/* A generated source (bison, flex, ...) carries #line directives of its own
 * that point at the grammar. The #line directives that follow inserted code
 * must go back to those positions, not to this file's physical lines:
 * compiler errors and debuggers must keep pointing at model.y. */
void emit(int v);
#ifndef LINE_CHECK
enum { not_declared_in_action, not_declared_next_line };
#endif

int parse(int token)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x92efb369a55ee479ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 12 "generated_line_directives.c"
    int value = token;
#line 40 "model.y"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(value));
        CKPT_RESTORE(ckpt_from, value);
    }
#line 40 "model.y"
    emit(value + not_declared_in_action);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x92efb369a55ee479ull, 1, CKPT_SIZE(value));
        CKPT_SAVE(ckpt_to, value);
        return (int){0};
    }
#line 41 "model.y"
    value += not_declared_next_line;
    return value;
}
// REACHES: emit
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U generated_line_directives.c\n"
    "R parse\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
