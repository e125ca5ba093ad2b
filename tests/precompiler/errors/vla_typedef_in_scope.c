/* A typedef of a variably modified type has a scope a jump cannot enter
 * either (C11 6.8.6.1): gcc rejects the generated 'goto'. */
void work(int n);

void rows(int n)
{
    typedef double row_t[n];
    work(n);
    (void)sizeof(row_t);
}
// EXPECT-ERROR: 8:5: 'row_t'
// REACHES: work
