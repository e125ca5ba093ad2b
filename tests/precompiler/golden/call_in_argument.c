/* g(f(x)): the inner call, an argument of another call that reaches a
 * checkpoint too, is moved out first: '{ int ckpt_value_1 = f(x); g(ckpt_value_1); }'. */
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
// REACHES: g
// NORMALIZED-LINES: 13
