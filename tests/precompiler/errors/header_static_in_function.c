/* A header that defines a static function, included inside a function body:
 * not C (a function cannot be defined inside another, nor declared static
 * there), and refused as the compiler refuses it. */
void work(int i)
{
#pragma ckpt potential
    (void)i;
}

void run(int n)
{
#include "header_static_in_function.h"
    step(n);
}
// EXPECT-ERROR: header_static_in_function.h:3:32: function definition is not allowed here
