#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "liveness.c"
/* Liveness: a label saves only the locals that may still be read from there
 * on, plus every local whose address escapes (arrays, &x, &s.m, volatile).
 * A call's statement runs again when the stack is rebuilt, so what it reads
 * is saved, what it only assigns is not. At a potential point, what is live
 * where execution goes on is saved. Expected lists are in the comments. */
struct pair {
    int a, b;
};

void step(int v);
int next(int v);

int dead_temporary(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x43406dbbb5a1627bull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 15 "liveness.c"
    int tmp = n * 3;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(tmp));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, tmp);
    }
#line 16 "liveness.c"
    step(tmp);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x43406dbbb5a1627bull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(tmp));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, tmp);
        return (int){0};
    }
#line 16 "liveness.c"
                               /* n tmp */
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n));
        CKPT_RESTORE(ckpt_from, n);
    }
#line 17 "liveness.c"
    step(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x43406dbbb5a1627bull, 2, CKPT_SIZE(n));
        CKPT_SAVE(ckpt_to, n);
        return (int){0};
    }
#line 17 "liveness.c"
                               /* n: tmp is read no more */
    return n;
}

int accumulate(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x7ff82dbfffbe0273ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 23 "liveness.c"
    int acc = 0;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, acc);
    }
#line 24 "liveness.c"
    int start = next(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x7ff82dbfffbe0273ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(acc));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, acc);
        return (int){0};
    }
#line 24 "liveness.c"
                               /* n acc */
    for (int i = start; i < n; i++) {
        int sq = i * i;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(n) + CKPT_SIZE(acc) + CKPT_SIZE(i) + CKPT_SIZE(sq));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, acc);
            CKPT_RESTORE(ckpt_from, i);
            CKPT_RESTORE(ckpt_from, sq);
        }
#line 27 "liveness.c"
        step(sq);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x7ff82dbfffbe0273ull, 2,
                CKPT_SIZE(n) + CKPT_SIZE(acc) + CKPT_SIZE(i) + CKPT_SIZE(sq));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, acc);
            CKPT_SAVE(ckpt_to, i);
            CKPT_SAVE(ckpt_to, sq);
            return (int){0};
        }
#line 27 "liveness.c"
                               /* n acc i sq: acc and i go around the loop; start is dead */
        acc += sq;
    }
    return acc;
}

int escaping(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x76a5da61ee590f13ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 35 "liveness.c"
    int hidden = n;
    int *p = &hidden;
    struct pair pr = {n, n + 1};
    int *q = &pr.b;
    volatile int flag = 0;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(n) + CKPT_SIZE(hidden) + CKPT_SIZE(p) + CKPT_SIZE(pr) +
            CKPT_SIZE(q) + CKPT_SIZE(flag));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, hidden);
        CKPT_RESTORE(ckpt_from, p);
        CKPT_RESTORE(ckpt_from, pr);
        CKPT_RESTORE(ckpt_from, q);
        CKPT_RESTORE(ckpt_from, flag);
    }
#line 40 "liveness.c"
    step(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x76a5da61ee590f13ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(hidden) + CKPT_SIZE(p) + CKPT_SIZE(pr) +
            CKPT_SIZE(q) + CKPT_SIZE(flag));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, hidden);
        CKPT_SAVE(ckpt_to, p);
        CKPT_SAVE(ckpt_to, pr);
        CKPT_SAVE(ckpt_to, q);
        CKPT_SAVE(ckpt_to, flag);
        return (int){0};
    }
#line 40 "liveness.c"
                               /* n hidden p pr q flag: hidden and pr are read through p and q */
    return *p + *q + n;
}

int arrays(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x1591f2510cc5599full)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 46 "liveness.c"
    int buf[4] = {n, n, n, n};
    int k = buf[1];
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(buf) + CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, buf);
        CKPT_RESTORE(ckpt_from, k);
    }
#line 48 "liveness.c"
    step(k);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x1591f2510cc5599full, 1,
            CKPT_SIZE(buf) + CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, buf);
        CKPT_SAVE(ckpt_to, k);
        return (int){0};
    }
#line 48 "liveness.c"
                               /* buf k: arrays are always saved; n is dead */
    return k;
}

int assignment(int y)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xfc9a5f71fd7df70aull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 54 "liveness.c"
    int x = 0;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(y) + CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, y);
        CKPT_RESTORE(ckpt_from, x);
    }
