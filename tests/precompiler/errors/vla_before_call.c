/* A variable-length array declared before a call that may reach a
 * checkpoint: the jump that restores the stack cannot enter its scope. */
void work(double *row, int n);

void rows(int n)
{
    double row[n];
    work(row, n);
}
// EXPECT-ERROR: 8:5: this call, which may reach a checkpoint, is in the scope of the variable-length array 'row'
// EXPECT-NOTE: 7:12: 'row' declared here
// REACHES: work
