/* Arguments without side effects may be evaluated again when the stack is
 * rebuilt: arithmetic, sizeof, address-of, member access, and calls to
 * functions declared pure or const (strlen, abs, fabs in glibc), and to the
 * C library's math functions whose only effect is errno (sqrt, pow, cos,
 * exp: calling them again gives the same value). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct box {
    int w, h;
};

void consume(long v, const void *p);

void arguments(const char *s, int x, double d, struct box *b)
{
    int local = x;
    consume(strlen(s), s);
    consume(abs(x), &local);
    consume(sizeof(*b) + x * 2, b);
    consume((long)fabs(d), &b->h);
    consume(b->w > 0 ? b->w : -b->w, s + 1);
    consume((long)(sqrt(d) + pow(d, 2.0) * cos(d) - exp(-d)), s);
}
// REACHES: consume
