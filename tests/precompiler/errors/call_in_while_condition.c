/* A call that may reach a checkpoint in a loop condition cannot be
 * re-entered without re-evaluating the condition. */
int step(int *s)
{
#pragma ckpt potential
    return --*s;
}

void run(int s)
{
    while (step(&s))
        ;
}
// EXPECT-ERROR: 11:12: the call to 'step' may reach a potential checkpoint and cannot be restored inside a larger expression or condition
