/* x = (a++, f(a)): the call follows an operand with side effects inside a
 * larger expression: the comma is moved out as 'a++; int v = f(a);'. */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int after(int a)
{
    int x = (a++, f(a));
    return x;
}
// NORMALIZED-LINES: 11
