/* An inner local shadowing a parameter: both are in scope of the call by
 * name, CKPT_SAVE(x) can only reach the inner one, and the parameter would
 * not be restored. Observed: the inner x is saved twice, the parameter never. */
void work(int v);

int f(int x)
{
    {
        int x = 2;
        work(x);
    }
    return x;
}
// EXPECT-ERROR: 9:13: 'x'
