/* For the clean-up case of tools_test.py: passes potential points (where
 * checkpoints are taken), prints a sum, then calls exit() with the status
 * given as its argument. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int status = argc > 1 ? atoi(argv[1]) : 0;
    long sum = 0;
    for (int i = 0; i < 1000; i++) {
#pragma ckpt potential
        sum += i;
    }
    printf("sum %ld\n", sum);
    exit(status);
}
