/*
 * Link-time redirection of the C allocator to the checkpoint heap.
 *
 * Programs are linked with -Wl,--wrap=malloc (and the other names in
 * runtime/wrapped-symbols.opt), so their calls to malloc land in __wrap_malloc
 * here, and __real_malloc names libc's. Only references from the program's
 * own objects are redirected: libc and shared libraries keep allocating with
 * libc's malloc. Such blocks can reach the program (getline, open_memstream,
 * asprintf, realpath...), so free/realloc/malloc_usable_size send pointers
 * the checkpoint heap does not own back to libc.
 */
#define _GNU_SOURCE
#include "heap.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
size_t __real_malloc_usable_size(void *p);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t count, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
int __wrap_posix_memalign(void **out, size_t alignment, size_t n);
void *__wrap_aligned_alloc(size_t alignment, size_t n);
void *__wrap_memalign(size_t alignment, size_t n);
void *__wrap_valloc(size_t n);
size_t __wrap_malloc_usable_size(void *p);
void *__wrap_reallocarray(void *p, size_t count, size_t n);

void *__wrap_malloc(size_t n) { return ckpt_heap_malloc(n); }

void *__wrap_calloc(size_t count, size_t n) { return ckpt_heap_calloc(count, n); }

void *__wrap_realloc(void *p, size_t n)
{
    if (p && !ckpt_heap_owns(p))
        return __real_realloc(p, n);
    return ckpt_heap_realloc(p, n);
}

void __wrap_free(void *p)
{
    if (p && !ckpt_heap_owns(p)) {
        __real_free(p);
        return;
    }
    ckpt_heap_free(p);
}

size_t __wrap_malloc_usable_size(void *p)
{
    if (p && !ckpt_heap_owns(p))
        return __real_malloc_usable_size(p);
    return ckpt_heap_usable_size(p);
}

/* libc's strdup would allocate with libc's malloc: copy into the heap instead. */
char *__wrap_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = ckpt_heap_malloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

char *__wrap_strndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *copy = ckpt_heap_malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

/* POSIX: the alignment must be a power of two multiple of sizeof(void *); errno untouched. */
int __wrap_posix_memalign(void **out, size_t alignment, size_t n)
{
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0)
        return EINVAL;
    int saved_errno = errno;
    int rc = ckpt_heap_memalign(out, alignment, n);
    errno = saved_errno;
    return rc;
}

static void *aligned_or_null(size_t alignment, size_t n)
{
    void *p;
    int rc = ckpt_heap_memalign(&p, alignment, n);
    if (rc != 0) {
        errno = rc;
        return NULL;
    }
    return p;
}

/* Like glibc: any power of two is accepted, anything else is EINVAL. */
void *__wrap_aligned_alloc(size_t alignment, size_t n) { return aligned_or_null(alignment, n); }

/* Like glibc: an alignment that is not a power of two is rounded up to one. */
void *__wrap_memalign(size_t alignment, size_t n)
{
    if (alignment & (alignment - 1)) {
        size_t pow2 = 1;
        while (pow2 < alignment && pow2 <= (SIZE_MAX >> 1))
            pow2 <<= 1;
        if (pow2 < alignment) {
            errno = EINVAL;
            return NULL;
        }
        alignment = pow2;
    }
    if (alignment == 0)
        alignment = 1;
    return aligned_or_null(alignment, n);
}

void *__wrap_valloc(size_t n) { return aligned_or_null((size_t)sysconf(_SC_PAGESIZE), n); }

/* Only active when reallocarray is in the --wrap list too (it should be:
 * glibc's reallocarray would call libc's realloc on a heap block). */
void *__wrap_reallocarray(void *p, size_t count, size_t n)
{
    size_t total;
    if (__builtin_mul_overflow(count, n, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return __wrap_realloc(p, total);
}

/* The runtime's own bookkeeping: libc memory, never part of a checkpoint. */
void *ckpt_untracked_malloc(size_t n) { return __real_malloc(n); }
void *ckpt_untracked_realloc(void *p, size_t n) { return __real_realloc(p, n); }
void ckpt_untracked_free(void *p) { __real_free(p); }
