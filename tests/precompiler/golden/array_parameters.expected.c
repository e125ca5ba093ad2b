#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "array_parameters.c"
/* Parameters declared as arrays are pointers, and are saved as pointers.
 * The output must compile without warnings: gcc warns by default
 * (-Wsizeof-array-argument) about sizeof on an array parameter, which
 * CKPT_SAVE and CKPT_RESTORE use. 'char *argv[]' is the common case. */
void use(double v);

void scale(double v[], int n, double m[4][4], const char name[static 1])
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x3ebc3a95d05a505dull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 9 "array_parameters.c"
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(
            CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(m) + CKPT_SIZE(name));
        CKPT_RESTORE(ckpt_from, v);
        CKPT_RESTORE(ckpt_from, n);
        CKPT_RESTORE(ckpt_from, m);
        CKPT_RESTORE(ckpt_from, name);
    }
#line 9 "array_parameters.c"
    use(v[0] + m[0][0] + n + name[0]);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x3ebc3a95d05a505dull, 1,
            CKPT_SIZE(v) + CKPT_SIZE(n) + CKPT_SIZE(m) + CKPT_SIZE(name));
        CKPT_SAVE(ckpt_to, v);
        CKPT_SAVE(ckpt_to, n);
        CKPT_SAVE(ckpt_to, m);
        CKPT_SAVE(ckpt_to, name);
        return;
    }
#line 10 "array_parameters.c"
}

int main(int argc, char *argv[])
{
    if (ckpt_restoring) { /* rebuilding the stack: jump back to where this call was */
        switch (ckpt_resume_label(0x70c6e6c8a7d5c8e5ull)) {
        case 1: goto ckpt_resume_1;
        }
    }
#line 14 "array_parameters.c"
    double row[4][4] = {{1}};
    if (0) {
        const unsigned char *ckpt_from;
    ckpt_resume_1: /* rebuilding the stack: restore this frame, then re-enter the call */
        ckpt_from = ckpt_frame_rest(CKPT_SIZE(argc) + CKPT_SIZE(argv) + CKPT_SIZE(row));
        CKPT_RESTORE(ckpt_from, argc);
        CKPT_RESTORE(ckpt_from, argv);
        CKPT_RESTORE(ckpt_from, row);
    }
#line 15 "array_parameters.c"
    scale(row[0], argc, row, argv[0]);
    if (ckpt_collapsing) { /* a checkpoint is being taken: save this frame and return */
        unsigned char *ckpt_to = ckpt_frame_save(0x70c6e6c8a7d5c8e5ull, 1,
            CKPT_SIZE(argc) + CKPT_SIZE(argv) + CKPT_SIZE(row));
        CKPT_SAVE(ckpt_to, argc);
        CKPT_SAVE(ckpt_to, argv);
        CKPT_SAVE(ckpt_to, row);
        return (int){0};
    }
#line 16 "array_parameters.c"
    return 0;
}
// REACHES: use
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U array_parameters.c\n"
    "R main\n"
    "R scale\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
