/* A ',' in the condition of an if, a while or a do-while, with a reaching
 * call on its right: the condition moves as a sequence (its left operand a
 * statement first), not as a statement of its own. */
int calls;

int f(int a)
{
#pragma ckpt potential
    return a < 5 && calls++ < 9;
}

int conditions(int x)
{
    while (x++, f(x))
        ;
    if (x++, f(x))
        x += 10;
    do
        x--;
    while (x++, f(x - 3));
    return x;
}
// NORMALIZED-LINES: 14 16 18 20
