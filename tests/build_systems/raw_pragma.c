/* The directive written raw: a plain `cc -Wall` warns about it (unknown
 * pragma), which <aalc/ckpt_pragmas.h> is there to avoid. */
int main(void)
{
    int n = 0;
    for (int i = 0; i < 3; i++) {
#pragma ckpt potential
        n += i;
    }
    return n == 3 ? 0 : 1;
}
