/*
 * quicksort.c -- recursive quicksort of many arrays, one after the other.
 *
 * Shows: a potential checkpoint deep inside a recursion. When a checkpoint
 * is taken, the stack holds a chain of quicksort() frames, each with its own
 * sub-range of a half-sorted heap array; recovery rebuilds that chain and
 * the sort carries on where it stopped.
 *
 * Usage: quicksort [arrays]   (default 64 arrays of 250000 ints)
 */
#include <stdio.h>
#include <stdlib.h>

#define LEN 250000
#define SMALL 16 /* ranges shorter than this are insertion-sorted */

/* A global pseudo-random generator: its state is saved with the globals. */
static unsigned long long rng = 0x9E3779B97F4A7C15ULL;

static unsigned next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

static void insertion_sort(int *a, long lo, long hi)
{
    for (long i = lo + 1; i <= hi; i++) {
        int v = a[i];
        long j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* Hoare partition around the median of three; returns the split point. */
static long partition(int *a, long lo, long hi)
{
    long mid = lo + (hi - lo) / 2;
    int x = a[lo], y = a[mid], z = a[hi];
    int pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
    long i = lo - 1, j = hi + 1;
    for (;;) {
        do i++; while (a[i] < pivot);
        do j--; while (a[j] > pivot);
        if (i >= j)
            return j;
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* Sorts a[lo..hi]. Every level of the recursion is a place to checkpoint. */
static void quicksort(int *a, long lo, long hi, int depth)
{
    if (hi - lo < SMALL) {
        insertion_sort(a, lo, hi);
        return;
    }
#pragma ckpt potential
    long p = partition(a, lo, hi);
    /* Calls that may reach a checkpoint are statements of their own. */
    quicksort(a, lo, p, depth + 1);
    quicksort(a, p + 1, hi, depth + 1);
}

int main(int argc, char **argv)
{
    int arrays = argc > 1 ? atoi(argv[1]) : 64;
    unsigned long long checksum = 0;

    printf("quicksort: %d arrays of %d ints\n", arrays, LEN);
    for (int k = 0; k < arrays; k++) {
        int *a = malloc(LEN * sizeof *a);
        for (long i = 0; i < LEN; i++)
            a[i] = (int)(next_rand() % 1000000);

        quicksort(a, 0, LEN - 1, 0);

        for (long i = 1; i < LEN; i++)
            if (a[i - 1] > a[i]) {
                printf("array %d: NOT SORTED at %ld\n", k, i);
                return 1;
            }
        unsigned long long h = 0;
        for (long i = 0; i < LEN; i += 97)
            h = h * 1000003u + (unsigned)a[i];
        checksum ^= h + (unsigned long long)k;
        printf("array %2d: min %6d median %6d max %6d hash %016llx\n", k, a[0], a[LEN / 2],
               a[LEN - 1], h);
        free(a);
    }
    printf("checksum %016llx\n", checksum);
    return 0;
}
