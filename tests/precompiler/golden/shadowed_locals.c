/* Locals that hide other locals in scope of a call that may reach a
 * checkpoint, or of the point itself: the later-declared one of each pair
 * is renamed (NAME__ckptN) in its declaration and every use, so that the
 * save and restore blocks name both. */
void work(int v);
int next(int v);

int f(int x)
{
    int s = x * 2;
    for (int i = 0; i < 3; i++) {
        int s = i + x; /* hides the outer s */
        work(s);
        s = next(s);   /* assignment form: the held result goes to the renamed s */
        x += s;
    }
    {
        int x = 2; /* hides the parameter */
        work(x);
        int y = next(x);
        s += y;
        int s = next(y); /* declared by the call's statement, after which s is saved */
        y += s;
        int a[4] = {0};
        a[x & 3] = next(x); /* the target names the renamed x */
        s += a[2];
    }
    return x + s;
}

int g(int n)
{
    int t = n;
    {
        int t = n + 1;
#pragma ckpt potential
        n += t;
    }
    return n + t;
}
// REACHES: next work
