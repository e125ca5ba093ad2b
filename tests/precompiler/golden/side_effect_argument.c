/* Arguments of a reaching call would be evaluated again when the stack is
 * rebuilt: i++, next() and next() inside a math function are each computed
 * once into a variable before the call. */
#include <math.h>

void work(int v);
int next(void);

void loop(int n)
{
    int i = 0;
    while (i < n)
        work(i++);
    work(next());
    work((int)sqrt((double)next()));
}
// REACHES: work
// NORMALIZED-LINES: 13 14 15
