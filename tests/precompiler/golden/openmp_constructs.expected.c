#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "openmp_constructs.c"
/* OpenMP constructs (parsed with -fopenmp): no label and no restore code
 * inside a structured block, since no jump may enter one. A construct whose
 * block calls code that may reach a potential checkpoint is bracketed by
 * ckpt_openmp_construct(+1)/(-1), so that none is taken until it ends (with
 * braces where the construct is the body of an if); one that calls nothing
 * of the kind is left as it is. */
// INSTRUMENT-FLAGS: -fopenmp
int omp_get_thread_num(void);
void elsewhere(int); /* of another unit: assumed not to reach */

static long sum;

static void add(long x)
{
if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
    switch (ckpt_resume_label(0x90223b80b2bcf200ull)) {
    case 1: goto ckpt_resume_1;
    }
}
#line 15 "openmp_constructs.c"
#pragma omp atomic
    sum += x;
/* #pragma ckpt potential */
if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
    ckpt_frame_save(0x90223b80b2bcf200ull, 1, 0);
    /* no live locals */
    return;
}
if (0) {
ckpt_resume_1: /* the stack is rebuilt: continue from this point */
    (void)ckpt_frame_rest(0); /* no live locals */
    ckpt_resume_finished();
}
#line 18 "openmp_constructs.c"
}

/* Its only reaching call is inside the construct: it never reaches. */
static void orphaned(int n)
{
    ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 23 "openmp_constructs.c"
#pragma omp for
    for (int i = 0; i < n; i++) {
        long v = i * 3;
        add(v);
    }
    ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
#line 28 "openmp_constructs.c"
}

int main(void)
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x4e878a011fe4b2d0ull)) {
        case 1: goto ckpt_resume_1;
        case 2: goto ckpt_resume_2;
        }
    }
#line 32 "openmp_constructs.c"
    long total = 0;
    for (int step = 0; step < 20; step++) {
/* #pragma ckpt potential */
if (ckpt_point_due() && ckpt_begin_collapse()) { /* take a checkpoint here */
    unsigned char *ckpt_to = ckpt_frame_save(0x4e878a011fe4b2d0ull, 1,
        CKPT_SIZE(total) + CKPT_SIZE(step));
    CKPT_SAVE(ckpt_to, total);
    CKPT_SAVE(ckpt_to, step);
    return (int){0};
}
if (0) {
    const unsigned char *ckpt_from;
ckpt_resume_1: /* the stack is rebuilt: continue from this point */
    ckpt_from = ckpt_frame_rest(CKPT_SIZE(total) + CKPT_SIZE(step));
    CKPT_RESTORE(ckpt_from, total);
    CKPT_RESTORE(ckpt_from, step);
    ckpt_resume_finished();
}
#line 35 "openmp_constructs.c"
#pragma omp parallel for reduction(+ : total)
        for (int i = 0; i < 50; i++)
            total += i * step;
        if (step % 2)
            {
            ckpt_openmp_construct(+1); /* no checkpoint until the OpenMP construct below ends: no jump may enter it */
#line 39 "openmp_constructs.c"
#pragma omp parallel for
            for (int i = 0; i < 50; i++)
                add(i);
            ckpt_openmp_construct(-1); /* the OpenMP construct has ended */
            }
#line 42 "openmp_constructs.c"
        orphaned(10);
#pragma omp parallel
        {
#pragma omp single
            elsewhere(omp_get_thread_num());
        }
        if (0) {
            const unsigned char *ckpt_from;
        ckpt_resume_2: /* rebuilding the stack: restore this frame, then re-enter the call */
            ckpt_from = ckpt_frame_rest(CKPT_SIZE(total) + CKPT_SIZE(step));
            CKPT_RESTORE(ckpt_from, total);
            CKPT_RESTORE(ckpt_from, step);
        }
#line 48 "openmp_constructs.c"
        add(step);
        if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
            unsigned char *ckpt_to = ckpt_frame_save(0x4e878a011fe4b2d0ull, 2,
                CKPT_SIZE(total) + CKPT_SIZE(step));
            CKPT_SAVE(ckpt_to, total);
            CKPT_SAVE(ckpt_to, step);
            return (int){0};
        }
#line 49 "openmp_constructs.c"
    }
    return (int)(total + sum);
}
// EXPECT-WARNING: 26:9: the call to 'add' may reach a potential checkpoint, and it is inside an OpenMP 'for' construct
// EXPECT-WARNING: 41:17: the call to 'add' may reach a potential checkpoint, and it is inside an OpenMP 'parallel for' construct
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U openmp_constructs.c\n"
    "R openmp_constructs.c#add\n"
    "R main\n"
    "A elsewhere\n"
    "A omp_get_thread_num\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
