/* h(f(), 0) where f returns 'int *' and h takes 'const int *': the
 * argument is f() in a conversion to the parameter's type, and f() is a
 * call that reaches a checkpoint. Both were planned to move, so f ran
 * twice (found by csmith, seed 20374). It moves once, before the
 * declaration: 'int *ckpt_value_1 = f(); const int *r = h(ckpt_value_1, 0);'. */
int *f(void)
{
#pragma ckpt potential
    return 0;
}

const int *h(const int *p, int k);

const int *converted(void)
{
    const int *r = h(f(), 0);
    return r;
}
// REACHES: h
// NORMALIZED-LINES: 16
