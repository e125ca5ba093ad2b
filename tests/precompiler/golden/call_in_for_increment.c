/* for (...; ...; i = f(i)) with no 'continue' in the body: the increment
 * moves to the end of the body, where it is a statement of its own. */
int f(int i)
{
#pragma ckpt potential
    return i + 1;
}

void walk(int n)
{
    for (int i = 0; i < n; i = f(i))
        ;
}
// NORMALIZED-LINES: 11
