#define _GNU_SOURCE
#include "unsaved.h"

#include "counted_threads.h"
#include "heap.h"
#include "log.h"
#include "program_calls.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/shm.h>

#define MAX_MAPPINGS 256

static struct mapping {
    uintptr_t start;
    size_t length;
    const char *what;
    int reported;
} mappings[MAX_MAPPINGS];
static int mapping_count, mappings_overflowed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int threads_running, threads_reported;

void *__real_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
int __real_munmap(void *addr, size_t length);
void *__real_shmat(int id, const void *addr, int flags);
int __real_shmdt(const void *addr);
int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                          void *(*start)(void *), void *arg);

static void remember(void *start, size_t length, const char *what)
{
    pthread_mutex_lock(&lock);
    if (mapping_count < MAX_MAPPINGS)
        mappings[mapping_count++] = (struct mapping){(uintptr_t)start, length, what, 0};
    else
        mappings_overflowed = 1;
    pthread_mutex_unlock(&lock);
}

/* Mappings wholly inside [start, start + length) are gone (one partly
 * unmapped stays listed: its rest was reported already). */
static void forget(const void *start, size_t length)
{
    uintptr_t s = (uintptr_t)start, e = s + length;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < mapping_count; i++)
        if (s <= mappings[i].start && e >= mappings[i].start + mappings[i].length)
            mappings[i--] = mappings[--mapping_count];
    pthread_mutex_unlock(&lock);
}

/* Anonymous private memory the program maps where the kernel chooses comes
 * from the checkpoint heap instead (page-aligned, zeroed): it is then saved
 * with the heap, and is at the same address after a recovery. */
static void *from_heap(void *addr, size_t length, int prot, int flags, int fd)
{
    int odd = MAP_SHARED | MAP_FIXED | MAP_FIXED_NOREPLACE | MAP_HUGETLB | MAP_GROWSDOWN;
    if (addr || fd != -1 || !(flags & MAP_ANONYMOUS) || !(flags & MAP_PRIVATE) || (flags & odd) ||
        !(prot & PROT_READ) || length == 0)
        return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), rounded = (length + page - 1) & ~(page - 1);
    void *p;
    if (ckpt_heap_memalign(&p, page, rounded) != 0)
        return NULL; /* beyond the heap's reserve: mapped, and reported */
    memset(p, 0, rounded);
    return p;
}

void *__wrap_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
void *__wrap_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
    if (!CKPT_CALLED_BY_RUNTIME()) {
        void *in_heap = from_heap(addr, length, prot, flags, fd);
        if (in_heap)
            return in_heap;
    }
    void *p = __real_mmap(addr, length, prot, flags, fd, offset);
    if (p != MAP_FAILED && !CKPT_CALLED_BY_RUNTIME())
        remember(p, length, (flags & MAP_ANONYMOUS) ? ((flags & MAP_SHARED) ? "shared memory"
                                                                            : "anonymous memory")
                                                    : ((flags & MAP_SHARED) ? "a shared file mapping"
                                                                            : "a file mapping"));
    return p;
}

void *__wrap_mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
    __attribute__((alias("__wrap_mmap")));

/* A mapping served from the heap is freed when it is unmapped whole; a part
 * of it unmapped stays allocated (and readable) until then. */
int __wrap_munmap(void *addr, size_t length);
int __wrap_munmap(void *addr, size_t length)
{
    if (!CKPT_CALLED_BY_RUNTIME() && ckpt_heap_owns(addr)) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE), whole = ckpt_heap_usable_size(addr);
        if (whole && ((length + page - 1) & ~(page - 1)) + page > whole)
            ckpt_heap_free(addr); /* what from_heap made: a block starting there */
        return 0;
    }
    int rc = __real_munmap(addr, length);
    if (rc == 0 && !CKPT_CALLED_BY_RUNTIME())
        forget(addr, length);
    return rc;
}

/* The heap's pages keep their protection: a guard page the program asks for
 * in memory served from the heap is not made (documented). */
int __wrap_mprotect(void *addr, size_t length, int prot);
int __real_mprotect(void *addr, size_t length, int prot);
int __wrap_mprotect(void *addr, size_t length, int prot)
{
    if (!CKPT_CALLED_BY_RUNTIME() && ckpt_heap_owns(addr))
        return 0;
    return __real_mprotect(addr, length, prot);
}

void *__real_mremap(void *old, size_t old_size, size_t new_size, int flags, ...);
void *__wrap_mremap(void *old, size_t old_size, size_t new_size, int flags, ...);
void *__wrap_mremap(void *old, size_t old_size, size_t new_size, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    void *target = (flags & MREMAP_FIXED) ? va_arg(ap, void *) : NULL;
    va_end(ap);
    if (CKPT_CALLED_BY_RUNTIME() || !ckpt_heap_owns(old))
        return __real_mremap(old, old_size, new_size, flags, target);
    if (new_size <= old_size)
        return old;
    if (!(flags & MREMAP_MAYMOVE) || (flags & MREMAP_FIXED)) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    void *moved = from_heap(NULL, new_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1);
    if (!moved) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    memcpy(moved, old, old_size);
    if (ckpt_heap_usable_size(old))
        ckpt_heap_free(old);
    return moved;
}

void *__wrap_shmat(int id, const void *addr, int flags);
void *__wrap_shmat(int id, const void *addr, int flags)
{
    void *p = __real_shmat(id, addr, flags);
    struct shmid_ds ds;
    if (p != (void *)-1 && !CKPT_CALLED_BY_RUNTIME())
        remember(p, shmctl(id, IPC_STAT, &ds) == 0 ? ds.shm_segsz : 1,
                 "a System V shared memory segment");
    return p;
}

int __wrap_shmdt(const void *addr);
int __wrap_shmdt(const void *addr)
{
    int rc = __real_shmdt(addr);
    if (rc == 0 && !CKPT_CALLED_BY_RUNTIME())
        forget(addr, 1);
    return rc;
}

/* The program's threads are counted (counted_threads.h), so that a
 * checkpoint knows how many are still running. */
int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *arg);
int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *arg)
{
    if (CKPT_CALLED_BY_RUNTIME())
        return __real_pthread_create(thread, attr, start, arg);
    return ckpt_create_counted_thread(__real_pthread_create, &threads_running, thread, attr,
                                      start, arg);
}

void ckpt_unsaved_report(void)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < mapping_count; i++)
        if (!mappings[i].reported) {
            mappings[i].reported = 1;
            ckpt_warn("%s the program mapped at %p (%zu bytes) is not saved: after a recovery "
                      "it is not there (map it again with ckpt_on_recovery, <aalc/ckpt.h>)",
                      mappings[i].what, (void *)mappings[i].start, mappings[i].length);
        }
    if (mappings_overflowed == 1) {
        mappings_overflowed = 2;
        ckpt_warn("the program mapped more than %d regions with mmap: none of them is saved",
                  MAX_MAPPINGS);
    }
    pthread_mutex_unlock(&lock);
    int running = atomic_load(&threads_running);
    if (running > 0 && running > atomic_load(&threads_reported)) {
        atomic_store(&threads_reported, running);
        ckpt_warn("%d thread%s the program started %s running at this checkpoint: only the main "
                  "thread's state is saved, and after a recovery they are not there",
                  running, running == 1 ? "" : "s", running == 1 ? "is" : "are");
    }
}
