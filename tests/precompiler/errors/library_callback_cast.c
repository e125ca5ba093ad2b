/* The same with the comparator cast to the type qsort wants (a common way
 * to pass a typed comparator). */
#include <stdlib.h>

static int cmp_int(const int *a, const int *b)
{
#pragma ckpt potential
    return *a - *b;
}

void sort(int *v, int n)
{
    qsort(v, n, sizeof *v, (int (*)(const void *, const void *))cmp_int);
}
// EXPECT-ERROR: 13:65: 'cmp_int' may reach a potential checkpoint, but it is passed to the library function 'qsort'
