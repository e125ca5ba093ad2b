/* A local that hides another, declared by a macro: its name cannot be
 * rewritten in the expansion, so the save block cannot name both. */
void work(int v);
#define DECLARE_X int x = 2

int f(int x)
{
    {
        DECLARE_X;
        work(x);
    }
    return x;
}
// EXPECT-ERROR: 9:9: 'x' hides another 'x'
// REACHES: work
