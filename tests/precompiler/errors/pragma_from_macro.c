/* _Pragma("ckpt potential") coming from a macro that expands to more than the
 * directive: replacing the macro's use would lose the rest (a macro that is
 * the directive alone is accepted: golden/pragma_macro.c). */
#define CHECKPOINT_THEN(stmt) _Pragma("ckpt potential") stmt

void f(int *p)
{
    CHECKPOINT_THEN(*p = 1);
}
// EXPECT-ERROR: 8:5: '#pragma ckpt potential' cannot come from a macro that holds more than the directive
