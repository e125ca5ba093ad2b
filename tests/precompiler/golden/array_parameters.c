/* Parameters declared as arrays are pointers, and are saved as pointers.
 * The output must compile without warnings: gcc warns by default
 * (-Wsizeof-array-argument) about sizeof on an array parameter, which
 * CKPT_SAVE and CKPT_RESTORE use. 'char *argv[]' is the common case. */
void use(double v);

void scale(double v[], int n, double m[4][4], const char name[static 1])
{
    use(v[0] + m[0][0] + n + name[0]);
}

int main(int argc, char *argv[])
{
    double row[4][4] = {{1}};
    scale(row[0], argc, row, argv[0]);
    return 0;
}
// REACHES: use
