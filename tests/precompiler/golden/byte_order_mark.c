/* A file that starts with a UTF-8 byte-order mark (editors on Windows write
 * one): the mark stays the first bytes of the output, and the inserted
 * #include and #line come after it. Before, they went first and gcc refused
 * the mark in the middle of the file. */
int step(int x);

int loop(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
#pragma ckpt potential
        s = step(s + i);
    }
    return s;
}
// REACHES: step
