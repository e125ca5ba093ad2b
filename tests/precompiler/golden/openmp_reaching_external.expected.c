#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "openmp_reaching_external.c"
/* A function of another unit that ckpt-link found to reach a potential
 * checkpoint, called in an OpenMP parallel region: the region is bracketed
 * by ckpt_openmp_construct, and the call is not a site. */
// INSTRUMENT-FLAGS: -fopenmp
// REACHES: step_cells
void step_cells(double *cells, int n);

void run(double *cells, int n, int steps)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x8717e946aff60b05ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 10 "openmp_reaching_external.c"
    for (int s = 0; s < steps; s++) {
        ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 11 "openmp_reaching_external.c"
#pragma omp parallel
        step_cells(cells, n);
        ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
#line 13 "openmp_reaching_external.c"
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(
                CKPT_SIZE(cells) + CKPT_SIZE(n) + CKPT_SIZE(steps) + CKPT_SIZE(s));
            CKPT_RESTORE(ckpt_from, cells);
            CKPT_RESTORE(ckpt_from, n);
            CKPT_RESTORE(ckpt_from, steps);
            CKPT_RESTORE(ckpt_from, s);
        }
#line 13 "openmp_reaching_external.c"
        step_cells(cells, n);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x8717e946aff60b05ull, 1,
                CKPT_SIZE(cells) + CKPT_SIZE(n) + CKPT_SIZE(steps) + CKPT_SIZE(s));
            CKPT_SAVE(ckpt_to, cells);
            CKPT_SAVE(ckpt_to, n);
            CKPT_SAVE(ckpt_to, steps);
            CKPT_SAVE(ckpt_to, s);
            return;
        }
#line 14 "openmp_reaching_external.c"
    }
}
// EXPECT-WARNING: 12:9: the call to 'step_cells' may reach a potential checkpoint
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U openmp_reaching_external.c\n"
    "R run\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
