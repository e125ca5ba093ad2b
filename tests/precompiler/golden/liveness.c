/* Liveness: a label saves only the locals that may still be read from there
 * on, plus every local whose address escapes (arrays, &x, &s.m, volatile).
 * A call's statement runs again when the stack is rebuilt, so what it reads
 * is saved, what it only assigns is not. At a potential point, what is live
 * where execution goes on is saved. Expected lists are in the comments. */
struct pair {
    int a, b;
};

void step(int v);
int next(int v);

int dead_temporary(int n)
{
    int tmp = n * 3;
    step(tmp);                 /* n tmp */
    step(n);                   /* n: tmp is read no more */
    return n;
}

int accumulate(int n)
{
    int acc = 0;
    int start = next(n);       /* n acc */
    for (int i = start; i < n; i++) {
        int sq = i * i;
        step(sq);              /* n acc i sq: acc and i go around the loop; start is dead */
        acc += sq;
    }
    return acc;
}

int escaping(int n)
{
    int hidden = n;
    int *p = &hidden;
    struct pair pr = {n, n + 1};
    int *q = &pr.b;
    volatile int flag = 0;
    step(n);                   /* n hidden p pr q flag: hidden and pr are read through p and q */
    return *p + *q + n;
}

int arrays(int n)
{
    int buf[4] = {n, n, n, n};
    int k = buf[1];
    step(k);                   /* buf k: arrays are always saved; n is dead */
    return k;
}

int assignment(int y)
{
    int x = 0;
    step(x);                   /* y x */
    x = next(y);               /* y: x is assigned, not read */
    step(x);                   /* x */
    x += next(x);              /* x: read by += */
    return x;
}

int points(int n)
{
    static int calls;          /* a global: never in the lists */
    int total = 0;
    calls++;
#pragma ckpt potential
    int seed = next(n);        /* point: n total; call: n total */
    for (int i = seed; i < n; i++) {
        int scratch = next(i); /* n total i */
        total += scratch;
#pragma ckpt potential
    }                          /* end of the body: n total i (scratch is dead) */
    while (total > n) {
        if (total % 7 == 0) {
#pragma ckpt potential
            break;             /* n total: live where the break goes */
        }
        total -= 3;
    }
    if (total > 100) {
        if (n > 1)
            step(n);           /* n total */
#pragma ckpt potential
    }                          /* after the ifs comes the return: total */
    return total;
}
// REACHES: next step
