/* _Pragma("ckpt potential") is the same directive as #pragma ckpt potential,
 * and may share its line with code, which must be kept. */
static int count;

static void work(void)
{
    count++;
}

void loop(int n)
{
    for (int i = 0; i < n; i++) {
        _Pragma("ckpt potential") work();
    }
}
