/* Arguments of a call that may reach a checkpoint are evaluated again when
 * the stack is rebuilt: i++ would happen twice, and so would next(), also
 * inside a math function that is otherwise free of effects. */
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
// EXPECT-ERROR: 13:14: argument 1 of the call to 'work' has side effects
// EXPECT-ERROR: 14:10: argument 1 of the call to 'work' has side effects
// EXPECT-ERROR: 15:10: argument 1 of the call to 'work' has side effects
// REACHES: work
