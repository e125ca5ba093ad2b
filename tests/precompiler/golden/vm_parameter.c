/* A parameter of variably modified type (int (*a)[n] is a pointer to rows
 * of n ints) is in scope from the function's entry, so the jump to a restore
 * label never enters its scope: it is saved like any pointer. */
void use(int v);

void vm_param(int n, int (*a)[n])
{
    use(a[0][0]);
}
// REACHES: use
