/* Two sites with nothing between them: the save block of the first goes
 * where the held result of the second starts. ckpt-instrument crashed here
 * (segmentation fault in Rewriter::ReplaceText). */
int g(int a);

int adjacent(int a, int b)
{
    a = g(a);b = g(b);
    return a + b;
}
// REACHES: g
