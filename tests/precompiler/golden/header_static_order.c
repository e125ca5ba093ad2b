/* Static functions of headers declared in one header and defined in a later
 * one, with other types in the definition's prototype: each copy is declared
 * as the first header declares it, after that header's #include, where the
 * types of that prototype are known, and the file's code between the two
 * headers calls the copy. The first header is included twice (its guard keeps
 * the second one empty; the first one names it by a macro) and the two
 * headers' functions call each other. */
#define HEADER_A "header_static_order_a.h"
#include HEADER_A

static void pong(int n); /* a declaration in the file names the copy too */

static int early(struct box *b) { return use_box(b) * 2; }

#include "header_static_order_a.h"
#include "header_static_order_b.h" /* defines what the first one declares,
                                      and the copies go after this comment */

void work(int i)
{
#pragma ckpt potential
    (void)i;
}

int run(int n)
{
    box_t b = {n};
    ping(n);
    pong(n);
    return first(&b) + early(&b);
}
// NORMALIZED-LINES: 30
