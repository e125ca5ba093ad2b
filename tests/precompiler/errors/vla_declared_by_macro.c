/* A declaration of variably modified type written by a macro cannot be
 * rewritten to run again with its saved size. */
void work(double *row, int n);
#define ROW(name, len) double name[len]

void rows(int n)
{
    ROW(row, n);
    work(row, n);
}
// EXPECT-ERROR: 8:5: the declaration of 'row', of variably modified type, runs again when the stack is rebuilt
// REACHES: work

#define HALF(x) x / 2
#define SIZE n
void halves(int n)
{
    double a[HALF(n)];      /* partly a macro: refused */
    double b[SIZE];         /* a whole macro call: rewritten around it */
    work(a, n);
    work(b, n);
}
// EXPECT-ERROR: 18:14: this array size must be rewritten
