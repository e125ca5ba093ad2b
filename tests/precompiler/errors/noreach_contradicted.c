/* noreach(g) for a function that this very unit shows to reach a potential
 * point: the call in main() would be left uninstrumented and the stack lost
 * at a checkpoint in g(). */
#pragma ckpt noreach(g)
void g(int n)
{
#pragma ckpt potential
    (void)n;
}

int main(void)
{
    g(1);
    return 0;
}
// EXPECT-ERROR: 4:1: 'g'
