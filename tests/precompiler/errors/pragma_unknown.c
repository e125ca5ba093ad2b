/* Any '#pragma ckpt' other than 'potential' and 'noreach(...)' is an error,
 * never silently ignored. */
void f(void)
{
#pragma ckpt frobnicate
}
// EXPECT-ERROR: 5:14: unknown directive '#pragma ckpt frobnicate'
