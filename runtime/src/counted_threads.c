/* Threads counted while they run (counted_threads.h). */
#include "counted_threads.h"

#include <aalc/ckpt_layer_services.h>

#include <errno.h>

struct counted_start {
    void *(*routine)(void *);
    void *arg;
    atomic_int *count;
};

static void count_ending(void *count)
{
    atomic_fetch_sub((atomic_int *)count, 1);
}

static void *run_counted(void *p)
{
    struct counted_start start = *(struct counted_start *)p;
    ckpt_untracked_free(p);
    void *result;
    pthread_cleanup_push(count_ending, start.count);
    result = start.routine(start.arg);
    pthread_cleanup_pop(1);
    return result;
}

int ckpt_create_counted_thread(ckpt_thread_create_fn *create, atomic_int *count, pthread_t *thread,
                               const pthread_attr_t *attr, void *(*routine)(void *), void *arg)
{
    struct counted_start *start = ckpt_untracked_malloc(sizeof *start);
    if (!start)
        return EAGAIN;
    *start = (struct counted_start){routine, arg, count};
    atomic_fetch_add(count, 1);
    int rc = create(thread, attr, run_counted, start);
    if (rc != 0) {
        atomic_fetch_sub(count, 1);
        ckpt_untracked_free(start);
    }
    return rc;
}
