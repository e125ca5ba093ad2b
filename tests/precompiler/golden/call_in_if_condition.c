/* if (f(x) > 0): the call is moved out of the condition into a variable
 * declared in a block around the if. */
int f(int x)
{
#pragma ckpt potential
    return x;
}

int positive(int x)
{
    if (f(x) > 0)
        return 1;
    return 0;
}
