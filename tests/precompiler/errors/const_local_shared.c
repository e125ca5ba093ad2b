/* A restored local loses its const; one shared with a pointer's declarator
 * is what the pointer points to, which must stay. */
void work(int v);

int f(int n, const int *q)
{
    const int k = n, *p = q;
    work(k);
    return k + *p;
}
// EXPECT-ERROR: 7:15: 'k' is declared const and restored when the stack is rebuilt, which writes into it, but its 'const' is also what 'p' points to
// REACHES: work