#line 55 "liveness.c"
    step(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc9a5f71fd7df70aull, 1, CKPT_SIZE(y) + CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, y);
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 55 "liveness.c"
                               /* y x */
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(y));
        CKPT_RESTORE(ckpt_from, y);
    }
#line 56 "liveness.c"
    int ckpt_result_2 = next(y);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc9a5f71fd7df70aull, 2, CKPT_SIZE(y));
        CKPT_SAVE(ckpt_to, y);
        return (int){0};
    }
    x = ckpt_result_2;
    }
#line 56 "liveness.c"
                               /* y: x is assigned, not read */
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 57 "liveness.c"
    step(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc9a5f71fd7df70aull, 3, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
#line 57 "liveness.c"
                               /* x */
    {
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(x));
        CKPT_RESTORE(ckpt_from, x);
    }
#line 58 "liveness.c"
    int ckpt_result_4 = next(x);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xfc9a5f71fd7df70aull, 4, CKPT_SIZE(x));
        CKPT_SAVE(ckpt_to, x);
        return (int){0};
    }
    x += ckpt_result_4;
    }
#line 58 "liveness.c"
                               /* x: read by += */
    return x;
}

int points(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xa460b9c4f3983078ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        case 7: goto ckpt_resume_7;
        }
    }
#line 64 "liveness.c"
    static int calls;          /* a global: never in the lists */
    int total = 0;
    calls++;
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 1,
            CKPT_SIZE(n) + CKPT_SIZE(total));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, total);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, total);
        ckpt_resume_finished();
    }
#line 68 "liveness.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, total);
    }
#line 68 "liveness.c"
    int seed = next(n);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 2,
            CKPT_SIZE(n) + CKPT_SIZE(total));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, total);
        return (int){0};
    }
#line 68 "liveness.c"
                               /* point: n total; call: n total */
    for (int i = seed; i < n; i++) {
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, i);
        }
#line 70 "liveness.c"
        int scratch = next(i);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 3,
                CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, i);
            return (int){0};
        }
#line 70 "liveness.c"
                               /* n total i */
        total += scratch;
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 4,
            CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, total);
        CKPT_SAVE(ckpt_to, i);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, total);
        CKPT_RESTORE(ckpt_from, i);
        ckpt_resume_finished();
    }
#line 73 "liveness.c"
    }                          /* end of the body: n total i (scratch is dead) */
    while (total > n) {
        if (total % 7 == 0) {
/* #pragma ckpt potential */
            if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
                unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 5,
                    CKPT_SIZE(n) + CKPT_SIZE(total));
                CKPT_SAVE(ckpt_to, n);
                CKPT_SAVE(ckpt_to, total);
                return (int){0};
            }
            if (0) {
                const unsigned char *ckpt_from;
            ckpt_resume_5: /* the stack is rebuilt: continue from this point */
                ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total));
                CKPT_RESTORE(ckpt_from, n);
                CKPT_RESTORE(ckpt_from, total);
                ckpt_resume_finished();
            }
#line 77 "liveness.c"
            break;             /* n total: live where the break goes */
        }
        total -= 3;
    }
    if (total > 100) {
        if (n > 1)
            {
            if (0) {
                const unsigned char *ckpt_from;
            ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
                ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total));
                CKPT_RESTORE(ckpt_from, n);
                CKPT_RESTORE(ckpt_from, total);
            }
#line 83 "liveness.c"
            step(n);
            if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
                unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 6,
                    CKPT_SIZE(n) + CKPT_SIZE(total));
                CKPT_SAVE(ckpt_to, n);
                CKPT_SAVE(ckpt_to, total);
                return (int){0};
            }
            }
#line 83 "liveness.c"
                               /* n total */
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xa460b9c4f3983078ull, 7, CKPT_SIZE(total));
        CKPT_SAVE(ckpt_to, total);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_7: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(total));
        CKPT_RESTORE(ckpt_from, total);
        ckpt_resume_finished();
    }
#line 85 "liveness.c"
    }                          /* after the ifs comes the return: total */
    return total;
}
// REACHES: next step
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U liveness.c\n"
    "R accumulate\n"
    "R arrays\n"
    "R assignment\n"
    "R dead_temporary\n"
    "R escaping\n"
    "R points\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
