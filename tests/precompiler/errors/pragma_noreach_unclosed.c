/* noreach( without a function name or closing parenthesis. */
#pragma ckpt noreach(
void f(void);
// EXPECT-ERROR: 2:21: malformed '#pragma ckpt'
