/* A declaration of variably modified type that runs again for a later
 * call cannot itself be initialized by a call that may reach a checkpoint:
 * the call would be made again. */
void *grid(int n);
void work(double *row, int n);

void rows(int n)
{
    double (*g)[n] = grid(n);
    work(g[0], n);
}
// EXPECT-ERROR: 9:22: the call to 'grid' may reach a potential checkpoint and initializes 'g'
// REACHES: work grid
