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
            unsigned char *ckpt_to = ckpt_frame_save(0x545e1375fd3cc6f8ull, 1, CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            ckpt_resume_finished();
        }
#line 11 "loops.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 11 "loops.c"
        work(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x545e1375fd3cc6f8ull, 2, CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            return;
        }
#line 12 "loops.c"
    }
    for (int i = 0, j = n; i < j; i++, j--)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(j));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, j);
        }
#line 14 "loops.c"
        work(i + j);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x545e1375fd3cc6f8ull, 3,
                CKPT_SIZE(n) + CKPT_SIZE(i) + CKPT_SIZE(j));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, j);
            return;
        }
        }
#line 15 "loops.c"
    for (int row = 0; row < n; row++) {
        int base = row * n;
        for (int col = 0; col < n; col++) {
            if (0) {
                const unsigned char *ckpt_from;
            ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
                ckpt_from = ckpt_frame_rest(
                    CKPT_SIZE(n) + CKPT_SIZE(row) + CKPT_SIZE(base) + CKPT_SIZE(col));
                CKPT_RESTORE(ckpt_from, n);
                CKPT_RESTORE(ckpt_from, row);
                CKPT_RESTORE(ckpt_from, base);
                CKPT_RESTORE(ckpt_from, col);
            }
#line 18 "loops.c"
            work(base + col);
            if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
                unsigned char *ckpt_to = ckpt_frame_save(0x545e1375fd3cc6f8ull, 4,
                    CKPT_SIZE(n) + CKPT_SIZE(row) + CKPT_SIZE(base) + CKPT_SIZE(col));
                CKPT_SAVE(ckpt_to, n);
                CKPT_SAVE(ckpt_to, row);
                CKPT_SAVE(ckpt_to, base);
                CKPT_SAVE(ckpt_to, col);
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
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 27 "loops.c"
        work(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x8e804fdba6342e75ull, 1, CKPT_SIZE(n) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, i);
            return;
        }
#line 28 "loops.c"
        i++;
    }
    while (n-- > 0)
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
            CKPT_RESTORE(ckpt_from, n);
        }
#line 31 "loops.c"
        work(n);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x8e804fdba6342e75ull, 2, CKPT_SIZE(n));
            CKPT_SAVE(ckpt_to, n);
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
            unsigned char *ckpt_to = ckpt_frame_save(0xab344de04878a3a2ull, 1,
                CKPT_SIZE(n) + CKPT_SIZE(half));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, half);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(half));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, half);
            ckpt_resume_finished();
        }
#line 40 "loops.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(half));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, half);
        }
#line 40 "loops.c"
        work(half);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xab344de04878a3a2ull, 2,
                CKPT_SIZE(n) + CKPT_SIZE(half));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, half);
            return;
        }
#line 41 "loops.c"
        k = half;
    } while (k > 0);
    do
        {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(k));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, k);
        }
#line 44 "loops.c"
        work(k);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xab344de04878a3a2ull, 3, CKPT_SIZE(n) + CKPT_SIZE(k));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, k);
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
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, r);
        }
#line 53 "loops.c"
        work(x);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x1f855017e08ae2f9ull, 1, CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, r);
            return (int){0};
        }
        }
#line 54 "loops.c"
        break;
    case 1: {
        int y = x * 2;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(y));
            CKPT_RESTORE(ckpt_from, y);
        }
#line 57 "loops.c"
        work(y);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x1f855017e08ae2f9ull, 2, CKPT_SIZE(y));
            CKPT_SAVE(ckpt_to, y);
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
            unsigned char *ckpt_to = ckpt_frame_save(0x1f855017e08ae2f9ull, 3, CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, r);
            return (int){0};
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, r);
            ckpt_resume_finished();
        }
#line 64 "loops.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_RESTORE(ckpt_from, x);
            CKPT_RESTORE(ckpt_from, r);
        }
#line 64 "loops.c"
        work(r);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x1f855017e08ae2f9ull, 4, CKPT_SIZE(x) + CKPT_SIZE(r));
            CKPT_SAVE(ckpt_to, x);
            CKPT_SAVE(ckpt_to, r);
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
