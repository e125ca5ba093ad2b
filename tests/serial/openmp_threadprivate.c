/* An OpenMP program whose threads keep state of their own between parallel
 * regions: a threadprivate counter and a _Thread_local, both different in
 * every thread. Its regions ask for 4 threads (num_threads), more than the
 * OMP_NUM_THREADS the test runs it with, so the runtime must size its own
 * region by the program's last team, not by the default. The potential
 * point is between the regions. Every 100 steps it prints the sum of every
 * thread's values: a thread restarting from its initial values, or holding
 * another thread's, changes it. It also sets the OpenMP settings a program
 * can change and prints them: the test recovers it with other OMP_DYNAMIC,
 * OMP_SCHEDULE and OMP_MAX_ACTIVE_LEVELS, which the recovery must not take.
 *
 *   openmp_threadprivate [steps]   default 40000 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long counter;
#pragma omp threadprivate(counter)
static _Thread_local int calls = 7;

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 40000;
    long total = 0;
    omp_set_dynamic(0);
    omp_set_schedule(omp_sched_dynamic, 7);
    omp_set_max_active_levels(2);
    for (int step = 0; step < steps; step++) {
#pragma ckpt potential
#pragma omp parallel num_threads(4) reduction(+ : total)
        {
            counter += omp_get_thread_num() + 1;
            calls += 2 * omp_get_thread_num() + 1;
            total += counter * 3 + calls;
        }
        if (step % 100 == 99) {
            omp_sched_t kind;
            int chunk;
            omp_get_schedule(&kind, &chunk);
            printf("step %d: total %ld, dynamic %d, schedule %d/%d, levels %d\n", step + 1, total,
                   omp_get_dynamic(), (int)kind, chunk, omp_get_max_active_levels());
        }
    }
    return 0;
}
