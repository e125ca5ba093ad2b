/* if (f(x) > 0): the call is in a condition. */
int f(int x)
{
#pragma ckpt potential
    return x;
}

int positive(int x)
{
    if (f(x) > 0)
        return 1;
    return 0;
}
// EXPECT-ERROR: 10:9: the call to 'f' may reach a potential checkpoint
