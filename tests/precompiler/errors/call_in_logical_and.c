/* a && f(): the call is conditional on a, inside an expression statement. */
int f(void)
{
#pragma ckpt potential
    return 1;
}

void both(int a)
{
    a && f();
}
// EXPECT-ERROR: 10:10: the call to 'f' may reach a potential checkpoint
