#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "loops.c"
/* Loops and switch: calls that may reach a checkpoint and potential points
 * inside for, while and do bodies, braced and unbraced, nested, and in switch
 * cases. The restore label sits inside the loop body; once the call returns
 * the loop goes on with its condition as usual. */
void work(int i);

void for_loops(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x545e1375fd3cc6f8ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 9 "loops.c"
    for (int i = 0; i < n; i++) {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_save_frame(0x545e1375fd3cc6f8ull, 1);
            CKPT_SAVE(n);
            CKPT_SAVE(i);
            return;
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            CKPT_RESTORE(n);
            CKPT_RESTORE(i);
            ckpt_resume_finished();
        }
#line 11 "loops.c"
        if (0) {
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
            CKPT_RESTORE(i);
        }
#line 11 "loops.c"
        work(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x545e1375fd3cc6f8ull, 2);
            CKPT_SAVE(n);
            CKPT_SAVE(i);
            return;
        }
#line 12 "loops.c"
    }
    for (int i = 0, j = n; i < j; i++, j--)
        {
        if (0) {
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
            CKPT_RESTORE(i);
            CKPT_RESTORE(j);
        }
#line 14 "loops.c"
        work(i + j);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x545e1375fd3cc6f8ull, 3);
            CKPT_SAVE(n);
            CKPT_SAVE(i);
            CKPT_SAVE(j);
            return;
        }
        }
#line 15 "loops.c"
    for (int row = 0; row < n; row++) {
        int base = row * n;
        for (int col = 0; col < n; col++) {
            if (0) {
            ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
                CKPT_RESTORE(n);
                CKPT_RESTORE(row);
                CKPT_RESTORE(base);
                CKPT_RESTORE(col);
            }
#line 18 "loops.c"
            work(base + col);
            if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
                ckpt_save_frame(0x545e1375fd3cc6f8ull, 4);
                CKPT_SAVE(n);
                CKPT_SAVE(row);
                CKPT_SAVE(base);
                CKPT_SAVE(col);
                return;
            }
#line 19 "loops.c"
        }
    }
}

void while_loops(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x8e804fdba6342e75ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 25 "loops.c"
    int i = 0;
    while (i < n) {
        if (0) {
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
            CKPT_RESTORE(i);
        }
#line 27 "loops.c"
        work(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x8e804fdba6342e75ull, 1);
            CKPT_SAVE(n);
            CKPT_SAVE(i);
            return;
        }
#line 28 "loops.c"
        i++;
    }
    while (n-- > 0)
        {
        if (0) {
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
        }
#line 31 "loops.c"
        work(n);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x8e804fdba6342e75ull, 2);
            CKPT_SAVE(n);
            return;
        }
        }
#line 32 "loops.c"
}

void do_loops(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xab344de04878a3a2ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        }
    }
#line 36 "loops.c"
    int k = n;
    do {
        int half = k / 2;
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_save_frame(0xab344de04878a3a2ull, 1);
            CKPT_SAVE(n);
            CKPT_SAVE(half);
            return;
        }
        if (0) {
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            CKPT_RESTORE(n);
            CKPT_RESTORE(half);
            ckpt_resume_finished();
        }
#line 40 "loops.c"
        if (0) {
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
            CKPT_RESTORE(half);
        }
#line 40 "loops.c"
        work(half);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0xab344de04878a3a2ull, 2);
            CKPT_SAVE(n);
            CKPT_SAVE(half);
            return;
        }
#line 41 "loops.c"
        k = half;
    } while (k > 0);
    do
        {
        if (0) {
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(n);
            CKPT_RESTORE(k);
        }
#line 44 "loops.c"
        work(k);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0xab344de04878a3a2ull, 3);
            CKPT_SAVE(n);
            CKPT_SAVE(k);
            return;
        }
        }
#line 45 "loops.c"
    while (++k < n);
}

int switches(int op, int x)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x1f855017e08ae2f9ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 50 "loops.c"
    int r = 0;
    switch (op) {
    case 0:
        {
        if (0) {
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(x);
            CKPT_RESTORE(r);
        }
#line 53 "loops.c"
        work(x);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x1f855017e08ae2f9ull, 1);
            CKPT_SAVE(x);
            CKPT_SAVE(r);
            return (int){0};
        }
        }
#line 54 "loops.c"
        break;
    case 1: {
        int y = x * 2;
        if (0) {
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(y);
        }
#line 57 "loops.c"
        work(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x1f855017e08ae2f9ull, 2);
            CKPT_SAVE(y);
            return (int){0};
        }
#line 58 "loops.c"
        r = y;
        break;
    }
    case 2:
        r = x;
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            ckpt_save_frame(0x1f855017e08ae2f9ull, 3);
            CKPT_SAVE(x);
            CKPT_SAVE(r);
            return (int){0};
        }
        if (0) {
        ckpt_resume_3: /* the stack is rebuilt: continue from this point */
            CKPT_RESTORE(x);
            CKPT_RESTORE(r);
            ckpt_resume_finished();
        }
#line 64 "loops.c"
        if (0) {
        ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
            CKPT_RESTORE(x);
            CKPT_RESTORE(r);
        }
#line 64 "loops.c"
        work(r);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            ckpt_save_frame(0x1f855017e08ae2f9ull, 4);
            CKPT_SAVE(x);
            CKPT_SAVE(r);
            return (int){0};
        }
#line 65 "loops.c"
        /* fall through */
    default:
        r += x;
        break;
    }
    return r;
}
// REACHES: work
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U loops.c\n"
    "R do_loops\n"
    "R for_loops\n"
    "R switches\n"
    "R while_loops\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
