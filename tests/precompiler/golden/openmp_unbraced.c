/* OpenMP constructs written without braces: a directive whose block is
 * another directive, a loop whose body is a directive, and a block that
 * ends in a compound literal. Each bracket closes after the whole
 * construct, and no call inside one is a site. */
// INSTRUMENT-FLAGS: -fopenmp
// REACHES: elsewhere pick
void elsewhere(int);
int pick(int);
struct pair {
    int a, b;
};

void f(int n)
{
    struct pair p;
#pragma omp parallel
#pragma omp for
    for (int i = 0; i < n; i++)
        elsewhere(i);
    for (int i = 0; i < n; i++)
#pragma omp critical
        elsewhere(i);
#pragma omp single
    p = (struct pair){pick(n), 1};
    elsewhere(p.a);
}
// EXPECT-WARNING: 19:9: the call to 'elsewhere' may reach a potential checkpoint
// EXPECT-WARNING: 22:9: the call to 'elsewhere' may reach a potential checkpoint
// EXPECT-WARNING: 24:23: the call to 'pick' may reach a potential checkpoint
