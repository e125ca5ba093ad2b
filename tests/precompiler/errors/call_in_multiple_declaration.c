/* int a = 1, b = f(a): only the sole declarator of a declaration can be a
 * restorable call site. */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int two(void)
{
    int a = 1, b = f(a);
    return a + b;
}
// EXPECT-ERROR: 11:20: the call to 'f' may reach a potential checkpoint
