/* A function that reaches a potential point, defined in a header, cannot be
 * rewritten. */
#include "function_in_header.h"

void run(int n)
{
    twice(n);
}
// EXPECT-ERROR: function_in_header.h:4:20: function 'twice' may reach a potential checkpoint but is defined in a header
