/* A function with external linkage that reaches a potential point, defined
 * in a header, cannot be rewritten (a static one gets a copy in the file:
 * golden/header_static.c). */
#include "function_in_header.h"

void run(int n)
{
    twice(n);
}
// EXPECT-ERROR: function_in_header.h:4:6: function 'twice' may reach a potential checkpoint but is defined in a header
