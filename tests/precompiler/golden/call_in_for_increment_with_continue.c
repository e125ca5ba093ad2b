/* for (...; ...; i = f(i)) whose body has 'continue': the increment moves
 * to the end of the body behind a label, and each 'continue' of this loop
 * becomes a 'goto' to it; one inside a switch is the loop's too. */
int f(int i)
{
#pragma ckpt potential
    return i + 1;
}

int walk(int n)
{
    int odd = 0;
    for (int i = 0; i < n; i = f(i)) {
        switch (i % 3) { case 0: continue; default: break; }
        if (i % 2)
            continue;
        odd++;
    }
    return odd;
}
// NORMALIZED-LINES: 13 14 16
