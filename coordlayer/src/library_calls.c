/* Where the MPI library's code is (library_calls.h). */
#define _GNU_SOURCE
#include "library_calls.h"

#include <aalc/ckpt_layer_services.h>
#include <dlfcn.h>
#include <link.h>
#include <mpi.h>
#include <stddef.h>

uintptr_t cl_library_lo, cl_library_hi;

/* The loaded object that defines PMPI_Init itself: its address range. The
 * program's own address for PMPI_Init may be a stub in the executable, so
 * each shared object is asked by name. */
static int find_mpi(struct dl_phdr_info *info, size_t size, void *unused)
{
    (void)size;
    (void)unused;
    if (!info->dlpi_name || !info->dlpi_name[0])
        return 0; /* the executable: a statically linked MPI calls itself directly
                   */
    void *h = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
    if (!h)
        return 0;
    uintptr_t init = (uintptr_t)dlsym(h, "PMPI_Init");
    dlclose(h);
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (start < lo)
            lo = start;
        if (start + ph->p_memsz > hi)
            hi = start + ph->p_memsz;
    }
    if (!init || init < lo || init >= hi)
        return 0;
    cl_library_lo = lo;
    cl_library_hi = hi;
    return 1;
}

void cl_library_calls_init(void) { dl_iterate_phdr(find_mpi, NULL); }

void cl_library_check_place(uint64_t saved_lo, uint64_t saved_hi)
{
    if (saved_lo == cl_library_lo && saved_hi == cl_library_hi)
        return;
    ckpt_warn("the MPI library is loaded at %#llx here, at %#llx when the checkpoint was written "
              "(another MPI installation, or another LD_PRELOAD or LD_LIBRARY_PATH): addresses in "
              "it that the program kept are not valid: callbacks that are its functions "
              "(MPI_COMM_DUP_FN and the like)%s",
              (unsigned long long)cl_library_lo, (unsigned long long)saved_lo,
#if defined(OPEN_MPI) && OPEN_MPI
              " and predefined handles (MPI_COMM_WORLD, MPI_INT) that code reaches through "
              "the library rather than through copies in the executable (a shared library of "
              "the program, code built with -fPIC)"
#else
              ""
#endif
    );
}
