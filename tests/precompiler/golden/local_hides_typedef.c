/* A local that hides a typedef the call's type is written with: the
 * temporaries and held results are declared with the type itself
 * (double, struct item_s *), which no local can hide. Written with the
 * typedef, the first would have been an int, silently, and the second a
 * multiplication. */
typedef double real;
typedef struct item_s {
    int v;
    struct item_s *next;
} item;

real f(real a)
{
#pragma ckpt potential
    return a / 2;
}

item *next(item *it)
{
#pragma ckpt potential
    return it->next;
}

int use(void)
{
    typedef int real;
    double x = f(5) * 2, y;
    y = f(3);
    real r = (real)(x + y);
    return r;
}

int walk(item *arr)
{
    item *item = arr;
    int v = next(item)->v + 1;
    return v;
}
// NORMALIZED-LINES: 27 36
