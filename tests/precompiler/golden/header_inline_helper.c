/* A unit that includes a header with a static inline helper calling another
 * unit's function, but does not use it and has no potential point. Nothing
 * here can reach a checkpoint; the unit must be accepted (it was refused:
 * "function 'log_twice' may reach a potential checkpoint but is defined in a
 * header"). */
#include "header_inline_helper.h"

int square(int x)
{
    return x * x;
}
