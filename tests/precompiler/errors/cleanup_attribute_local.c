/* A local with __attribute__((cleanup)) in scope of a call that may reach a
 * checkpoint: the collapse returns through the frame, which runs the cleanup
 * (here free) on a value the frame has just saved; after the restore the
 * pointer dangles and the cleanup runs a second time. Observed, linked with
 * the runtime and CKPT_EVERY=1: "free(): invalid pointer ... double free". */
#include <stdlib.h>

static void release(char **p)
{
    free(*p);
}

void work(char *buf);

void run(int n)
{
    __attribute__((cleanup(release))) char *buf = malloc(n);
    work(buf);
}
// EXPECT-ERROR: 17:45: 'buf'
// REACHES: work
