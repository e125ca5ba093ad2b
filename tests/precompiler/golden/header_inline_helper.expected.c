#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "header_inline_helper.c"
/* A unit that includes a header with a static inline helper calling another
 * unit's function, but does not use it and has no potential point. Nothing
 * here can reach a checkpoint; the unit must be accepted (it was refused:
 * "function 'log_twice' may reach a potential checkpoint but is defined in a
 * header"). */
#include "header_inline_helper.h"

int square(int x)
{
    return x * x;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_inline_helper.c\n"
    "C header_inline_helper.c#log_twice\tlog_line\n"
    "A log_line\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
