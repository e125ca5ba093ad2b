/* A call of a header's static function in a file pasted by an #include into a
 * function body: ckpt-instrument cannot make it name a copy, so the function
 * stays refused, with a note that says where it is named. */
#include "header_static_pasted.h"

void work(int i)
{
#pragma ckpt potential
    (void)i;
}

void run(int n)
{
#include "header_static_pasted.inc"
}
// EXPECT-ERROR: header_static_pasted.h:4:20: function 'step' may reach a potential checkpoint
// EXPECT-NOTE: header_static_pasted.inc:2:5: only when no code of a header names it
