/* Arguments of a call that may reach a checkpoint are evaluated again when
 * the stack is rebuilt: i++ would happen twice, and so would next(). */
void work(int v);
int next(void);

void loop(int n)
{
    int i = 0;
    while (i < n)
        work(i++);
    work(next());
}
// EXPECT-ERROR: 10:14: argument 1 of the call to 'work' has side effects
// EXPECT-ERROR: 11:10: argument 1 of the call to 'work' has side effects
