/* Potential points: several in one function (labels in source order), as
 * the first and the last statement of a block, followed by a declaration, in
 * an else branch, with a comment on the directive's line, in main (argv is
 * saved, argc is dead), and in functions returning void, a struct and a pointer
 * (the collapse returns a zero value of the type). */
#include <stdio.h>

struct pair {
    int lo, hi;
};

void phases(int n)
{
#pragma ckpt potential
    int total = 0;
    for (int i = 0; i < n; i++) {
        total += i;
#pragma ckpt potential /* once per iteration */
    }
    if (total > 100) {
        total = 100;
    } else {
#pragma ckpt potential
        total++;
    }
    printf("%d\n", total);
}

struct pair split(int v)
{
    struct pair p = {v / 2, v - v / 2};
#pragma ckpt potential
    return p;
}

char *pick(char **names, int k)
{
#pragma ckpt potential
    return names[k];
}

int main(int argc, char **argv)
{
    int rounds = argc;
#pragma ckpt potential
    phases(rounds);
    struct pair p = split(rounds);
    char *name = pick(argv, 0);
    printf("%d %d %s\n", p.lo, p.hi, name);
    return 0;
}
