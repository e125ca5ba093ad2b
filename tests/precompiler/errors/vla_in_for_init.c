/* A pointer to rows declared in a for's first clause: the declaration
 * cannot run again alone (the rest of the clause would too). */
void work(double *row, int n);

void rows(int n, double *data)
{
    for (double (*p)[n] = (double (*)[n])data; p != 0; p = 0)
        work(p[0], n);
}
// EXPECT-ERROR: 8:9: is in the scope of 'p', of variably modified type, declared in the first clause of a 'for'
// EXPECT-NOTE: 7:19: 'p' declared here
// REACHES: work
