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
/* Inserted by ckpt-instrument: what this unit assumes about functions defined
 * elsewhere. The runtime checks at start-up that no call left uninstrumented
 * here can reach a checkpoint through another unit. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U header_inline_helper.c\n"
    "A log_line\n";
