/* Functions declared here but defined in another unit may reach a
 * checkpoint there. At statement level their calls are instrumented, and the
 * caller is then instrumented too (a 'C' edge in the summary). Inside an
 * expression they cannot be restored, so they are left alone and the unit
 * records an 'A' assumption, checked at start-up. local_wrapper() may reach
 * only through remote_step(): a call to it inside an expression is an
 * assumption about this unit's own function. Library functions (strlen) are
 * never instrumented. */
#include <string.h>

int remote_step(int x);
double remote_norm(const double *v, int n);
void remote_log(const char *msg);

static int local_wrapper(int x)
{
    int y = remote_step(x);
    return y;
}

int driver(int x, const double *v, const char *tag)
{
    remote_log(tag);
    x = local_wrapper(x);
    double n = remote_norm(v, x) * 2.0;
    if (remote_step(x) > 0)
        x++;
    int z = local_wrapper(x) + (int)strlen(tag);
    return x + (int)n + z;
}
