#include <aalc/ckpt.h> /* inserted by ckpt-instrument: the checkpointing runtime */
#line 1 "untouched.c"
/* A unit in which nothing can reach a checkpoint: no potential point and
 * only calls to its own functions and the C library. Functions are left
 * exactly as written, including what would be refused in a function that
 * may reach a point (setjmp, a register local, a comparator passed to qsort,
 * calls inside conditions) and a VLA. Only the globals are marked and the unit
 * summary is added. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf on_error;
static int compared;

static int by_value(const void *a, const void *b)
{
    compared++;
    return *(const int *)a - *(const int *)b;
}

static int check(int v)
{
    if (v < 0)
        longjmp(on_error, 1);
    return v;
}

int sorted_sum(int n)
{
    int values[n];
    register int sum = 0;
    for (int i = 0; i < n; i++)
        values[i] = (i * 7) % n;
    qsort(values, n, sizeof values[0], by_value);
    if (setjmp(on_error))
        return -1;
    for (int i = 0; i < n && check(values[i]) >= 0; i++)
        sum += values[i];
    printf("%d comparisons\n", compared);
    return sum;
}
/* Inserted by ckpt-instrument: what this unit knows and assumes about reaching
 * potential checkpoints, for the whole-program check of ckpt-link (which
 * instruments the unit again if an assumption is wrong) and of the runtime. */
static const char ckpt_unit_summary[] __attribute__((section("ckpt_unit_summaries"), used, aligned(1))) =
    "U untouched.c\n"
    "C sorted_sum\tuntouched.c#check\n"
    "P untouched.c#by_value\n";
/* The runtime finds the executable's summaries by their section, not a shared
 * library's: each unit gives its own. Weak: a unit may be linked where there
 * is no runtime (a plain program). */
extern void ckpt_register_unit_summary(const char *, unsigned long) __attribute__((weak));
static void __attribute__((constructor)) ckpt_register_this_unit(void)
{
    if (ckpt_register_unit_summary)
        ckpt_register_unit_summary(ckpt_unit_summary, sizeof ckpt_unit_summary);
}
