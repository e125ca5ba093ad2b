/* The call would overtake the array's size, which reads what it changes,
 * and a declaration with a variable-length array is not split: refused,
 * saying how to write it. */
int n = 2;

int f(int a)
{
#pragma ckpt potential
    n++;
    return a;
}

int sizes(void)
{
    int arr[n], b = f(1) + 1;
    return (int)sizeof arr + b;
}
// EXPECT-ERROR: call_after_vla_declarator.c:15:21: declare each variable (and the enum) in a statement of its own
