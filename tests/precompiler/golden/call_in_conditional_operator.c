/* c ? f(a) : g(a); as a statement: which call runs depends on c, so the
 * choice becomes 'if (c) f(a); else g(a);'. */
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
// NORMALIZED-LINES: 12
