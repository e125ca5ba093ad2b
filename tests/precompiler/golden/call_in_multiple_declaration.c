/* Several declarators with a reaching call that uses an earlier one, or
 * follows an initializer with side effects: the declaration is split into
 * one per variable (types as Clang prints them, const kept), and the calls
 * are then moved out of the initializers. */
int f(int x)
{
#pragma ckpt potential
    return x;
}
int next(void);

int two(void)
{
    int a = 1, b = f(a);
    const int c = 3, d = f(c) + 1;
    int *p = &a, q = f(*p);
    int i = next(), j = f(0);
    return a + b + c + d + q + i + j;
}
// NORMALIZED-LINES: 14 15 16 17
