/* Every statement form a call that may reach a checkpoint can take:
 *   f(a);  (void)f(a);  x = f(a);  x op= f(a);  T x = f(a);  return f(a);
 * and the same as the unbraced body of if, else, while, for, do, a case and
 * a label, which get braces. Assignments and returns hold the result in
 * ckpt_result_N until the frame is saved, so the target keeps its old value
 * if the call collapses. next() and tick() are defined in another unit. */
int next(int a);
void tick(int a);

int forms(int a, int c)
{
    int x = 0;
    tick(a);
    (void)next(a);
    x = next(a);
    x += next(a);
    x -= next(x);
    int y = next(x);
    if (c)
        tick(x);
    if (c > 1)
        x = next(y);
    else
        tick(y);
    while (c-- > 0)
        tick(c);
    for (int i = 0; i < c; i++)
        y = next(i);
    do
        tick(y);
    while (y-- > 0);
    switch (c) {
    case 0:
        tick(0);
        break;
    case 1: tick(1); break;
    default:
        x = next(x);
    }
again:
    tick(x);
    if (x++ < 3)
        goto again;
    return next(x + y);
}
// REACHES: next tick
