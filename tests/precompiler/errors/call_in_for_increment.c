/* for (...; ...; i = f(i)): the increment is an expression, not a statement. */
int f(int i)
{
#pragma ckpt potential
    return i + 1;
}

void walk(int n)
{
    for (int i = 0; i < n; i = f(i))
        ;
}
// EXPECT-ERROR: 10:32: the call to 'f' may reach a potential checkpoint
