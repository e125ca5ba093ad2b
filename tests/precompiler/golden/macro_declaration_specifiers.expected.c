#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "macro_declaration_specifiers.c"
/* Globals whose declaration only starts with a macro (a storage class or an
 * attribute spelled by a macro, as legacy code often does) are ordinary
 * declarations written in this file: the section attribute goes in front of
 * the macro. Only a declaration whose variable itself comes from a macro
 * cannot be marked (see errors/global_from_macro.c). */
#define PRIVATE static
#define ALIGNED __attribute__((aligned(64)))
#define SIZE 8

PRIVATE int counter;
ALIGNED double buffer[SIZE];
PRIVATE const int limit = SIZE;

int bump(void)
{
    return ++counter + (int)buffer[0] + limit;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U macro_declaration_specifiers.c\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
