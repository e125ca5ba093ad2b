/* while (step(&s)): the condition moves into the loop, 'while (1) { if
 * (!(step(&s))) break; ... }', whose if a second pass rewrites. */
int step(int *s)
{
#pragma ckpt potential
    return --*s;
}

void run(int s)
{
    while (step(&s))
        ;
}
