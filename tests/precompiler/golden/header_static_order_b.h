/* Included by header_static_order.c after header_static_order_a.h: defines
 * with box_t what that header declares with struct box, and pong, which
 * calls ping of that header. The macro that use_box defines and undefines
 * in its body is copied with it. */
#include "header_static_order_a.h"

typedef struct box {
    int v;
} box_t;

static int use_box(box_t *b)
{
#define VALUE(b) ((b)->v)
    work(VALUE(b));
    return VALUE(b);
#undef VALUE
}

static void pong(int n)
{
    if (n > 0)
        ping(n - 1);
}
