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
 * what fits the program's accounting fits with the headers.
 *
 * Part 2 of a message split between a checkpoint and its commit does not go
 * through that buffer: the receiver's layer posts its receive only when its
 * part 1 is in, in some call of the receiver's, and MPI_Buffer_detach waits
 * for what is buffered without calling the layer. Two ranks each detaching
 * with the other's message pending waited for each other for ever
 * (samples/mpi/bsend_detach.c). Such a part 2 is packed into a copy of the
 * layer's, sent with MPI_Isend and kept here; detach and finalize first see
 * them all gone, moving the rank's own split receives on meanwhile. */
#include "bsend.h"

#include "pack.h"
#include "protocol.h"
#include "registries.h"
#include "requests.h"

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

/* Parts 2 under way: the request and the copy it sends. */
static struct part2 {
    MPI_Request request;
    void *copy;
} *parts2;
static int nparts2, parts2_capacity;

void cl_bsend_reap(void)
{
    int kept = 0;
    for (int i = 0; i < nparts2; i++) {
        int done = 0;
        PMPI_Test(&parts2[i].request, &done, MPI_STATUS_IGNORE);
        if (done)
            ckpt_untracked_free(parts2[i].copy);
        else
            parts2[kept++] = parts2[i];
    }
    nparts2 = kept;
}

int cl_bsend_pack(const void *buf, int count, MPI_Datatype real_type, struct cl_bsend_copy *copy)
{
    int room = 0, used = 0;
    copy->bytes = NULL;
    copy->size = 0;
    int rc = PMPI_Pack_size(count, real_type, MPI_COMM_WORLD, &room);
    if (rc != MPI_SUCCESS)
        return rc;
    void *bytes = ckpt_untracked_malloc(room > 0 ? (size_t)room : 1);
    rc = cl_pack(buf, count, real_type, bytes, room, &used);
    if (rc != MPI_SUCCESS) {
        ckpt_untracked_free(bytes);
        return rc;
    }
    copy->bytes = bytes;
    copy->size = used;
    return MPI_SUCCESS;
}

int cl_bsend_send(struct cl_bsend_copy *copy, int dest, int tag, MPI_Comm real)
{
    cl_bsend_reap();
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = PMPI_Isend(copy->bytes, copy->size, MPI_PACKED, dest, tag, real, &request);
    if (rc != MPI_SUCCESS) {
        ckpt_untracked_free(copy->bytes);
        copy->bytes = NULL;
        return rc;
    }
    parts2 = cl_grow(parts2, &parts2_capacity, nparts2 + 1, sizeof *parts2);
    parts2[nparts2++] = (struct part2){request, copy->bytes};
    copy->bytes = NULL;
    return MPI_SUCCESS;
}

void cl_bsend_drain(void)
{
    while (nparts2 > 0) {
        cl_bsend_reap();
        cl_requests_advance(); /* the receiver of ours may wait for one of its own */
        cl_poll_now();         /* and the protocol goes on meanwhile */
    }
}

int MPI_Buffer_detach(void *buffer_addr, int *size)
{
    cl_bsend_drain();
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
