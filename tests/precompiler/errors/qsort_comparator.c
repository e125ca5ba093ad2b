/* A comparator that reaches a potential point, passed to qsort: the
 * library's frames between sort() and cmp() cannot be saved. */
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
#pragma ckpt potential
    return *(const int *)a - *(const int *)b;
}

void sort(int *v, int n)
{
    qsort(v, n, sizeof *v, cmp);
}
// EXPECT-ERROR: 13:28: 'cmp' may reach a potential checkpoint, but it is passed to the library function 'qsort'
