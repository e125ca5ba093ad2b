/* A const typedef whose type is volatile too: its value's type would lose
 * both qualifiers, so it is refused rather than rewritten. */
typedef const volatile int sensor;
void work(int v);

int f(int n)
{
    sensor level = n;
    work(level);
    return level;
}
// EXPECT-ERROR: 8:12: 'level' is declared const, through a typedef whose type has other qualifiers
// REACHES: work
