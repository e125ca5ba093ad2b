/* The same for a potential point, and for a pointer to a VLA: its
 * constant initializer stays as it is. */
void fill(int n)
{
    int (*grid)[n] = 0;
#pragma ckpt potential
    (void)grid;
}
