/*
 * The executable's own malloc, free, calloc and realloc, which every library
 * of the process calls instead of glibc's (glibc supports replacing its
 * allocator this way, for its own calls too). They hand everything to
 * glibc's allocator, except while a wrapper of the runtime has asked, for
 * the duration of one C library call made on the program's behalf, that
 * the calling thread's allocations come from the checkpoint heap: so the
 * FILE of a stream the program opens is saved with the heap and is at the
 * same address after a recovery (files.c). Blocks are freed by whoever owns
 * their address.
 */
#include "heap.h"

#include <pthread.h>
#include <stdatomic.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t count, size_t n);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);

/* Under AddressSanitizer (AALC_SANITIZE) its allocator is the one to hand
 * over to, or the program's heap goes unchecked and blocks it allocated
 * inside the C library reach glibc's free: its interceptors, found when
 * linked in. */
void *__interceptor_malloc(size_t n) __attribute__((weak));
void *__interceptor_calloc(size_t count, size_t n) __attribute__((weak));
void *__interceptor_realloc(void *p, size_t n) __attribute__((weak));
void __interceptor_free(void *p) __attribute__((weak));

static void *next_malloc(size_t n)
{
    return __interceptor_malloc ? __interceptor_malloc(n) : __libc_malloc(n);
}

static void *next_calloc(size_t count, size_t n)
{
    return __interceptor_calloc ? __interceptor_calloc(count, n) : __libc_calloc(count, n);
}

static void *next_realloc(void *p, size_t n)
{
    return __interceptor_realloc ? __interceptor_realloc(p, n) : __libc_realloc(p, n);
}

static void next_free(void *p)
{
    if (__interceptor_free)
        __interceptor_free(p);
    else
        __libc_free(p);
}

static atomic_int routing;
static pthread_t routed_thread;

void ckpt_heap_route_begin(void)
{
    routed_thread = pthread_self();
    atomic_store_explicit(&routing, 1, memory_order_release);
}

void ckpt_heap_route_end(void) { atomic_store_explicit(&routing, 0, memory_order_release); }

static int routed(void)
{
    return atomic_load_explicit(&routing, memory_order_acquire) &&
           pthread_equal(routed_thread, pthread_self());
}

void *malloc(size_t n) { return routed() ? ckpt_heap_malloc(n) : next_malloc(n); }

void *calloc(size_t count, size_t n)
{
    return routed() ? ckpt_heap_calloc(count, n) : next_calloc(count, n);
}

void *realloc(void *p, size_t n)
{
    if (p ? ckpt_heap_owns(p) : routed())
        return ckpt_heap_realloc(p, n);
    return next_realloc(p, n);
}

void free(void *p)
{
    if (p && ckpt_heap_owns(p))
        ckpt_heap_free(p);
    else
        next_free(p);
}
