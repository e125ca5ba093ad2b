#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "scopes.c"
/* Scopes: a site saves the locals visible there (all live here: each is read
 * at the end of its scope), parameters first, then outer to inner blocks, in
 * declaration order. Locals of blocks that have ended and locals declared
 * after the site are not saved; static and extern locals are not frame locals
 * (the static one is saved with the globals). Expected lists are in comments. */
void use(int v);
extern int shared;

void scopes(int p, int q)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x38ded98b10201dc6ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        case 5: goto ckpt_resume_5;
        case 6: goto ckpt_resume_6;
        }
    }
#line 11 "scopes.c"
    int a = p;
    static int calls;
    {
        int gone = a + 1;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(gone));
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, gone);
        }
#line 15 "scopes.c"
        use(gone);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 1,
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(gone));
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, gone);
            return;
        }
#line 15 "scopes.c"
                                   /* p q a gone */
    }
    int b = q, c = 0;
    calls++;
    if (a > b) {
        int inner = a - b;
        for (int i = 0; i < inner; i++) {
            int deep = i * 2;
            if (0) {
                const unsigned char *ckpt_from;
            ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
                ckpt_from = ckpt_frame_rest(
                    CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                    CKPT_SIZE(inner) + CKPT_SIZE(i) + CKPT_SIZE(deep));
                CKPT_RESTORE(ckpt_from, p);
                CKPT_RESTORE(ckpt_from, q);
                CKPT_RESTORE(ckpt_from, a);
                CKPT_RESTORE(ckpt_from, b);
                CKPT_RESTORE(ckpt_from, c);
                CKPT_RESTORE(ckpt_from, inner);
                CKPT_RESTORE(ckpt_from, i);
                CKPT_RESTORE(ckpt_from, deep);
            }
#line 23 "scopes.c"
            use(deep);
            if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
                unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 2,
                    CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                    CKPT_SIZE(inner) + CKPT_SIZE(i) + CKPT_SIZE(deep));
                CKPT_SAVE(ckpt_to, p);
                CKPT_SAVE(ckpt_to, q);
                CKPT_SAVE(ckpt_to, a);
                CKPT_SAVE(ckpt_to, b);
                CKPT_SAVE(ckpt_to, c);
                CKPT_SAVE(ckpt_to, inner);
                CKPT_SAVE(ckpt_to, i);
                CKPT_SAVE(ckpt_to, deep);
                return;
            }
#line 23 "scopes.c"
                                   /* p q a b c inner i deep */
        }
        int after_loop = inner;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(inner) + CKPT_SIZE(after_loop));
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, b);
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, inner);
            CKPT_RESTORE(ckpt_from, after_loop);
        }
#line 26 "scopes.c"
        use(after_loop + inner);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 3,
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(inner) + CKPT_SIZE(after_loop));
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, b);
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, inner);
            CKPT_SAVE(ckpt_to, after_loop);
            return;
        }
#line 26 "scopes.c"
                                   /* p q a b c inner after_loop */
    } else {
        extern int shared;
        int other = shared;
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 4,
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(other));
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, b);
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, other);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_4: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(other));
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, b);
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, other);
            ckpt_resume_finished();
        }
#line 31 "scopes.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_5: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(other));
            CKPT_RESTORE(ckpt_from, p);
            CKPT_RESTORE(ckpt_from, q);
            CKPT_RESTORE(ckpt_from, a);
            CKPT_RESTORE(ckpt_from, b);
            CKPT_RESTORE(ckpt_from, c);
            CKPT_RESTORE(ckpt_from, other);
        }
#line 31 "scopes.c"
        use(other);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 5,
                CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
                CKPT_SIZE(other));
            CKPT_SAVE(ckpt_to, p);
            CKPT_SAVE(ckpt_to, q);
            CKPT_SAVE(ckpt_to, a);
            CKPT_SAVE(ckpt_to, b);
            CKPT_SAVE(ckpt_to, c);
            CKPT_SAVE(ckpt_to, other);
            return;
        }
#line 31 "scopes.c"
                                   /* point and call: p q a b c other */
    }
    int later = c;
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_6: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
            CKPT_SIZE(later));
        CKPT_RESTORE(ckpt_from, p);
        CKPT_RESTORE(ckpt_from, q);
        CKPT_RESTORE(ckpt_from, a);
        CKPT_RESTORE(ckpt_from, b);
        CKPT_RESTORE(ckpt_from, c);
        CKPT_RESTORE(ckpt_from, later);
    }
#line 34 "scopes.c"
    use(later + p + q + a + b + c);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x38ded98b10201dc6ull, 6,
            CKPT_SIZE(p) + CKPT_SIZE(q) + CKPT_SIZE(a) + CKPT_SIZE(b) + CKPT_SIZE(c) +
            CKPT_SIZE(later));
        CKPT_SAVE(ckpt_to, p);
        CKPT_SAVE(ckpt_to, q);
        CKPT_SAVE(ckpt_to, a);
        CKPT_SAVE(ckpt_to, b);
        CKPT_SAVE(ckpt_to, c);
        CKPT_SAVE(ckpt_to, later);
        return;
    }
#line 34 "scopes.c"
                                    /* p q a b c later */
}

int switch_scope(int op)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x951055736b36040bull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 39 "scopes.c"
    switch (op) {
        int t;
    case 1:
        t = op + 1;
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(op) + CKPT_SIZE(t));
            CKPT_RESTORE(ckpt_from, op);
            CKPT_RESTORE(ckpt_from, t);
        }
#line 43 "scopes.c"
        use(t);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x951055736b36040bull, 1,
                CKPT_SIZE(op) + CKPT_SIZE(t));
            CKPT_SAVE(ckpt_to, op);
            CKPT_SAVE(ckpt_to, t);
            return (int){0};
        }
#line 43 "scopes.c"
                                   /* op t */
        return t + op;
    default:
        break;
    }
    return 0;
}
// REACHES: use
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U scopes.c\n"
    "R scopes\n"
    "R switch_scope\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
