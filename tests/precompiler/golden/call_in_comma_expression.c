/* f(a), f(b); as a statement becomes '{ f(a); f(b); }': C evaluates the
 * operands of ',' in order, and so do two statements. */
void f(int a)
{
#pragma ckpt potential
    (void)a;
}

void pair(int a, int b)
{
    f(a), f(b);
}
// NORMALIZED-LINES: 11
