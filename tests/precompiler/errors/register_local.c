/* A register local must be saved, which needs its address. */
void work(int v);

void f(int n)
{
    register int r = n * 2;
    work(r);
}
// EXPECT-ERROR: 6:18: 'register' variable 'r' is in scope
// REACHES: work
