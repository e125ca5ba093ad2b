/* x = (a++, f(a)): the call follows an operand with side effects inside a
 * larger expression; moving it out would run it before a++. */
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
// EXPECT-ERROR: 11:19: the call to 'f' may reach a potential checkpoint and cannot be restored where it stands: it follows the left operand of ','
