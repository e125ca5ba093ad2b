/* seed_program.c -- a small program whose checkpoint image seeds the fuzz
 * corpus (make_seeds.sh): a few frames deep, a long heap block (its pages
 * placed for moving, after a padding record), a freed block and globals;
 * a stream and a descriptor open on files, so that the image's open-files
 * section has records (paths of different lengths) to mutate. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long counter;
static char *block, *small;

static long depth(int n, long acc)
{
    if (n == 0) {
        for (long i = 0; i < 3; i++) {
#pragma ckpt potential
            acc += block[i * 4096] + small[i];
            counter++;
        }
        return acc;
    }
    long r = depth(n - 1, acc + n);
    return r;
}

int main(void)
{
    char *freed = malloc(3000);
    block = malloc(80 * 1024);
    small = malloc(64);
    memset(block, 'b', 80 * 1024);
    memset(small, 's', 64);
    free(freed);
    FILE *log = fopen("seed-log.txt", "w");
    int data = open("seed-data-with-a-longer-name.bin", O_RDWR | O_CREAT, 0600);
    if (!log || data < 0)
        return 1;
    fprintf(log, "started\n");
    long r = depth(3, 0);
    printf("%ld %ld\n", r, counter);
    fclose(log);
    close(data);
    return 0;
}
