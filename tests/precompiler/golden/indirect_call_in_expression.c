/* A call through a function pointer inside an expression, in a file where a
 * function that reaches a checkpoint has its address taken: moved out like
 * a direct call. */
static int work(int n)
{
#pragma ckpt potential
    return n;
}

int run(int k)
{
    int (*fp)(int) = work;
    int r = fp(k) + 1;
    return r;
}
