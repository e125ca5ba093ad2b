/* Two calls that reach a checkpoint in one expression, the first one C
 * evaluates before the other (left of ",", "&&", "||", "?:" and GNU's "?:"):
 * the first is moved out, and what moves the second uses its variable, so
 * each runs exactly once (seed 22403 of csmith ran the first twice). */
int calls;

int f(int a)
{
#pragma ckpt potential
    return a + calls++;
}

int sequence(int a)
{
    int x = (f(a), f(a + 1)) + 1;
    return x;
}

int both(int a)
{
    int x = 2 * (f(a) && f(a + 1));
    return x;
}

int either(int a)
{
    int x = 2 * (f(a) || f(a + 1));
    return x;
}

int choice(int a)
{
    int x = 2 * (f(a) ? f(a + 1) : 3);
    return x;
}

int elvis(int a)
{
    int x = 2 * (f(a) ?: f(a + 1));
    return x;
}
// NORMALIZED-LINES: 15 21 27 33 39
