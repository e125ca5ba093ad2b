/* The same as indirect_call_in_expression.c, with the address of the
 * reaching function taken in a table at file scope (the usual way to write a
 * dispatch table) rather than inside a function body. */
static int work(int n)
{
#pragma ckpt potential
    return n;
}

int (*const handlers[1])(int) = {work};

int run(int k)
{
    int r = handlers[0](k) + 1;
    return r;
}
