#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "external_calls.c"
/* Functions declared here but defined in another unit may reach a
 * checkpoint there. At statement level their calls are instrumented, and the
 * caller is then instrumented too (a 'C' edge in the summary). Inside an
 * expression they cannot be restored, so they are left alone and the unit
 * records an 'A' assumption, checked at start-up. local_wrapper() may reach
 * only through remote_step(): a call to it inside an expression is an
 * assumption about this unit's own function. Library functions (strlen) are
 * never instrumented. */
#include <string.h>

int remote_step(int x);
double remote_norm(const double *v, int n);
void remote_log(const char *msg);

static int local_wrapper(int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa98dfda9664074c3ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 17 "external_calls.c"
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        CKPT_RESTORE(x);
    }
#line 17 "external_calls.c"
    int y = remote_step(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_save_frame(0xa98dfda9664074c3ull, 1);
        CKPT_SAVE(x);
        return (int){0};
    }
#line 18 "external_calls.c"
    return y;
}

int driver(int x, const double *v, const char *tag)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x744f9936e220f647ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 23 "external_calls.c"
    if (0) {
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        CKPT_RESTORE(x);
        CKPT_RESTORE(v);
        CKPT_RESTORE(tag);
    }
#line 23 "external_calls.c"
    remote_log(tag);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_save_frame(0x744f9936e220f647ull, 1);
        CKPT_SAVE(x);
        CKPT_SAVE(v);
        CKPT_SAVE(tag);
        return (int){0};
    }
#line 24 "external_calls.c"
    {
    if (0) {
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        CKPT_RESTORE(x);
        CKPT_RESTORE(v);
        CKPT_RESTORE(tag);
    }
#line 24 "external_calls.c"
    int ckpt_result_2 = local_wrapper(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        ckpt_save_frame(0x744f9936e220f647ull, 2);
        CKPT_SAVE(x);
        CKPT_SAVE(v);
        CKPT_SAVE(tag);
        return (int){0};
    }
    x = ckpt_result_2;
    }
#line 25 "external_calls.c"
    double n = remote_norm(v, x) * 2.0;
    if (remote_step(x) > 0)
        x++;
    int z = local_wrapper(x) + (int)strlen(tag);
    return x + (int)n + z;
}
/* Inserted by ckpt-instrument: what this unit assumes about functions defined
 * elsewhere. The runtime checks at start-up that no call left uninstrumented
 * here can reach a checkpoint through another unit. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U external_calls.c\n"
    "C external_calls.c#local_wrapper remote_step\n"
    "C driver external_calls.c#local_wrapper\n"
    "C driver remote_log\n"
    "A external_calls.c#local_wrapper\n"
    "A remote_norm\n"
    "A remote_step\n";
