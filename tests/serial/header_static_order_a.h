/* Included by header_static_order.c (twice) and by header_static_order_b.h:
 * static functions that reach a potential checkpoint through mix() and call
 * functions this header only declares, with struct acc, whose typedef acc_t
 * comes in header_static_order_b.h, included later. */
#ifndef HEADER_STATIC_ORDER_A_H
#define HEADER_STATIC_ORDER_A_H
struct acc;
long mix(long x);
static long fold(struct acc *a, long v);
static long down(long n, long v);

static inline long feed(struct acc *a, long v) { return fold(a, mix(v)) + 1; }

static long up(long n, long v)
{
    v = mix(v) + n;
    return n > 0 ? down(n - 1, v) : v;
}
#endif
