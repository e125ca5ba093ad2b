/* a && f(); the call runs only when a is true: the && is moved out as
 * 'int v = !!(a); if (v) v = !!(f());', whose assignment a second pass
 * rewrites in turn. */
int f(void)
{
#pragma ckpt potential
    return 1;
}

void both(int a)
{
    a && f();
}
// NORMALIZED-LINES: 12
