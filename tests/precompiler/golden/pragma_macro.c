/* A macro that is _Pragma("ckpt potential") alone (CKPT_POTENTIAL of
 * <aalc/ckpt_pragmas.h>) marks a potential checkpoint where it is used,
 * written like the directive or with a semicolon after it. */
#define CKPT_POTENTIAL _Pragma("ckpt potential")

static int count;

static void work(void)
{
    count++;
}

void loop(int n)
{
    for (int i = 0; i < n; i++) {
        CKPT_POTENTIAL
        work();
    }
    while (n-- > 0) {
        CKPT_POTENTIAL;
        work();
    }
}
