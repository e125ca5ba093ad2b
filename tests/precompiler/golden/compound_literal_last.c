/* A statement whose last token is a compound literal's '}' ends at its ';':
 * the block around it closes after the ';', alone or as an if's branch. */
struct S {
    int a, b;
};

int f(int a)
{
#pragma ckpt potential
    return a;
}

struct S make(int x)
{
    if (x < 0)
        return (struct S){.a = f(-x), .b = 1};
    return (struct S){.a = f(x), .b = 2};
}
// NORMALIZED-LINES: 16 17
