/* The threads the OpenMP library runs for the program's teams.
 *
 * A checkpoint reads, and a recovery writes, the thread-locals of every
 * thread of the program's last team in a parallel region of the runtime's
 * own (openmp_state.c). That region must be at least as large as the last
 * team: a smaller one makes libgomp end the threads it does not use, and
 * their threadprivate values with them. No OpenMP call tells the size of the
 * last team outside a region, so the runtime counts the threads: it defines
 * pthread_create, which the OpenMP library calls through the executable, and
 * counts the threads made from that library until they end. A thread that
 * is ending when the count is read makes the region one larger than the team:
 * harmless, the team's own threads keep their places (openmp_state.c). */
#ifndef AALC_OPENMP_THREADS_H
#define AALC_OPENMP_THREADS_H

/* At start-up, before the program runs: finds the OpenMP library loaded
 * with the program, if any, so that pthread_create can tell its threads by
 * their creator's address without taking the dynamic loader's locks. */
void ckpt_openmp_threads_init(void);

/* Whether the count below can be trusted: the OpenMP library calls this
 * pthread_create (the executable exports it) and was loaded at start-up. */
int ckpt_openmp_threads_counted(void);

/* How many threads the OpenMP library made that have not ended. */
int ckpt_openmp_threads_alive(void);

#endif
