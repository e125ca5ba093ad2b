/* A const among a pointer's qualifiers written by a macro. */
#define READ_ONLY const
void work(int v);

int f(int n)
{
    int *const READ_ONLY p = &n;
    work(*p);
    return *p;
}
// EXPECT-ERROR: 7:26: 'p' is declared const and restored when the stack is rebuilt, which writes into it, and ckpt-instrument cannot drop
// REACHES: work
