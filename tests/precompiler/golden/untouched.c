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
