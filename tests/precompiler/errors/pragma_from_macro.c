/* _Pragma("ckpt potential") coming from a macro expansion. */
#define CHECKPOINT _Pragma("ckpt potential")

void f(void)
{
    CHECKPOINT;
}
// EXPECT-ERROR: 6:5: '#pragma ckpt potential' cannot come from a macro
