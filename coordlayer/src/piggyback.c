/* Moving the piggybacked header and the user's data as one MPI message.
 *
 * Both ends see the message as plain bytes (header, then data), so each side
 * picks its own layout: small contiguous data is copied next to the header in
 * a bounce buffer (one memcpy beats building a datatype), large contiguous
 * data is described in place by a cached two-block hindexed type (no copy),
 * and non-contiguous data is packed with MPI_Pack. */
#include "coord.h"

#include "heap.h"

#include <string.h>

#define CL_PACK_LIMIT 4096 /* contiguous data up to this size travels in a copy */

struct type_info {
    MPI_Datatype type;
    int size, contiguous;
};

/* Size and contiguity of the last few datatypes seen: asked on every message. */
static int describe(MPI_Datatype type, int *size)
{
    static struct type_info cache[8];
    static unsigned next;
    for (int i = 0; i < 8; i++)
        if (cache[i].type == type && cache[i].size > 0) {
            *size = cache[i].size;
            return cache[i].contiguous;
        }
    int s;
    MPI_Aint lb, extent, tlb, textent;
    PMPI_Type_size(type, &s);
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &tlb, &textent);
    struct type_info t = {type, s, lb == 0 && tlb == 0 && extent == s && textent == s};
    cache[next++ % 8] = t;
    *size = s;
    return t.contiguous;
}

/* A committed type covering [header][data] where they lie, used with MPI_BOTTOM. */
static MPI_Datatype header_and_data(const void *header, const void *data, int nbytes)
{
    static struct { const void *header, *data; int nbytes; MPI_Datatype type; } cache[16];
    static unsigned next;
    for (int i = 0; i < 16; i++)
        if (cache[i].header == header && cache[i].data == data && cache[i].nbytes == nbytes)
            return cache[i].type;
    int lengths[2] = {CL_HEADER_BYTES, nbytes};
    MPI_Aint where[2];
    PMPI_Get_address(header, &where[0]);
    PMPI_Get_address(data, &where[1]);
    MPI_Datatype t;
    PMPI_Type_create_hindexed(2, lengths, where, MPI_BYTE, &t);
    PMPI_Type_commit(&t);
    unsigned slot = next++ % 16;
    if (cache[slot].header)
        PMPI_Type_free(&cache[slot].type); /* pending operations keep their own reference */
    cache[slot].header = header;
    cache[slot].data = data;
    cache[slot].nbytes = nbytes;
    cache[slot].type = t;
    return t;
}

int cl_send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
            int synchronous)
{
    static struct cl_header header; /* fixed address: keeps the type cache hitting */
    header = cl_outgoing_header();
    int size;
    int (*send)(const void *, int, MPI_Datatype, int, int, MPI_Comm) =
        synchronous ? PMPI_Ssend : PMPI_Send;
    if (describe(type, &size)) {
        int nbytes = size * count;
        if (nbytes <= CL_PACK_LIMIT) {
            unsigned char wire[CL_HEADER_BYTES + CL_PACK_LIMIT];
            memcpy(wire, &header, CL_HEADER_BYTES);
            memcpy(wire + CL_HEADER_BYTES, buf, (size_t)nbytes);
            return send(wire, CL_HEADER_BYTES + nbytes, MPI_BYTE, dest, tag, comm);
        }
        return send(MPI_BOTTOM, 1, header_and_data(&header, buf, nbytes), dest, tag, comm);
    }
    int packed = 0, position = CL_HEADER_BYTES;
    PMPI_Pack_size(count, type, comm, &packed);
    unsigned char *wire = ckpt_untracked_malloc((size_t)packed + CL_HEADER_BYTES);
    memcpy(wire, &header, CL_HEADER_BYTES);
    PMPI_Pack(buf, count, type, wire, packed + CL_HEADER_BYTES, &position, comm);
    int rc = send(wire, position, MPI_BYTE, dest, tag, comm);
    ckpt_untracked_free(wire);
    return rc;
}

