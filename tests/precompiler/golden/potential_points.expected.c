#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "potential_points.c"
/* Potential points: several in one function (labels in source order), as
 * the first and the last statement of a block, followed by a declaration, in
 * an else branch, with a comment on the directive's line, in main (argv is
 * saved, argc is dead), and in functions returning void, a struct and a pointer
 * (the collapse returns a zero value of the type). */
#include <stdio.h>

struct pair {
    int lo, hi;
};

void phases(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xd2fc25b4e5a34e6aull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        }
    }
#line 14 "potential_points.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xd2fc25b4e5a34e6aull, 1, CKPT_SIZE(n));
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
#line 15 "potential_points.c"
    int total = 0;
    for (int i = 0; i < n; i++) {
        total += i;
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xd2fc25b4e5a34e6aull, 2,
            CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, total);
        CKPT_SAVE(ckpt_to, i);
        return;
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(n) + CKPT_SIZE(total) + CKPT_SIZE(i));
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, total);
        CKPT_RESTORE(ckpt_from, i);
        ckpt_resume_finished();
    }
#line 19 "potential_points.c"
    }
    if (total > 100) {
        total = 100;
    } else {
/* #pragma ckpt potential */
        if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
            unsigned char *ckpt_to = ckpt_frame_save(0xd2fc25b4e5a34e6aull, 3, CKPT_SIZE(total));
            CKPT_SAVE(ckpt_to, total);
            return;
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_3: /* the stack is rebuilt: continue from this point */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(total));
            CKPT_RESTORE(ckpt_from, total);
            ckpt_resume_finished();
        }
#line 24 "potential_points.c"
        total++;
    }
    printf("%d\n", total);
}

struct pair split(int v)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x31f65777c7be7041ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 31 "potential_points.c"
    struct pair p = {v / 2, v - v / 2};
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x31f65777c7be7041ull, 1, CKPT_SIZE(p));
        CKPT_SAVE(ckpt_to, p);
        return (struct pair){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(p));
        CKPT_RESTORE(ckpt_from, p);
        ckpt_resume_finished();
    }
#line 33 "potential_points.c"
    return p;
}

char *pick(char **names, int k)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0xc4f17ff94ad7e3e1ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 38 "potential_points.c"
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0xc4f17ff94ad7e3e1ull, 1,
            CKPT_SIZE(names) + CKPT_SIZE(k));
        CKPT_SAVE(ckpt_to, names);
        CKPT_SAVE(ckpt_to, k);
        return (char *){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(names) + CKPT_SIZE(k));
        CKPT_RESTORE(ckpt_from, names);
        CKPT_RESTORE(ckpt_from, k);
        ckpt_resume_finished();
    }
#line 39 "potential_points.c"
    return names[k];
}

int main(int argc, char **argv)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x00304922bbd1339dull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        case 3: goto ckpt_resume_3;
        case 4: goto ckpt_resume_4;
        }
    }
#line 44 "potential_points.c"
    int rounds = argc;
/* #pragma ckpt potential */
    if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
        unsigned char *ckpt_to = ckpt_frame_save(0x00304922bbd1339dull, 1,
            CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_SAVE(ckpt_to, argv);
        CKPT_SAVE(ckpt_to, rounds);
        return (int){0};
    }
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* the stack is rebuilt: continue from this point */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_RESTORE(ckpt_from, argv);
        CKPT_RESTORE(ckpt_from, rounds);
        ckpt_resume_finished();
    }
#line 46 "potential_points.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_RESTORE(ckpt_from, argv);
        CKPT_RESTORE(ckpt_from, rounds);
    }
#line 46 "potential_points.c"
    phases(rounds);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x00304922bbd1339dull, 2,
            CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_SAVE(ckpt_to, argv);
        CKPT_SAVE(ckpt_to, rounds);
        return (int){0};
    }
#line 47 "potential_points.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_3: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_RESTORE(ckpt_from, argv);
        CKPT_RESTORE(ckpt_from, rounds);
    }
#line 47 "potential_points.c"
    struct pair p = split(rounds);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x00304922bbd1339dull, 3,
            CKPT_SIZE(argv) + CKPT_SIZE(rounds));
        CKPT_SAVE(ckpt_to, argv);
        CKPT_SAVE(ckpt_to, rounds);
        return (int){0};
    }
#line 48 "potential_points.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_4: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(argv) + CKPT_SIZE(p));
        CKPT_RESTORE(ckpt_from, argv);
        CKPT_RESTORE(ckpt_from, p);
    }
#line 48 "potential_points.c"
    char *name = pick(argv, 0);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x00304922bbd1339dull, 4,
            CKPT_SIZE(argv) + CKPT_SIZE(p));
        CKPT_SAVE(ckpt_to, argv);
        CKPT_SAVE(ckpt_to, p);
        return (int){0};
    }
#line 49 "potential_points.c"
    printf("%d %d %s\n", p.lo, p.hi, name);
    return 0;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U potential_points.c\n"
    "R main\n"
    "R phases\n"
    "R pick\n"
    "R split\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
