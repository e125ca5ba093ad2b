/* Reaching calls written through macros: the use of the macro is replaced
 * by the statement it expands to (on the same lines), and the later passes
 * instrument that like any other code. */
#include <stdlib.h>

void work(int n);
int check_step(int n);
#define WORK(n) work(n)
#define STEP(n)                                                                                    \
    do {                                                                                           \
        work(n);                                                                                   \
        work((n) + 1);                                                                             \
    } while (0)
#define CHECK(e)                                                                                   \
    if (!(e))                                                                                      \
    abort()
#define step_once check_step

void run(int n)
{
    WORK(n);
    STEP(n);
    if (n > 2)
        STEP(n);
    else
        WORK(n - 1);
    CHECK(check_step(n) == 0);
    int r = step_once(n + 2);
    WORK(n +
         r);
    WORK(r);
}
// REACHES: work check_step
// NORMALIZED-LINES: 21 22 24 26 27 28 29 30 31
