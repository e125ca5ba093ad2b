/* A reaching call after a variable-length array in the same 'for' clause:
 * the declaration cannot be split or taken out. Refused before anything
 * is rewritten, at the user's line. */
int f(int a)
{
#pragma ckpt potential
    return a;
}

int use(int n)
{
    int s = 0;
    for (int a[n], j = f(1) + 1; j < 3; j++)
        s += (int)sizeof a;
    return s;
}
// EXPECT-ERROR: vla_in_for_clause.c:13:24: declare the array before the 'for'
