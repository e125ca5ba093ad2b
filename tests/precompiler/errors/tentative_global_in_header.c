/* The same for globals without an initialiser (tentative definitions, which
 * become definitions in this unit). */
#include "tentative_global_in_header.h"

int bump(void)
{
    hidden_in_header++;
    return ++counter_in_header;
}
// EXPECT-ERROR: tentative_global_in_header.h:2:5: variable 'counter_in_header' is defined in a header
// EXPECT-ERROR: tentative_global_in_header.h:3:12: variable 'hidden_in_header' is defined in a header
