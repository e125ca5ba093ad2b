/* g(f(x)): the inner call is an argument of another call. */
int f(int x)
{
#pragma ckpt potential
    return x;
}

void g(int v);

void nested(int x)
{
    g(f(x));
}
// EXPECT-ERROR: 12:7: the call to 'f' may reach a potential checkpoint
// EXPECT-ERROR: 12:7: argument 1 of the call to 'g' has side effects
// REACHES: g
