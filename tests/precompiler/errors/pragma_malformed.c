/* Other malformed directives, one diagnostic each. */
#pragma ckpt
#pragma ckpt noreach
#pragma ckpt noreach()
#pragma ckpt noreach(a,)
#pragma ckpt noreach(a b)
#pragma ckpt noreach(a) extra
#pragma ckpt potential now
#pragma ckpt noreach(42)
void f(void);
// EXPECT-ERROR: 2:9: empty '#pragma ckpt'
// EXPECT-ERROR: 3:14: malformed '#pragma ckpt'
// EXPECT-ERROR: 4:22: malformed '#pragma ckpt'
// EXPECT-ERROR: 5:24: malformed '#pragma ckpt'
// EXPECT-ERROR: 6:24: malformed '#pragma ckpt'
// EXPECT-ERROR: 7:25: malformed '#pragma ckpt'
// EXPECT-ERROR: 8:24: malformed '#pragma ckpt'
// EXPECT-ERROR: 9:22: malformed '#pragma ckpt'
