/* A potential point between two function definitions. */
void f(void)
{
}
#pragma ckpt potential
void g(void)
{
}
// EXPECT-ERROR: 5:1: '#pragma ckpt potential' must be inside a function body
