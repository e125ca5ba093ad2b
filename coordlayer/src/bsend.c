/* Buffered sends: MPI_Buffer_attach and _detach, kept across a recovery.
 *
 * A buffered send must return once its data is copied out, whatever the
 * receiver does: a program may MPI_Bsend a large message to a rank that
 * is itself sending before it receives. So buffered sends stay buffered:
 * the layer's messages of a buffered send go out with MPI_Bsend (or
 * MPI_Ibsend), into a buffer the layer attaches in the program's place.
 * Its own, because the layer adds a header to short messages and a
 * recovered process must attach one again: the program's buffer is
 * recorded (it goes back to the program at detach) and saved with the
 * image. The layer's buffer is twice the program's plus 64 KiB, so that
 * what fits the program's accounting fits with the headers. */
#include "bsend.h"


#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <string.h>

#define SLACK 65536

static struct {
    void *program; /* what the program attached, NULL if nothing */
    int size;
    void *own;
} attached;

static int attach_own(int size)
{
    long long bytes = 2LL * size + SLACK;
    if (bytes > INT_MAX)
        bytes = INT_MAX;
    attached.own = ckpt_untracked_malloc((size_t)bytes);
    return PMPI_Buffer_attach(attached.own, (int)bytes);
}

int MPI_Buffer_attach(void *buffer, int size)
{
    if (attached.program)
        return MPI_ERR_BUFFER; /* one buffer at a time, as in MPI */
    if (size < 0)
        return MPI_ERR_ARG;
    int rc = attach_own(size);
    if (rc != MPI_SUCCESS) {
        ckpt_untracked_free(attached.own);
        attached.own = NULL;
        return rc;
    }
    attached.program = buffer;
    attached.size = size;
    return MPI_SUCCESS;
}

int MPI_Buffer_detach(void *buffer_addr, int *size)
{
    void *own = NULL;
    int own_size = 0;
    int rc = PMPI_Buffer_detach(&own, &own_size); /* waits for what is buffered */
    if (rc != MPI_SUCCESS)
        return rc;
    ckpt_untracked_free(attached.own);
    memcpy(buffer_addr, &attached.program, sizeof attached.program);
    *size = attached.size;
    attached.program = attached.own = NULL;
    attached.size = 0;
    return MPI_SUCCESS;
}

void cl_bsend_save(uint64_t *buffer, int64_t *size)
{
    *buffer = (uint64_t)(uintptr_t)attached.program;
    *size = attached.program ? attached.size : -1;
}

int cl_bsend_restore(uint64_t buffer, int64_t size)
{
    if (size < 0)
        return 0;
    if (size > INT_MAX || !buffer)
        return -1;
    attached.program = (void *)(uintptr_t)buffer;
    attached.size = (int)size;
    return attach_own(attached.size) == MPI_SUCCESS ? 0 : -1;
}
