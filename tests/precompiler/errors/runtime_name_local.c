/* A local named like a variable of the runtime's interface would hide it
 * from the code inserted in its scope (the frame would go unsaved, and the
 * checkpoint fail at run time): refused, naming the variable. */
long step(long i)
{
#pragma ckpt potential
    return i * 2 + 1;
}

long wrap(long i)
{
    int ckpt_collapsing = 0;
    long r = step(i);
    return r + ckpt_collapsing;
}
// EXPECT-ERROR: runtime_name_local.c:12:9: 'ckpt_collapsing' is a name of the checkpointing runtime (<aalc/ckpt.h>), which the code inserted in 'wrap' uses; rename this variable
