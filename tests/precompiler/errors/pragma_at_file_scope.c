/* A potential point outside every function. */
#pragma ckpt potential
void f(void);
// EXPECT-ERROR: 2:1: '#pragma ckpt potential' must be inside a function body
