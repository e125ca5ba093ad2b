/* A call that reaches a checkpoint, inside an argument expression of
 * another one: 1 + f(), -f(), (long)f(), a ?: or && whose value is
 * converted to the parameter's type. Each f() is moved out and runs once:
 * the argument, which ends where f() ends, is moved after it, with f()'s
 * temporary in its text; a ?: or && moves as itself, converted where it was.
 * (f ran twice in each before: planned both as the argument and as the
 * call, or the argument's text still held the call.) */
int f(void)
{
#pragma ckpt potential
    return 1;
}

long h(long v);
double d(double v);

long sum(int c)
{
    long a = h(1 + f());
    long b = h(-f());
    long e = h((long)f());
    long g = h(c ? f() : 0);
    double k = d(c && f());
    return a + b + e + g + (long)k;
}
// REACHES: h d
// NORMALIZED-LINES: 19 20 21 22 23
