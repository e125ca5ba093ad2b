/* longjmp in a function that may reach a checkpoint. */
#include <setjmp.h>

extern jmp_buf env;
void work(void);

void bail(int bad)
{
    work();
    if (bad)
        longjmp(env, 1);
}
// EXPECT-ERROR: 11:9: 'longjmp' cannot be used in 'bail', which may reach a potential checkpoint
// REACHES: work
