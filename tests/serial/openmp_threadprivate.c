/* An OpenMP program with a threadprivate counter and a potential point
 * between its parallel regions: what a checkpoint does not save of it (the
 * counters of threads other than the program thread) must be said
 * (openmp_threadprivate.py). Prints the sum of every thread's counter over
 * the steps. */
#include <omp.h>
#include <stdio.h>

static long counter;
#pragma omp threadprivate(counter)

int main(void)
{
    long total = 0;
    for (int step = 0; step < 400; step++) {
#pragma ckpt potential
#pragma omp parallel reduction(+ : total)
        {
            counter++;
            total += counter;
        }
    }
    printf("%ld\n", total);
    return 0;
}
