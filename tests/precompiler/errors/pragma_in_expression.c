/* A potential point inside an initializer. */
int f(void)
{
    int v[] = {
        1,
#pragma ckpt potential
        2};
    return v[1];
}
// EXPECT-ERROR: 6:1: '#pragma ckpt potential' must stand between the statements of a block
