/* The target of an assignment from a call that may reach a checkpoint is
 * evaluated once the call returns; with a side effect it cannot be delayed
 * safely. */
int produce(int n);

void fill(int *a, int n)
{
    int i = 0;
    a[i++] = produce(n);
}
// EXPECT-ERROR: 9:5: the target of this assignment has side effects and the call to 'produce' may reach a potential checkpoint
// REACHES: produce
