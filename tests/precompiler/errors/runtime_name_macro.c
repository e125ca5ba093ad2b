/* A macro named like one of the runtime's would replace it in the inserted
 * code: refused, naming the macro. */
#define CKPT_SIZE(x) 1

long step(long i)
{
#pragma ckpt potential
    return i * 2 + 1;
}

long twice(long i)
{
    long r = step(i);
    return r + step(r);
}
// EXPECT-ERROR: runtime_name_macro.c:3:9: 'CKPT_SIZE' is a name of the checkpointing runtime (<aalc/ckpt.h>), which the inserted code uses; rename this macro
