/* A const typedef of a variably modified type cannot be spelled again
 * without evaluating its size again. */
void work(int v);

int f(int n)
{
    typedef const int row[n];
    row r;
    work(n);
    return (int)sizeof r + r[0];
}
// EXPECT-ERROR: 8:9: 'r' is declared const, through a typedef of a variably modified type
// REACHES: work
