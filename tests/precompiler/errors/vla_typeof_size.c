/* An array size written inside __typeof__ cannot be rewritten to come
 * back as it was. */
void work(double *row, int n);

void rows(int n)
{
    __typeof__(double[n]) row;
    work(row, n);
}
// EXPECT-ERROR: 7:27: the type of 'row' has an array size that is not written in its declaration
// REACHES: work
