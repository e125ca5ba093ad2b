/* return n * fact(n - 1): the recursive call is inside the product. */
int fact(int n)
{
    if (n <= 1) {
#pragma ckpt potential
        return 1;
    }
    return n * fact(n - 1);
}
// EXPECT-ERROR: 8:16: the call to 'fact' may reach a potential checkpoint
