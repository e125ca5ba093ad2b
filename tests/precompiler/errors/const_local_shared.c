/* A restored local loses its const; one shared with a pointer's declarator
 * (or a function's, or another K&R parameter's) is what the pointer points
 * to, which must stay. */
void work(int v);

int f(int n, const int *q)
{
    const int k = n, *p = q;
    work(k);
    return k + *p;
}

int g(a, b) const int a, *b;
{
    work(a);
    return a + *b;
}

int h(int n)
{
    const int m = n, *lookup(int);
    work(m);
    return m + *lookup(m);
}
// EXPECT-ERROR: 8:15: 'k' is declared const and restored when the stack is rebuilt, which writes into it, but that 'const' is also what 'p', declared with it, points to or returns
// EXPECT-ERROR: 13:23: 'a' is declared const and restored when the stack is rebuilt, which writes into it, but that 'const' is also what 'b', declared with it, points to or returns
// EXPECT-ERROR: 21:15: 'm' is declared const and restored when the stack is rebuilt, which writes into it, but that 'const' is also what 'lookup', declared with it, points to or returns
// REACHES: work
