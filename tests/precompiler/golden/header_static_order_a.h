/* Included by header_static_order.c (twice, and by header_static_order_b.h):
 * static functions that reach a potential checkpoint and call functions that
 * this header only declares, in prototypes naming struct box, whose typedef
 * box_t comes later, in header_static_order_b.h. */
#ifndef HEADER_STATIC_ORDER_A_H
#define HEADER_STATIC_ORDER_A_H
struct box;
void work(int i);
static int use_box(struct box *b);
static void pong(int n);

static inline int first(struct box *b) { return use_box(b) + 1; }

static void ping(int n)
{
    work(n);
    if (n > 0)
        pong(n - 1);
}
#endif
