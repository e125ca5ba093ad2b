/* x = f(a) + g(b): both calls are moved out, in the order of the source. */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int g(int b)
{
#pragma ckpt potential
    return b;
}

int sum(int a, int b)
{
    int x;
    x = f(a) + g(b);
    return x;
}
// NORMALIZED-LINES: 17
