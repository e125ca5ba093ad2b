/* One register local in scope of two sites: one error, not one per site. */
void work(int v);

void f(int n)
{
    register int r = n * 2;
    work(r);
    work(r + 1);
}
// EXPECT-ERROR: 6:18: 'register' variable 'r' is in scope
// REACHES: work
