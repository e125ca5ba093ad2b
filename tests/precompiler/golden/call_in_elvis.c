/* GNU's 'a ?: f(x)': f runs only when 'a' is zero, and 'a' is evaluated
 * once: 'T v = (a); if (!v) v = (f(x));'. */
long f(long x)
{
#pragma ckpt potential
    return x * 2;
}

long pick(int *cache, long x)
{
    long r = cache[x % 4] ?: f(x);
    return r + (x ?: f(1));
}
// NORMALIZED-LINES: 11 12
