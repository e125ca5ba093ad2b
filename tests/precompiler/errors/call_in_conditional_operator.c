/* c ? f(a) : g(a); as a statement: which call runs depends on c. */
void f(int a)
{
#pragma ckpt potential
    (void)a;
}
void g(int a);

void choose(int c, int a)
{
    c ? f(a) : g(a);
}
// EXPECT-ERROR: 11:9: the call to 'f' may reach a potential checkpoint
