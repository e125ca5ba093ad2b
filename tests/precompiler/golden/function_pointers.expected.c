#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "function_pointers.c"
/* Calls through function pointers may reach a checkpoint (the callee is not
 * known), so at statement level they are instrumented like direct calls: a
 * local pointer, an explicit dereference, a table at file scope, a pointer
 * parameter, a struct member. on_idle() is only ever called through a
 * pointer and reaches no point: left alone. A function whose only site is an
 * indirect call (through_param) is instrumented, with no summary edge. */
typedef void (*handler_t)(int);

static void on_tick(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x87004bb68229beb7ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 11 "function_pointers.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x87004bb68229beb7ull, 1, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
        ckpt_resume_finished();
    }
#line 12 "function_pointers.c"
    (void)n;
}

static void on_idle(int n)
{
    (void)n;
}

static handler_t handlers[2] = {on_tick, on_idle};
static const handler_t fixed_handlers[1] = {on_idle};

struct device {
    int id;
    handler_t callback;
};

void dispatch(int which, int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x53717d6da2bd0782ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 30 "function_pointers.c"
    handler_t h = handlers[which];
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(which) + CKPT_SIZE(n) + CKPT_SIZE(h));
        CKPT_RESTORE(ckpt_from, which);
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, h);
    }
#line 31 "function_pointers.c"
    h(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x53717d6da2bd0782ull, 1,
            CKPT_SIZE(which) + CKPT_SIZE(n) + CKPT_SIZE(h));
        CKPT_SAVE(ckpt_to, which);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, h);
        return;
    }
#line 32 "function_pointers.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(which) + CKPT_SIZE(n) + CKPT_SIZE(h));
        CKPT_RESTORE(ckpt_from, which);
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, h);
    }
#line 32 "function_pointers.c"
    (*h)(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x53717d6da2bd0782ull, 2,
            CKPT_SIZE(which) + CKPT_SIZE(n) + CKPT_SIZE(h));
        CKPT_SAVE(ckpt_to, which);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, h);
        return;
    }
#line 33 "function_pointers.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(which) + CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, which);
        CKPT_RESTORE(ckpt_from, n);
    }
#line 33 "function_pointers.c"
    handlers[which](n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x53717d6da2bd0782ull, 3,
            CKPT_SIZE(which) + CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, which);
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 34 "function_pointers.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 34 "function_pointers.c"
    fixed_handlers[0](n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x53717d6da2bd0782ull, 4, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 35 "function_pointers.c"
}

void through_param(void (*fp)(int), int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa55aaf47d0c6abfbull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 39 "function_pointers.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(fp) + CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, fp);
        CKPT_RESTORE(ckpt_from, n);
    }
#line 39 "function_pointers.c"
    fp(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa55aaf47d0c6abfbull, 1,
            CKPT_SIZE(fp) + CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, fp);
        CKPT_SAVE(ckpt_to, n);
        return;
    }
#line 40 "function_pointers.c"
}

int through_struct(struct device *dev)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x97f6c9dfb58e24b4ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 44 "function_pointers.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(dev));
        CKPT_RESTORE(ckpt_from, dev);
    }
#line 44 "function_pointers.c"
    dev->callback(dev->id);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x97f6c9dfb58e24b4ull, 1, CKPT_SIZE(dev));
        CKPT_SAVE(ckpt_to, dev);
        return (int){0};
    }
#line 45 "function_pointers.c"
    return dev->id;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U function_pointers.c\n"
    "R function_pointers.c#on_tick\n"
    "R dispatch\n"
    "R through_param\n"
    "R through_struct\n"
    "P function_pointers.c#on_idle\n"
    "P function_pointers.c#on_tick\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
