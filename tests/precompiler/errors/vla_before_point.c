/* The same for a potential point, and for a pointer to a VLA. */
void fill(int n)
{
    int (*grid)[n] = 0;
#pragma ckpt potential
    (void)grid;
}
// EXPECT-ERROR: 5:1: this potential checkpoint is in the scope of the variable-length array 'grid'
// EXPECT-NOTE: 4:11: 'grid' declared here
