/* The copy of a header's static function goes after the #include, where the
 * macro it uses is no longer defined: refused, naming the macro. */
#include "header_static_macro_undef.h"

void work(int i)
{
#pragma ckpt potential
    (void)i;
}

int run(int n) { return step(n); }
// EXPECT-ERROR: header_static_macro_undef.h:8:12: the macro 'TWICE' it uses is undefined there
// EXPECT-NOTE: 3:10: the copy goes after this #include
