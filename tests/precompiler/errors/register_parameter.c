/* The same for a register parameter. */
void work(int v);

void f(register int n)
{
    work(n);
}
// EXPECT-ERROR: 4:21: 'register' variable 'n' is in scope
// REACHES: work
