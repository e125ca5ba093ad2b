/* Prints steadily, to stdout and stderr, so that a kill at any moment leaves
 * lines printed after the last checkpoint: tests/output_once.py checks that
 * a recovery does not print them again when the output is a pipe.
 * Arguments: lines (default 1500), work per line (default 800000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long spin(unsigned long x, int n)
{
    for (int k = 0; k < n; k++)
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    return x;
}

int main(int argc, char **argv)
{
    int lines = argc > 1 ? atoi(argv[1]) : 1500;
    int work = argc > 2 ? atoi(argv[2]) : 800000;
    static char wide[5001];
    unsigned long x = 1;
    for (int i = 0; i < lines; i++) {
        x = spin(x, work);
        printf("line %d of %d: %016lx\n", i, lines, x);
        /* Some lines reach the pipe at once, others in stdio's blocks. */
        if (i % 3 == 0)
            fflush(stdout);
        /* Now and then more than a pipe takes in one atomic write. */
        if (i % 97 == 0) {
            memset(wide, 'a' + i % 26, sizeof wide - 1);
            printf("%s\n", wide);
        }
        if (i % 10 == 0) {
            /* stdout first: with 2>&1 the order on the pipe is then the same
             * wherever stdio's blocks (or a checkpoint's flush) end. */
            fflush(stdout);
            fprintf(stderr, "progress %d: %016lx\n", i, x);
        }
#pragma ckpt potential
    }
    printf("done: %016lx\n", x);
    return 0;
}
