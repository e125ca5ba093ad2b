/* Held results whose type is written with a declarator around the name: a
 * pointer to a function and a pointer to an array, without typedefs. */
int (*lookup(int k))(int);
int (*row_of(int k))[4];

int (*forward(int k))(int)
{
    return lookup(k);
}

int apply(int k)
{
    int (*fp)(int);
    int (*row)[4];
    fp = lookup(k);
    row = row_of(k);
    return fp(k) + (*row)[0];
}
// REACHES: lookup row_of
