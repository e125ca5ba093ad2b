#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "noreach.c"
/* '#pragma ckpt noreach(...)' says that functions of other units never reach
 * a checkpoint: calls to them are left alone, at statement level and inside
 * expressions (no assumption recorded). exchange() is not listed and is
 * still instrumented. The directive stays in the output as a comment. */
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
#line 14 "noreach.c"
    log_line("begin");
    int c = checksum(v, n);
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        CKPT_RESTORE(v);
        CKPT_RESTORE(n);
        CKPT_RESTORE(c);
    }
#line 16 "noreach.c"
    exchange(v, n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_save_frame(0x514a45f4a1e5b273ull, 1);
        CKPT_SAVE(v);
        CKPT_SAVE(n);
        CKPT_SAVE(c);
        return (int){0};
    }
#line 17 "noreach.c"
    c += checksum(v, n) * 2;
    flush_all();
    return c;
}
/* Inserted by ckpt-instrument: what this unit assumes about functions defined
 * elsewhere. The runtime checks at start-up that no call left uninstrumented
 * here can reach a checkpoint through another unit. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U noreach.c\n"
    "C noreach_demo exchange\n";
