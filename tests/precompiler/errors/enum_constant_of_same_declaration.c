/* The call uses a constant of the enum its declaration defines: moved
 * ahead of the declaration, it would see another K (or none). Refused. */
int calls;
enum { K = 100 };

int f(int a)
{
#pragma ckpt potential
    return a + calls++;
}

int use(void)
{
    enum { K = 3 } e = f(K) + 1;
    return (int)e;
}
// EXPECT-ERROR: enum_constant_of_same_declaration.c:14:24: uses a variable, tag or enum constant of the same declaration
