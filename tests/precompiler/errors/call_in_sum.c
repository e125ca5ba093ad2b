/* x = f(a) + g(b): neither call can be restored inside the sum. */
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
// EXPECT-ERROR: 17:9: the call to 'f' may reach a potential checkpoint
// EXPECT-ERROR: 17:16: the call to 'g' may reach a potential checkpoint
