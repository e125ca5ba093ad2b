/* ckpt-instrument once took this global for part of a function declaration:
 * header_offset_twin.h declares a function at the same offset. */
int hits;
#include "header_offset_twin.h"

int helper(void)
{
    return ++hits;
}

int main(void)
{
    int total = 0;
    for (int i = 0; i < 3; i++) {
#pragma ckpt potential
        total += helper();
    }
    return total == 6 ? 0 : 1;
}
