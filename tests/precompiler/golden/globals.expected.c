#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "globals.c"
/* Globals and static locals go to the sections the runtime saves:
 * CKPT_SAVED_DATA when initialised, CKPT_SAVED_BSS when not. const objects
 * (but not non-const pointers to const) and extern declarations are left
 * alone, and so are functions. A declaration of several variables gets one
 * attribute. This happens in every unit, whether it has potential points
 * or not. */
#include <stdio.h>

int plain;
int initialised = 2;
static int file_static;
static double table[4] = {1.0};
int first, second = 1;
extern int defined_elsewhere;
const int read_only = 3;
static const char *message = "hi";
static const char *const fixed_message = "fixed";
char *const fixed_pointer = NULL;
struct point { int x, y; } origin, unit = {1, 1};
typedef struct { int v; } box_t;
box_t box;
int tentative;
int tentative = 5;
extern int declared_then_defined;
int declared_then_defined = 4;
int sizes[] = {1, 2, 3};
int (*hook)(void);
union number { int i; float f; } number;
enum color { RED, GREEN } color = GREEN;

int counter(void)
{
    static int calls;
    static int base = 10;
    static const int step = 1;
    extern int defined_elsewhere;
    calls += step;
    return base + calls + defined_elsewhere;
}

void report(void)
{
    printf("%d %d %d %f %d %s %s %s\n", plain, initialised, file_static, table[0], first + second,
           message, fixed_message, fixed_pointer);
    printf("%d %d %d %d %d %d %p %d %d\n", read_only, origin.x, unit.y, box.v, tentative,
           declared_then_defined + sizes[2], (void *)hook, number.i, color);
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U globals.c\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
