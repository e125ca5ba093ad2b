/* Locals named like the cursors that save and restore blocks copy the
 * frame's values through (ckpt_to, ckpt_from). The cursors take names the
 * file does not use (ckpt_to_2, ckpt_from_3: ckpt_from_2 is taken too), so
 * every local is saved and restored under its own name. */
void work(int *v);

int relay(int ckpt_to, int ckpt_from)
{
    int ckpt_from_2 = ckpt_to + ckpt_from;
    work(&ckpt_from_2);
    return ckpt_to * ckpt_from + ckpt_from_2;
}

int main(void)
{
    int ckpt_to = 3;
    for (int i = 0; i < 10; i++) {
        ckpt_to += relay(ckpt_to, i);
#pragma ckpt potential
    }
    return ckpt_to & 1;
}
