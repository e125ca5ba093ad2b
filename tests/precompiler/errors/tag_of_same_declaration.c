/* The call names, in a type, the struct its declaration defines: moved
 * ahead of the declaration, `struct S` would be the file's (sizeof 1, not
 * 40). Refused. */
struct S {
    char c;
};

int f(int a)
{
#pragma ckpt potential
    return a;
}

int use(void)
{
    struct S { int a[10]; } s = {{f((int)sizeof(struct S))}};
    return s.a[0];
}
// EXPECT-ERROR: tag_of_same_declaration.c:16:35: uses a variable, tag or enum constant of the same declaration
