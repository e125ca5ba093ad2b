/* return n * fact(n - 1): the recursive call is moved out of the product. */
int fact(int n)
{
    if (n <= 1) {
#pragma ckpt potential
        return 1;
    }
    return n * fact(n - 1);
}
// NORMALIZED-LINES: 8
