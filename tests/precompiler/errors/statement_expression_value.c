/* A reaching call in the last statement of a GNU statement expression, the
 * one that gives its value: refused, as anywhere in one (a block around it
 * would take the value away). */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int run(int n)
{
    int r = ({ int t = n; f(t) + 1; });
    return r;
}
// EXPECT-ERROR: 12:27: inside a statement expression
