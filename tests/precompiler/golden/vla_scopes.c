/* Variable-length arrays in scope of checkpoints. Each declaration of
 * variably modified type whose scope holds a restore label runs again while
 * the stack is rebuilt: the entry table jumps to a label before the
 * outermost one, and a table after each goes on to the next or to the
 * site's label. Sizes come back as they were when declared (ckpt_dim_K,
 * saved with the frame), not from their expressions now: 'n++' is not
 * evaluated again. Initializers that are not constant are not evaluated
 * while restoring (the locals are restored after the declarations). */
#include <stdlib.h>

void work(double *row, int n);
int next(void);

/* 2-D, a size with a side effect, and nested scopes. */
int grid(int n, int m)
{
    double a[n][m + 1];
    work(a[0], n);                          /* chain: a */
    {
        int k = n * 2, b[k++][3];
        work(a[1], k);                      /* chain: a, b */
        typedef double row_t[m];
        row_t r, *rp = &r;
        work(*rp, m);                       /* chain: a, b, row_t, r */
        k += next();
    }
    return m;
}

/* In a loop body: declared again at every iteration. Pointers to VLAs
 * initialized by malloc, and two declarators in one statement. */
void loop(int n)
{
    for (int i = 1; i < n; i++) {
        double v[i], s = 0.5 * i;
        double (*p)[i] = malloc(sizeof *p * n), (*q)[2] = 0;
        work(v, i);
        work(p[0], (int)s);
        free(p);
        (void)q;
    }
}

/* A potential point in scope of one, recursion, and the user's own goto and
 * switch: their labels stay outside the arrays' scopes. */
int depth(int n)
{
    int total = 0;
again:
    switch (n) {
    case 0:
        return total;
    default: {
        int w[n];
        w[0] = n;
#pragma ckpt potential
        total += depth(n - 1);
        total += w[0];
        break;
    }
    }
    if (total < 0)
        goto again;
    return total;
}

/* A pointer to rows whose size shadows another local: renamed in the
 * output, in the size as well; a cast to a pointer to rows in an
 * initializer. */
void shadow(int n)
{
    int m = n;
    {
        int m = n + 1;
        double (*rows)[m] = 0;
        work(rows ? rows[0] : 0, m);
        double (*last)[m] = (double (*)[m])malloc(sizeof *last);
        work(last[0], 1);
    }
    work(0, m);
}
// REACHES: work
