/* Recursion. Direct: tree() (two recursive calls, as a declaration and as
 * an assignment) and sum_to() (potential point before the recursive call,
 * tail call in a return). Mutual: is_even()/is_odd() through a forward
 * declaration; is_odd() has no point of its own but reaches one through
 * is_even(). count_down() recurses but reaches no point: left alone. */
static int is_odd(unsigned n);

static int is_even(unsigned n)
{
    if (n == 0) {
#pragma ckpt potential
        return 1;
    }
    return is_odd(n - 1);
}

static int is_odd(unsigned n)
{
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int tree(int depth)
{
    if (depth == 0) {
#pragma ckpt potential
        return 1;
    }
    int left = tree(depth - 1);
    int right;
    right = tree(depth - 1);
    return left + right;
}

long sum_to(long n, long acc)
{
    if (n == 0)
        return acc;
#pragma ckpt potential
    return sum_to(n - 1, acc + n);
}

static int count_down(int n)
{
    return n == 0 ? 0 : count_down(n - 1);
}

int main(void)
{
    int r = tree(3);
    r += is_even(10);
    long s = sum_to(5, 0);
    return (int)(s + r + count_down(3)) & 1;
}