int cl_recv_prepare(struct cl_recv_layout *l, void *buf, int count, MPI_Datatype type)
{
    int size;
    l->buf = buf;
    l->count = count;
    l->type = type;
    l->bounce = NULL;
    l->wire = MPI_BYTE;
    if (describe(type, &size)) {
        l->capacity = size * count;
        if (l->capacity > CL_PACK_LIMIT) {
            l->wire = header_and_data(&l->header, buf, l->capacity);
            return 0;
        }
    } else {
        PMPI_Pack_size(count, type, MPI_COMM_WORLD, &l->capacity);
    }
    l->bounce = ckpt_untracked_malloc((size_t)l->capacity + CL_HEADER_BYTES);
    return 0;
}

void *cl_recv_wire_buffer(struct cl_recv_layout *l)
{
    return l->bounce ? l->bounce : MPI_BOTTOM;
}

int cl_recv_wire_count(const struct cl_recv_layout *l)
{
    return l->bounce ? l->capacity + CL_HEADER_BYTES : 1;
}

void cl_data_unbytes(const void *bytes, int nbytes, void *buf, int count, MPI_Datatype type)
{
    int size;
    if (describe(type, &size)) {
        memcpy(buf, bytes, (size_t)nbytes);
    } else {
        int position = 0;
        PMPI_Unpack(bytes, nbytes, &position, buf, count, type, MPI_COMM_WORLD);
    }
}

int cl_recv_finish(struct cl_recv_layout *l, MPI_Status *status)
{
    int total = 0;
    PMPI_Get_count(status, MPI_BYTE, &total);
    int nbytes = total - CL_HEADER_BYTES;
    if (l->bounce) {
        memcpy(&l->header, l->bounce, CL_HEADER_BYTES);
        cl_data_unbytes((unsigned char *)l->bounce + CL_HEADER_BYTES, nbytes, l->buf, l->count,
                        l->type);
    }
    PMPI_Status_set_elements(status, MPI_BYTE, nbytes);
    return nbytes;
}

/* The received data in its wire form (raw or packed bytes), for the late registry. */
const void *cl_recv_payload(const struct cl_recv_layout *l)
{
    return l->bounce ? (const unsigned char *)l->bounce + CL_HEADER_BYTES : l->buf;
}

void cl_recv_release(struct cl_recv_layout *l)
{
    ckpt_untracked_free(l->bounce);
    l->bounce = NULL;
}

void cl_status_set(MPI_Status *status, int source, int tag, int nbytes)
{
    status->MPI_SOURCE = source;
    status->MPI_TAG = tag;
    status->MPI_ERROR = MPI_SUCCESS;
    PMPI_Status_set_elements(status, MPI_BYTE, nbytes);
    PMPI_Status_set_cancelled(status, 0);
}

int cl_isend_start(struct cl_send_layout *s, const void *buf, int count, MPI_Datatype type,
                   int dest, int tag, int synchronous, MPI_Request *real)
{
    int (*isend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *) =
        synchronous ? PMPI_Issend : PMPI_Isend;
    s->header = cl_outgoing_header();
    s->bounce = NULL;
    int size;
    if (describe(type, &size) && size * count > CL_PACK_LIMIT)
        return isend(MPI_BOTTOM, 1, header_and_data(&s->header, buf, size * count), dest, tag,
                     MPI_COMM_WORLD, real);
    int packed = 0, position = CL_HEADER_BYTES;
    PMPI_Pack_size(count, type, MPI_COMM_WORLD, &packed);
    s->bounce = ckpt_untracked_malloc((size_t)packed + CL_HEADER_BYTES);
    memcpy(s->bounce, &s->header, CL_HEADER_BYTES);
    if (describe(type, &size)) {
        memcpy((unsigned char *)s->bounce + CL_HEADER_BYTES, buf, (size_t)(size * count));
        position += size * count;
    } else {
        PMPI_Pack(buf, count, type, s->bounce, packed + CL_HEADER_BYTES, &position,
                  MPI_COMM_WORLD);
    }
    return isend(s->bounce, position, MPI_BYTE, dest, tag, MPI_COMM_WORLD, real);
}

void cl_send_release(struct cl_send_layout *s)
{
    ckpt_untracked_free(s->bounce);
    s->bounce = NULL;
}
