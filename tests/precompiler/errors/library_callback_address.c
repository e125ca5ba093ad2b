/* The same with &handler passed to atexit. */
#include <stdlib.h>

static void handler(void)
{
#pragma ckpt potential
}

void install(void)
{
    atexit(&handler);
}
// EXPECT-ERROR: 11:13: 'handler' may reach a potential checkpoint, but it is passed to the library function 'atexit'
