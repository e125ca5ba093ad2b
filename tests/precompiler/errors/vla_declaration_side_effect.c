/* The initializers of a declaration that runs again are not evaluated
 * while restoring; one of a structure with side effects cannot be left
 * out that way. */
struct pair {
    int a, b;
};
struct pair make(void);
void work(double *row, int n);

void rows(int n)
{
    struct pair p = make(), (*unused)[n] = 0;
    work(0, p.a);
    (void)unused;
}
// EXPECT-ERROR: 12:21: the declaration of 'p' runs again when the stack is rebuilt
// REACHES: work
