/* MPI_Alloc_mem and MPI_Free_mem: programs use them as an allocator, and
 * what they hold must be saved and restored like the rest of the heap. So
 * the memory comes from malloc, which the runtime serves from the
 * checkpointed heap, rather than from the library (which may register it
 * for remote access: of use only to one-sided communication, which the
 * layer refuses). */
#include <mpi.h>

#include <stdlib.h>
#include <string.h>

int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    (void)info; /* hints for the library's allocator */
    if (size < 0)
        return MPI_ERR_SIZE;
    void *p = malloc(size > 0 ? (size_t)size : 1);
    if (!p)
        return MPI_ERR_NO_MEM;
    memcpy(baseptr, &p, sizeof p); /* baseptr is a void ** passed as void * */
    return MPI_SUCCESS;
}

int MPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
