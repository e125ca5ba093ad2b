/* A typedef of a variably modified type has a scope a jump cannot enter
 * either (C11 6.8.6.1): it runs again too, with its saved size. */
void work(int n);

void rows(int n)
{
    typedef double row_t[n];
    work(n);
    (void)sizeof(row_t);
}
// REACHES: work
