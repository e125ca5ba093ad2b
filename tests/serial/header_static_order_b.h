/* Included by header_static_order.c after header_static_order_a.h: defines
 * with acc_t what that header declares with struct acc, and down(), which
 * calls up() of that header. */
#include "header_static_order_a.h"

typedef struct acc {
    long sum;
    long count;
} acc_t;

static long fold(acc_t *a, long v)
{
    a->sum = (a->sum * 31 + mix(v)) % 1000000007;
    a->count++;
    return a->sum;
}

static long down(long n, long v)
{
    v ^= mix(v + n);
    return n > 0 ? up(n - 1, v) : v;
}
