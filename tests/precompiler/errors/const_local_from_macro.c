/* A restored local must lose its const, and a macro's cannot be dropped. */
#define READ_ONLY const
void work(int v);

int f(int n)
{
    READ_ONLY int limit = n * 2;
    work(limit);
    return limit;
}
// EXPECT-ERROR: 7:19: 'limit' is declared const and restored
// REACHES: work
