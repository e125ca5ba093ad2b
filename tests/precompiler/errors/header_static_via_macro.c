/* The file calls a header's static function only through a macro of the
 * header, which ckpt-instrument cannot make name the copy: refused. */
#include "header_static_via_macro.h"

void work(int i)
{
#pragma ckpt potential
    (void)i;
}

void run(int n) { STEP(n); }
// EXPECT-ERROR: 11:19: this use of it comes from a macro of a header
