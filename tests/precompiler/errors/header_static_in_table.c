/* A static function of a header is copied into the file only when no code of
 * the header outside such functions names it (here a table does). */
#include "header_static_in_table.h"

void work(int n)
{
#pragma ckpt potential
    (void)n;
}

void run(int n)
{
    actions[0](n);
    twice(n);
}
// EXPECT-ERROR: header_static_in_table.h:6:20: function 'twice' may reach a potential checkpoint but is defined in a header
