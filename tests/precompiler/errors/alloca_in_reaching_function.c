/* alloca in a function that may reach a checkpoint. */
#include <alloca.h>

void work(char *buf);

void scratch(int n)
{
    char *buf = alloca(n);
    work(buf);
}
// EXPECT-ERROR: 8:17: cannot be used in 'scratch', which may reach a potential checkpoint
// REACHES: work
