/* setjmp in a function that may reach a checkpoint: the jmp_buf would not
 * survive a restart. */
#include <setjmp.h>

static jmp_buf env;
void work(void);

int guarded(void)
{
    if (setjmp(env))
        return 1;
    work();
    return 0;
}
// EXPECT-ERROR: 10:9: cannot be used in 'guarded', which may reach a potential checkpoint
// REACHES: work
