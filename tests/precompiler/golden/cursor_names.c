/* Locals named like the cursors that save and restore blocks copy a frame's
 * values through (ckpt_to, ckpt_from). The cursors take names the file does
 * not use (here ckpt_to_2 and ckpt_from_3: ckpt_from_2 is taken too), so
 * every local is saved and restored under its own name, also in the entry
 * table that reads a variable-length array's size. */
void work(int *v, int n);

static void step(int *v, int n)
{
#pragma ckpt potential
    work(v, n);
}

static int relay(int ckpt_to, int ckpt_from)
{
    int ckpt_from_2 = ckpt_to + ckpt_from;
    int row[ckpt_from_2 % 4 + 1];
    row[0] = ckpt_from;
    step(row, ckpt_from_2 % 4 + 1);
    return ckpt_to * ckpt_from + row[0];
}

int main(void)
{
    int ckpt_to = 3;
    for (int i = 0; i < 10; i++)
        ckpt_to += relay(ckpt_to, i);
    return ckpt_to & 1;
}
