/* A call in a later declarator is not moved ahead of what an earlier one
 * evaluates (here an initializer that reads what the call changes): the
 * declaration is split first, and a for loop's declaration is
 * taken out before the loop, in a block of its own. A constant initializer
 * or an uninitialized variable does not need that. */
int calls, n = 2;

int f(int a)
{
#pragma ckpt potential
    n++;
    return a + calls++;
}

int reads(void)
{
    int before = calls, after = f(10) + 1;
    return before + after;
}

int constant(void)
{
    int k = 4, u, c = f(k == 4) + 1;
    return c + (u = 1);
}

int loops(void)
{
    int s = 0;
    for (int i = calls, j = f(i) + 1; i < 3; i++)
        s += j;
    for (int i = n, j = f(2) + 1;
         i < 3; i++) {
        if (i % 2)
            continue;
        s += j;
    }
    return s;
}
// NORMALIZED-LINES: 17 23 30 32
