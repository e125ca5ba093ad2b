/* The copy of step must be declared after the first header, and its only
 * declaration there declares another function too: refused. */
#include "header_static_declarators_a.h"
#include "header_static_declarators_b.h"

void work(int i)
{
#pragma ckpt potential
    (void)i;
}

void run(int n)
{
    first(n);
    other(n);
}
// EXPECT-ERROR: header_static_declarators_a.h:4:27: declares other names too
