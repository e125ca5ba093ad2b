/* Calls in unevaluated operands (sizeof, typeof) are not calls: they are
 * neither refused nor instrumented, and probe() does not reach a point. */
int step(int s)
{
#pragma ckpt potential
    return s;
}

int probe(int s)
{
    __typeof__(step(s)) copy = s;
    return (int)sizeof(step(s)) + copy;
}
