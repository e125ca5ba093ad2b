#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "noreach.c"
/* '#pragma ckpt noreach(...)' says that functions of other units never reach
 * a checkpoint: calls to them are left alone, at statement level and inside
 * expressions, even when the link step finds that they reach one (the
 * assumption is recorded; ckpt-link then instruments this unit again, and
 * that refuses the wrong directive). exchange() is not listed and, found to
 * reach, is instrumented. The directive stays in the output as a comment. */
// #pragma ckpt noreach(log_line, checksum)
// #pragma ckpt noreach(flush_all)
void log_line(const char *s);
int checksum(const int *v, int n);
void flush_all(void);
void exchange(int *v, int n);

int noreach_demo(int *v, int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x514a45f4a1e5b273ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 16 "noreach.c"
    log_line("begin");
    int c = checksum(v, n);
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(c));
        CKPT_RESTORE(ckpt_from, v);
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, c);
    }
#line 18 "noreach.c"
    exchange(v, n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x514a45f4a1e5b273ull, 1,
            CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(c));
        CKPT_SAVE(ckpt_to, v);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, c);
        return (int){0};
    }
#line 19 "noreach.c"
    c += checksum(v, n) * 2;
    flush_all();
    return c;
}
// REACHES: exchange
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U noreach.c\n"
    "R noreach_demo\n"
    "A checksum\n"
    "A flush_all\n"
    "A log_line\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
