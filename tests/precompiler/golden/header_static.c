/* Static functions defined in a header that may reach a potential checkpoint:
 * each one used gets an instrumented copy of its own (ckpt_header_NAME) right
 * after the #include, and the file's calls and address uses name the copy.
 * The header itself is not rewritten. */
#include "header_static.h"

static long total;

void work(int i)
{
#pragma ckpt potential
    total += i;
}

int run(int n)
{
    void (*f)(int) = step;
    int sum = 0;
    for (int i = 0; i < n; i++) {
        f(i);
        int r = twice(i);
        sum += r;
    }
    return sum + (int)total;
}
