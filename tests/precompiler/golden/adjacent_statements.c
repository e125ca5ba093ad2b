/* Statements with no space between them, each rewritten: the second one is
 * rewritten in a later pass, after the first one's closing '}', not inside
 * it (where its opening text would otherwise have gone). */
int calls;

int f(int a)
{
#pragma ckpt potential
    return a + calls++;
}

int hoists(void)
{
    int x, y;
    x = f(1) + 1;y = f(2) + 1;
    return x + y;
}

int loops(int x)
{
    int a = 0, i;
    for (i = 0; i < 3; i = f(i)) x++;a++, f(2);
    while (f(x) > 1) x--;int y = (f(2), 5);
    return a + x + y;
}
// NORMALIZED-LINES: 15 22 23
