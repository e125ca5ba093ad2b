/* A potential point as the body of an unbraced if is not between two
 * statements of a block. */
void y(void);

void f(int x)
{
    if (x)
#pragma ckpt potential
        y();
}
// EXPECT-ERROR: 8:1: '#pragma ckpt potential' must stand between the statements of a block
