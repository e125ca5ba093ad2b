/* A variable-length array declared before a call that may reach a
 * checkpoint: the jump that restores the stack cannot enter its scope
 * (C11 6.8.6.1), so it goes to a label before the declaration, which runs
 * again with the size saved with the frame (ckpt_dim_1), and a table after
 * it goes on to the call's label. The array's address is checked. */
void work(double *row, int n);

void rows(int n)
{
    double row[n];
    work(row, n);
}
// REACHES: work
