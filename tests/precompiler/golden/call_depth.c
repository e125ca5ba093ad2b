/* Call depth: main -> solve -> iterate -> step, with the potential point
 * three calls down. Each function on the way gets a jump table at entry, a
 * restore block before the call and a save block after it. norm() cannot
 * reach the point and is left alone, and so are the calls to it and to the
 * C library (printf). */
#include <stdio.h>

static double norm(const double *v, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += v[i] * v[i];
    return s;
}

static void step(double *v, int n, int it)
{
#pragma ckpt potential
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 0.5 + it;
}

static void iterate(double *v, int n, int maxit)
{
    for (int it = 0; it < maxit; it++) {
        step(v, n, it);
    }
}

static double solve(int n, int maxit)
{
    double v[8] = {0};
    iterate(v, n, maxit);
    return norm(v, n);
}

int main(void)
{
    double r = solve(8, 100);
    printf("%g\n", r);
    return 0;
}
