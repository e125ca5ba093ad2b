/* Counting the OpenMP library's threads (openmp_threads.h). */
#define _GNU_SOURCE
#include "openmp_threads.h"

#include <aalc/ckpt_layer_services.h>

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

typedef int create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static atomic_int alive;
static pthread_key_t ending_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

int ckpt_openmp_threads_alive(void)
{
    return atomic_load(&alive);
}

/* The key's destructor runs when a counted thread ends, whether its start
 * routine returned or it called pthread_exit. */
static void count_ending(void *unused)
{
    (void)unused;
    atomic_fetch_sub(&alive, 1);
}

static void make_key(void)
{
    if (pthread_key_create(&ending_key, count_ending) != 0)
        ending_key = (pthread_key_t)-1;
}

/* Whether the code at `caller` belongs to an OpenMP library: the shared
 * object it is in defines the entry point code compiled with -fopenmp calls
 * for a parallel region. */
static int in_openmp_library(const void *caller)
{
    Dl_info at;
    if (!dladdr(caller, &at) || !at.dli_fname || !at.dli_fname[0])
        return 0;
    void *object = dlopen(at.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!object)
        return 0;
    void *entry = dlsym(object, "GOMP_parallel");
    Dl_info defined;
    int yes = entry && dladdr(entry, &defined) && defined.dli_fbase == at.dli_fbase;
    dlclose(object);
    return yes;
}

struct counted_start {
    void *(*routine)(void *);
    void *arg;
};

static void *start_counted(void *p)
{
    struct counted_start start = *(struct counted_start *)p;
    ckpt_untracked_free(p);
    pthread_setspecific(ending_key, &alive); /* any non-NULL value */
    return start.routine(start.arg);
}

static create_fn *real_pthread_create(void)
{
    static _Atomic(create_fn *) real;
    create_fn *fn = atomic_load(&real);
    if (!fn) {
        fn = (create_fn *)(uintptr_t)dlsym(RTLD_NEXT, "pthread_create");
        atomic_store(&real, fn);
    }
    return fn;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *),
                   void *arg)
{
    create_fn *create = real_pthread_create();
    if (!create)
        return EAGAIN;
    if (!in_openmp_library(__builtin_return_address(0)))
        return create(thread, attr, routine, arg);
    pthread_once(&key_once, make_key);
    struct counted_start *start = ckpt_untracked_malloc(sizeof *start);
    if (!start || ending_key == (pthread_key_t)-1) {
        ckpt_untracked_free(start);
        return create(thread, attr, routine, arg);
    }
    start->routine = routine;
    start->arg = arg;
    atomic_fetch_add(&alive, 1);
    int rc = create(thread, attr, start_counted, start);
    if (rc != 0) {
        atomic_fetch_sub(&alive, 1);
        ckpt_untracked_free(start);
    }
    return rc;
}
