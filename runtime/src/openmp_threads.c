/* Counting the OpenMP library's threads (openmp_threads.h). */
#define _GNU_SOURCE
#include "openmp_threads.h"

#include "counted_threads.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Set once at start-up, read without locks afterwards. */
static ckpt_thread_create_fn *real_create;
static uintptr_t openmp_base;             /* the library's load address, 0: none */
static uintptr_t openmp_start, openmp_end; /* its code */
static int interposed;                     /* the library's calls come here */

static atomic_int alive;

int ckpt_openmp_threads_alive(void)
{
    return atomic_load(&alive);
}

int ckpt_openmp_threads_counted(void)
{
    return openmp_base && interposed;
}

/* The executable segments of the object loaded at openmp_base. */
static int find_code(struct dl_phdr_info *info, size_t size, void *unused)
{
    (void)size;
    (void)unused;
    if (info->dlpi_addr != openmp_base)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
            continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;
        if (!openmp_start || start < openmp_start)
            openmp_start = start;
        if (end > openmp_end)
            openmp_end = end;
    }
    return 1;
}

void ckpt_openmp_threads_init(void)
{
    real_create = (ckpt_thread_create_fn *)(uintptr_t)dlsym(RTLD_NEXT, "pthread_create");
    /* What code compiled with -fopenmp calls to start a region, as defined
     * by a library after the executable: the OpenMP library (libgomp, or
     * LLVM's libomp, which has the same entry). */
    void *entry = dlsym(RTLD_NEXT, "GOMP_parallel");
    Dl_info at;
    if (!entry || !dladdr(entry, &at))
        return;
    openmp_base = (uintptr_t)at.dli_fbase;
    dl_iterate_phdr(find_code, NULL);
    /* The library binds pthread_create to the first definition: this one
     * only if the executable exports it (it does when the library is linked
     * with it; not with -Wl,--exclude-libs or a library loaded later). */
    interposed = dlsym(RTLD_DEFAULT, "pthread_create") == (void *)(uintptr_t)pthread_create;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *),
                   void *arg)
{
    ckpt_thread_create_fn *create = real_create;
    if (!create) /* a thread made before start-up: no OpenMP region runs yet */
        create = (ckpt_thread_create_fn *)(uintptr_t)dlsym(RTLD_NEXT, "pthread_create");
    if (!create)
        return EAGAIN;
    uintptr_t caller = (uintptr_t)__builtin_return_address(0);
    if (caller < openmp_start || caller >= openmp_end)
        return create(thread, attr, routine, arg);
    return ckpt_create_counted_thread(create, &alive, thread, attr, routine, arg);
}
