/* Threads started through a trampoline that keeps count of those still
 * running: one more when a thread is made, one fewer when it ends (its start
 * routine returns, it calls pthread_exit, or it is cancelled). The program's
 * own threads are counted so (unsaved.c), and so are the OpenMP library's
 * (openmp_threads.c). */
#ifndef AALC_COUNTED_THREADS_H
#define AALC_COUNTED_THREADS_H

#include <pthread.h>
#include <stdatomic.h>

typedef int ckpt_thread_create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

/* Makes the thread with `create` (the C library's pthread_create); *count
 * counts it until it ends. pthread_create's result. */
int ckpt_create_counted_thread(ckpt_thread_create_fn *create, atomic_int *count, pthread_t *thread,
                               const pthread_attr_t *attr, void *(*routine)(void *), void *arg);

#endif
