/* Functions declared here but defined in another unit. Alone, a unit
 * assumes that none of them reaches a checkpoint: each is an 'A' assumption in
 * the summary, with 'C' edges from its callers, which ckpt-link checks for the
 * whole program at link time. Here the link step found remote_log() to reach
 * one (the REACHES line below): its call is instrumented, and so driver() is;
 * remote_step() and remote_norm() stay assumptions, so local_wrapper() does
 * not reach and its calls are left alone, also inside expressions. Library
 * functions (strlen) are never instrumented. */
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
// REACHES: remote_log
