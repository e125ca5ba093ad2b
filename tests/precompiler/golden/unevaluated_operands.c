/* Calls C does not evaluate are not calls: the controlling expression of a
 * _Generic and its other associations, the operand __builtin_choose_expr
 * does not choose, and the operands of __builtin_constant_p and
 * __builtin_object_size. Only the evaluated call is moved out, once. */
int calls;

int f(int a)
{
#pragma ckpt potential
    return a + calls++;
}

int iabs(int a) { return a < 0 ? -a : a; }
double dabs(double a) { return a < 0 ? -a : a; }
#define ABS(x) _Generic((x), int: iabs, default: dabs)(x)

int generic(int a)
{
    int y = ABS(f(a)) + 1;
    int z = _Generic(a, int: 1, double: f(1)) + f(2);
    return y + z;
}

int builtins(int a)
{
    int y = __builtin_choose_expr(0, f(3), 7) + f(a);
    int z = __builtin_constant_p(f(1)) + (int)__builtin_object_size(&"abc"[f(2)], 0) + f(a);
    return y + z;
}
// NORMALIZED-LINES: 19 20 26 27
