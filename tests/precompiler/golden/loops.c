/* Loops and switch: calls that may reach a checkpoint and potential points
 * inside for, while and do bodies, braced and unbraced, nested, and in switch
 * cases. The restore label sits inside the loop body; once the call returns
 * the loop goes on with its condition as usual. */
void work(int i);

void for_loops(int n)
{
    for (int i = 0; i < n; i++) {
#pragma ckpt potential
        work(i);
    }
    for (int i = 0, j = n; i < j; i++, j--)
        work(i + j);
    for (int row = 0; row < n; row++) {
        int base = row * n;
        for (int col = 0; col < n; col++) {
            work(base + col);
        }
    }
}

void while_loops(int n)
{
    int i = 0;
    while (i < n) {
        work(i);
        i++;
    }
    while (n-- > 0)
        work(n);
}

void do_loops(int n)
{
    int k = n;
    do {
        int half = k / 2;
#pragma ckpt potential
        work(half);
        k = half;
    } while (k > 0);
    do
        work(k);
    while (++k < n);
}

int switches(int op, int x)
{
    int r = 0;
    switch (op) {
    case 0:
        work(x);
        break;
    case 1: {
        int y = x * 2;
        work(y);
        r = y;
        break;
    }
    case 2:
        r = x;
#pragma ckpt potential
        work(r);
        /* fall through */
    default:
        r += x;
        break;
    }
    return r;
}
// REACHES: work
