/* A non-const global defined in a header cannot be marked for saving: only
 * the .c file is rewritten. extern declarations and const globals in
 * headers are fine. */
#include "global_in_header.h"

int use(void)
{
    return initialised_in_header + declared_in_header + constant_in_header;
}
// EXPECT-ERROR: global_in_header.h:2:5: variable 'initialised_in_header' is defined in a header
