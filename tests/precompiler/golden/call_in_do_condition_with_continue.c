/* do { ... continue; ... } while (f(i)): 'continue' goes to the condition.
 * The condition moves to the end of the body, behind a label, and each
 * 'continue' of this loop (not the one of the inner loop) becomes a 'goto'
 * to it. */
int f(int i)
{
#pragma ckpt potential
    return i < 10;
}

void loop(int i)
{
    do {
        if (i % 2)
            continue;
        for (int k = 0; k < 2; k++)
            if (k)
                continue;
        i += 3;
    } while (f(++i));
}
// NORMALIZED-LINES: 13 15 20
