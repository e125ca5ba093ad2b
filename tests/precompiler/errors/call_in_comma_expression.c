/* f(a), g(b); is one expression statement with two calls. */
void f(int a)
{
#pragma ckpt potential
    (void)a;
}

void pair(int a, int b)
{
    f(a), f(b);
}
// EXPECT-ERROR: 10:5: the call to 'f' may reach a potential checkpoint
// EXPECT-ERROR: 10:11: the call to 'f' may reach a potential checkpoint
