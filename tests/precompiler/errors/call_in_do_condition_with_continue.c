/* do { ... continue; ... } while (f(i)): 'continue' goes to the condition,
 * which cannot move into the body without rewriting every 'continue'. */
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
        i += 3;
    } while (f(++i));
}
// EXPECT-ERROR: 15:14: the call to 'f' may reach a potential checkpoint and cannot be restored where it stands: it is in the condition of a do-while loop whose body has 'continue'
