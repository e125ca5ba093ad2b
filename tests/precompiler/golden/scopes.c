/* Scopes: a site saves the locals visible there (all live here: each is read
 * at the end of its scope), parameters first, then outer to inner blocks, in
 * declaration order. Locals of blocks that have ended and locals declared
 * after the site are not saved; static and extern locals are not frame locals
 * (the static one is saved with the globals). Expected lists are in comments. */
void use(int v);
extern int shared;

void scopes(int p, int q)
{
    int a = p;
    static int calls;
    {
        int gone = a + 1;
        use(gone);                 /* p q a gone */
    }
    int b = q, c = 0;
    calls++;
    if (a > b) {
        int inner = a - b;
        for (int i = 0; i < inner; i++) {
            int deep = i * 2;
            use(deep);             /* p q a b c inner i deep */
        }
        int after_loop = inner;
        use(after_loop + inner);   /* p q a b c inner after_loop */
    } else {
        extern int shared;
        int other = shared;
#pragma ckpt potential
        use(other);                /* point and call: p q a b c other */
    }
    int later = c;
    use(later + p + q + a + b + c); /* p q a b c later */
}

int switch_scope(int op)
{
    switch (op) {
        int t;
    case 1:
        t = op + 1;
        use(t);                    /* op t */
        return t + op;
    default:
        break;
    }
    return 0;
}
// REACHES: use
