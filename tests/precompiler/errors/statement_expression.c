/* A call that may reach a checkpoint inside a GNU statement expression. */
void work(int n);

int run(int n)
{
    int r = ({ work(n); n + 1; });
    return r;
}
// EXPECT-ERROR: 6:16: cannot be inside a statement expression
// REACHES: work
