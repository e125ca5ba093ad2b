/* The target of an assignment from a reaching call has a side effect: its
 * address is computed once, before the call, and the result stored through
 * it. */
int produce(int n);

void fill(int *a, int n)
{
    int i = 0;
    a[i++] = produce(n);
}
// REACHES: produce
// NORMALIZED-LINES: 9
