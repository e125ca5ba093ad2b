#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "openmp_unbraced.c"
/* OpenMP constructs written without braces: a directive whose block is
 * another directive, a loop whose body is a directive, and a block that
 * ends in a compound literal. Each bracket closes after the whole
 * construct, and no call inside one is a site. */
// INSTRUMENT-FLAGS: -fopenmp
// REACHES: elsewhere pick
void elsewhere(int);
int pick(int);
struct pair {
    int a, b;
};

void f(int n)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x358ea225d86f671eull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 15 "openmp_unbraced.c"
    struct pair p;
ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 16 "openmp_unbraced.c"
#pragma omp parallel
#pragma omp for
    for (int i = 0; i < n; i++)
        elsewhere(i);
ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
#line 20 "openmp_unbraced.c"
    for (int i = 0; i < n; i++)
        {
        ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 21 "openmp_unbraced.c"
#pragma omp critical
        elsewhere(i);
        ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
        }
#line 23 "openmp_unbraced.c"
    ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 23 "openmp_unbraced.c"
#pragma omp single
    p = (struct pair){pick(n), 1};
    ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
#line 25 "openmp_unbraced.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(p));
        CKPT_RESTORE(ckpt_from, p);
    }
#line 25 "openmp_unbraced.c"
    elsewhere(p.a);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x358ea225d86f671eull, 1, CKPT_SIZE(p));
        CKPT_SAVE(ckpt_to, p);
        return;
    }
#line 26 "openmp_unbraced.c"
}
// EXPECT-WARNING: 19:9: the call to 'elsewhere' may reach a potential checkpoint
// EXPECT-WARNING: 22:9: the call to 'elsewhere' may reach a potential checkpoint
// EXPECT-WARNING: 24:23: the call to 'pick' may reach a potential checkpoint
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U openmp_unbraced.c\n"
    "R f\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
