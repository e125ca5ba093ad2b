/* Right after a case label, the point would be part of the labelled
 * statement. */
void y(void);

void f(int x)
{
    switch (x) {
    case 1:
#pragma ckpt potential
        y();
        break;
    }
}
// EXPECT-ERROR: 9:1: '#pragma ckpt potential' must stand between the statements of a block
