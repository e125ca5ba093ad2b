/* Moving the piggybacked header with the user's data.
 *
 * Three shapes of message, told apart by their length on the wire:
 *  - Up to CL_COMBINE_LIMIT bytes of data travel in one message, copied (or
 *    packed) behind the 2-byte header: one memcpy costs less than a second
 *    message.
 *  - Longer data goes alone, with no header at all, while its sender's epoch
 *    is committed and it is not logging: the receiver infers the header
 *    (cl_implied_header). That is nearly always, and then the layer adds no
 *    byte, copy or message to MPI's own.
 *  - Otherwise (between a sender's checkpoint and its commit) longer data is
 *    split: part 1 is a 12-byte header on the program's communicator and tag
 *    (it does the matching, wildcards included); part 2 is the data itself,
 *    sent with the program's own buffer and datatype on a private
 *    communicator, under a tag that numbers the split messages of each
 *    sender-receiver pair, and received straight into the program's buffer
 *    once part 1 said where it comes from.
 * A message longer than CL_WIRE_LIMIT is data alone; a shorter one starts
 * with a header. docs/performance.md measures the alternatives.
 *
 * A receiver cannot know in advance which shape is coming, only how much its
 * buffer holds. A receive that could take data alone is posted straight into
 * the program's buffer ("direct"); should a message with a header come
 * instead, the first CL_WIRE_LIMIT bytes there, saved when the receive was
 * posted, are put back around the data (MPI leaves the buffer past a short
 * message as it was). A smaller receive takes part 1 into a bounce buffer. */
#include "piggyback.h"

#include "bsend.h"
#include "byte_view.h"
#include "coord.h"
#include "held.h"
#include "objects.h"
#include "p2p.h"
#include "pack.h"
#include "protocol.h"
#include "requests.h"
#include "typemap_prefix.h"


#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <string.h>

/* Bounce room for part 1 of a receive that may be split: the largest
 * combined message, with slack for MPI_Pack's bookkeeping. */
#define SPLIT_BOUNCE (CL_WIRE_LIMIT + 64)

struct type_info {
    MPI_Datatype type;
    int size, contiguous;
    struct cl_prefix *prefix; /* of a non-contiguous type, once asked for */
    int prefix_known;         /* 1: in prefix; -1: the walk gave up */
    MPI_Datatype view;        /* its byte view (byte_view.c), once asked for */
    int view_known;           /* 1: in view; -1: none could be built */
};

static struct type_info described[8]; /* the last few datatypes seen */
/* Starts as a real contiguous type: no sentinel a program could pass. */
struct cl_type_memo cl_last_contiguous = {MPI_BYTE, 1};

/* What a cache entry holds beyond the handle. (A receive still pending with
 * the view keeps it: MPI frees a type only once nothing uses it.) */
static void forget_entry(struct type_info *t)
{
    ckpt_untracked_free(t->prefix);
    t->prefix = NULL;
    t->prefix_known = 0;
    if (t->view_known > 0)
        PMPI_Type_free(&t->view);
    t->view = MPI_DATATYPE_NULL;
    t->view_known = 0;
}

/* The cache entry of a datatype, described on first sight: its size and
 * contiguity are asked on every message. What is learnt about a handle
 * stays true until the program frees the type: its handle may then be given
 * to another type (objects.c), so cl_type_forget drops it. An entry of size
 * 0 is never found again (nothing to learn from an empty type). */
static struct type_info *entry_of(MPI_Datatype type)
{
    static unsigned next;
    for (int i = 0; i < 8; i++)
        if (described[i].type == type && described[i].size > 0)
            return &described[i];
    int s;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Datatype real = cl_real_type(type);
    PMPI_Type_size(real, &s);
    PMPI_Type_get_extent(real, &lb, &extent);
    PMPI_Type_get_true_extent(real, &tlb, &textent);
    struct type_info *t = &described[next++ % 8];
    forget_entry(t);
    *t = (struct type_info){type, s, lb == 0 && tlb == 0 && extent == s && textent == s, NULL,
                            0, MPI_DATATYPE_NULL, 0};
    return t;
}

static int describe(MPI_Datatype type, int *size)
{
    const struct type_info *t = entry_of(type);
    *size = t->size;
    return t->contiguous;
}

/* Where a non-contiguous type's first CL_WIRE_LIMIT bytes of data lie
 * (typemap_prefix.c), or NULL where the walk gives up. */
static const struct cl_prefix *prefix_of(MPI_Datatype type)
{
    struct type_info *t = entry_of(type);
    if (t->size <= 0)
        return NULL;
    if (!t->prefix_known) {
        t->prefix = ckpt_untracked_malloc(sizeof *t->prefix);
        t->prefix_known = cl_type_prefix(cl_real_type(type), CL_WIRE_LIMIT, t->prefix) == 0
                              ? 1 : -1;
        if (t->prefix_known < 0) {
            ckpt_untracked_free(t->prefix);
            t->prefix = NULL;
        }
    }
    return t->prefix;
}

/* The type a direct receive is posted with: the library's own for
 * contiguous data, else the byte view, so that a message with a header is
 * taken whatever its length (byte_view.c). */
static MPI_Datatype direct_type(MPI_Datatype type)
{
    if (type == cl_last_contiguous.type) /* cl_recv_prepare has just asked */
        return cl_real_type(type);
    struct type_info *t = entry_of(type);
    if (t->contiguous || t->size <= 0)
        return cl_real_type(type);
    if (!t->view_known) {
        t->view = cl_type_byte_view(cl_real_type(type));
        t->view_known = t->view != MPI_DATATYPE_NULL ? 1 : -1;
    }
    return t->view_known > 0 ? t->view : cl_real_type(type);
}

void cl_type_forget_all(void)
{
    for (int i = 0; i < 8; i++) {
        described[i].size = 0;
        forget_entry(&described[i]);
    }
}

void cl_type_forget(MPI_Datatype type)
{
    for (int i = 0; i < 8; i++)
        if (described[i].type == type) {
            described[i].size = 0;
            forget_entry(&described[i]);
        }
    if (cl_last_contiguous.type == type)
        cl_last_contiguous = (struct cl_type_memo){MPI_BYTE, 1};
}

/* Sequence numbers of split messages, per destination; the tag of part 2. */
static uint32_t next_split_seq(int dest)
{
    return ++cl.split_seq[dest];
}

static int part2_tag(uint32_t seq)
{
    return (int)(seq % ((uint32_t)cl.tag_ub + 1u));
}

static struct cl_split_wire split_header(int nbytes, int dest)
{
    struct cl_header h = cl_outgoing_header();
    h.flags |= CL_SPLIT;
    struct cl_split_wire s = {cl_header_encode(h), 0, next_split_seq(dest), nbytes};
    return s;
}

/* The header at the start of a message with one (its wire form, coord.h). */
static void put_header(unsigned char *wire, struct cl_header h)
{
    struct cl_wire_header w = cl_header_encode(h);
    memcpy(wire, &w, CL_HEADER_BYTES);
}

/* Header and data (copied or packed) in one buffer; *length is its length.
 * Returns MPI's error code for data it cannot pack. */
static int combine(unsigned char *wire, int wire_bytes, struct cl_header h, const void *buf,
                   int count, MPI_Datatype type, int *length)
{
    int size, position = CL_HEADER_BYTES, rc = MPI_SUCCESS;
    if (describe(type, &size)) {
        memcpy(wire + CL_HEADER_BYTES, buf, (size_t)size * (size_t)count);
        position += size * count;
    } else {
        rc = cl_pack(buf, count, cl_real_type(type), wire, wire_bytes, &position);
    }
    h.nbytes = (uint16_t)(position - CL_HEADER_BYTES);
    put_header(wire, h);
    *length = position;
    return rc;
}

/* Room for header and data in one buffer (no library call for contiguous data). */
static int combined_bytes(int count, MPI_Datatype type)
{
    int size, packed = 0;
    if (describe(type, &size))
        return CL_HEADER_BYTES + size * count;
    PMPI_Pack_size(count, cl_real_type(type), MPI_COMM_WORLD, &packed);
    return CL_HEADER_BYTES + packed;
}

/* The header at the start of a message with one; the split fields only
 * where it says CL_SPLIT (then the message is a whole cl_split_wire). */
static void decode(const void *wire, struct cl_split_header *h)
{
    struct cl_wire_header w;
    memcpy(&w, wire, sizeof w);
    h->h = cl_header_decode(w);
    if (h->h.flags & CL_SPLIT) {
        struct cl_split_wire s;
        memcpy(&s, wire, sizeof s);
        h->seq = s.seq;
        h->nbytes = s.nbytes;
    }
}

/* The header of a message of `total` wire bytes from the communicator's
 * rank `source` into *h; returns its data size. A message longer than any
 * with a header is data alone: its header is inferred. */
static int read_header(const void *wire, int total, int comm, int source, int tag,
                       struct cl_split_header *h)
{
    if (total > CL_WIRE_LIMIT) {
        h->h = cl_implied_header(cl_world_rank(comm, source));
        return total;
    }
    decode(wire, h);
    if (!(h->h.flags & CL_SPLIT))
        return total - CL_HEADER_BYTES;
    if (total != (int)sizeof(struct cl_split_wire) || h->nbytes < 0)
        ckpt_fatal("malformed message header from rank %d (tag %d)", source, tag);
    return h->nbytes;
}

/* count elements of a size-byte type, as bytes; stops the program past what
 * an int (and the split header) holds, where MPI's own counts stop too. */
static int bytes_of(int count, int size)
{
    long long bytes = (long long)size * count;
    if (bytes > INT_MAX)
        ckpt_fatal("a message of %lld bytes (%d elements of %d bytes): the coordination "
                   "layer moves at most %d bytes per message", bytes, count, size, INT_MAX);
    return (int)bytes;
}

int cl_contiguous_bytes_slow(int count, MPI_Datatype type)
{
    int size;
    if (!describe(type, &size))
        return -1;
    if (size > 0)
        cl_last_contiguous = (struct cl_type_memo){type, size};
    return bytes_of(count, size);
}

int cl_data_bytes(int count, MPI_Datatype type)
{
    int size;
    describe(type, &size);
    return bytes_of(count, size);
}

/* A blocking send to the library. While split receives of ours are
 * pending, it waits by testing (cl_wait_real), which posts their part 2 as
 * their part 1 arrives: the receiver of this message may be blocked sending
 * us one. */
typedef int blocking_send(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int nonblocking_send(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);

static blocking_send *send_of(int mode)
{
    return mode == CL_SEND_SYNCHRONOUS ? PMPI_Ssend : mode == CL_SEND_BUFFERED ? PMPI_Bsend
                                                                               : PMPI_Send;
}

static nonblocking_send *isend_of(int mode)
{
    return mode == CL_SEND_SYNCHRONOUS ? PMPI_Issend : mode == CL_SEND_BUFFERED ? PMPI_Ibsend
                                                                                : PMPI_Isend;
}

static int send_raw(const void *buf, int count, MPI_Datatype real_type, int dest, int tag,
                    MPI_Comm real, int mode)
{
    if (!cl.split_pending)
        return send_of(mode)(buf, count, real_type, dest, tag, real);
    MPI_Request req;
    int rc = isend_of(mode)(buf, count, real_type, dest, tag, real, &req);
    if (rc == MPI_SUCCESS)
        cl_wait_real(&req, MPI_STATUS_IGNORE);
    return rc;
}

static int send_bytes(const void *bytes, int n, int dest, int tag, MPI_Comm real, int mode)
{
    return send_raw(bytes, n, MPI_BYTE, dest, tag, real, mode);
}

static int send_alone(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                      MPI_Comm real, int mode)
{
    cl.counters.sent_alone++;
    return send_raw(buf, count, cl_real_type(type), dest, tag, real, mode);
}

int cl_send(const void *buf, int count, MPI_Datatype type, int dest, int tag, int comm,
            int mode)
{
    int nbytes = cl_data_bytes(count, type);
    MPI_Comm real = cl_comm_at(comm);
    if (nbytes <= CL_COMBINE_LIMIT) {
        unsigned char wire[SPLIT_BOUNCE];
        int n, rc = combine(wire, (int)sizeof wire, cl_outgoing_header(), buf, count, type, &n);
        return rc != MPI_SUCCESS ? rc : send_bytes(wire, n, dest, tag, real, mode);
    }
    if (cl_headerless(nbytes))
        return send_alone(buf, count, type, dest, tag, real, mode);
    /* Part 2 goes on the private communicator, which spans the world. */
    int world_dest = cl_world_rank(comm, dest);
    struct cl_bsend_copy copy = {NULL, 0};
    if (mode == CL_SEND_BUFFERED) { /* packed first: a part 1 goes only with its part 2 */
        int rc = cl_bsend_pack(buf, count, cl_real_type(type), &copy);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    struct cl_split_wire h = split_header(nbytes, world_dest);
    PMPI_Send(&h, (int)sizeof h, MPI_BYTE, dest, tag, real);
    if (mode == CL_SEND_BUFFERED)
        return cl_bsend_send(&copy, world_dest, part2_tag(h.seq), cl.data);
    return send_raw(buf, count, cl_real_type(type), world_dest, part2_tag(h.seq), cl.data,
                    mode);
}

int cl_send_alone(const void *buf, int count, MPI_Datatype type, int dest, int tag, int comm,
                  int mode)
{
    int rc = send_alone(buf, count, type, dest, tag, cl_comm_at(comm), mode);
    if (rc == MPI_SUCCESS)
        cl_note_sent(cl_world_rank(comm, dest));
    return rc;
}

/* Header and data of the short path's messages: one thread calls MPI at a
 * time (CL_MOST_THREAD_LEVEL), and a static buffer stays in the cache
 * where 8 KiB of stack would push MPI's frames onto colder lines. */
static unsigned char wire[CL_HEADER_BYTES + CL_COMBINE_LIMIT];

int cl_send_combined(const void *buf, int nbytes, int dest, int tag, int comm, int mode)
{
    struct cl_header h = cl_outgoing_header();
    h.nbytes = (uint16_t)nbytes;
    put_header(wire, h);
    memcpy(wire + CL_HEADER_BYTES, buf, (size_t)nbytes);
    int rc = send_bytes(wire, CL_HEADER_BYTES + nbytes, dest, tag, cl_comm_at(comm),
                        mode);
    if (rc == MPI_SUCCESS) /* a message that did not go must not be waited for */
        cl_note_sent(cl_world_rank(comm, dest));
    return rc;
}

int cl_isend_start(struct cl_send_layout *s, const void *buf, int count, MPI_Datatype type,
                   int dest, int tag, int comm, int mode, MPI_Request *part1)
{
    MPI_Comm real = cl_comm_at(comm);
    nonblocking_send *isend = isend_of(mode);
    s->bounce = NULL;
    s->part2 = MPI_REQUEST_NULL;
    int nbytes = cl_data_bytes(count, type);
    if (cl_headerless(nbytes)) {
        cl.counters.sent_alone++;
        return isend(buf, count, cl_real_type(type), dest, tag, real, part1);
    }
    if (nbytes > CL_COMBINE_LIMIT) {
        int world_dest = cl_world_rank(comm, dest);
        struct cl_bsend_copy copy = {NULL, 0};
        if (mode == CL_SEND_BUFFERED) { /* packed first: a part 1 goes only with its part 2 */
            int rc = cl_bsend_pack(buf, count, cl_real_type(type), &copy);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        s->header = split_header(nbytes, world_dest);
        PMPI_Isend(&s->header, (int)sizeof s->header, MPI_BYTE, dest, tag, real, part1);
        if (mode == CL_SEND_BUFFERED) /* done once part 1 is, as a buffered send */
            return cl_bsend_send(&copy, world_dest, part2_tag(s->header.seq), cl.data);
        return isend(buf, count, cl_real_type(type), world_dest, part2_tag(s->header.seq),
                     cl.data, &s->part2);
    }
    int room = combined_bytes(count, type);
    s->bounce = ckpt_untracked_malloc((size_t)room);
    int n, rc = combine(s->bounce, room, cl_outgoing_header(), buf, count, type, &n);
    return rc != MPI_SUCCESS ? rc : isend(s->bounce, n, MPI_BYTE, dest, tag, real, part1);
}

void cl_send_release(struct cl_send_layout *s)
{
    ckpt_untracked_free(s->bounce);
    s->bounce = NULL;
}

/* ---- receiving ---- */

/* A message counted as it arrives; the usual case without a call. */
static void count_arrival(int comm, int source, int tag, int world_source,
                          const struct cl_header *h, const void *data, int nbytes)
{
    if (h->epoch == cl.epoch && !cl.logging)
        cl.recv_current[world_source]++; /* the usual case of cl_note_received */
    else
        cl_count_arrival(comm, source, tag, h, data, nbytes);
}

/* A receive whose buffer ends before the bytes a message with a header
 * would take (cl_recv_prepare says why that is allowed): the general path,
 * which then receives part 1 into a bounce. */
static int recv_bounced(void *buf, int count, MPI_Datatype type, int source, int tag, int comm,
                        MPI_Status *status)
{
    MPI_Status st;
    struct cl_recv_layout layout;
    cl_recv_prepare(&layout, comm, buf, count, type, NULL, 0);
    int rc = cl_recv_wait_part1(&layout, source, tag, &st);
    if (rc == MPI_SUCCESS) {
        if (!cl_recv_part1_arrived(&layout, &st))
            cl_recv_wait_part2(&layout, &st);
        cl_arrived(&layout, &st, layout.nbytes);
        cl_status_give(status, &st);
    }
    cl_recv_release(&layout);
    return rc;
}

/* The short path's receive into a buffer that may take data alone: straight
 * into it. A message with a header leaves it in the first bytes: the data
 * moves down over it, and the bytes it held past the data are put back. */
static int recv_contiguous_direct(void *buf, int count, MPI_Datatype type, int capacity,
                                  int source, int tag, int comm, MPI_Status *status)
{
    unsigned char head[CL_WIRE_LIMIT], *bytes = buf;
    if (cl_copy_mapped(buf, CL_WIRE_LIMIT, head) != 0)
        return recv_bounced(buf, count, type, source, tag, comm, status);
    MPI_Status st;
    int rc = PMPI_Recv(buf, capacity, MPI_BYTE, source, tag, cl_comm_at(comm), &st);
    if (rc != MPI_SUCCESS)
        return rc;
    int total = 0, world_source = cl_world_rank(comm, source);
    PMPI_Get_count(&st, MPI_BYTE, &total);
    struct cl_split_header h;
    int nbytes = read_header(buf, total, comm, source, tag, &h);
    if (h.h.flags & CL_SPLIT) {
        if (nbytes > capacity)
            cl_check_fits(source, tag, nbytes, count, type); /* stops the program */
        PMPI_Recv(buf, count, cl_real_type(type), world_source, part2_tag(h.seq), cl.data,
                  MPI_STATUS_IGNORE);
        PMPI_Status_set_elements(&st, MPI_BYTE, nbytes);
    } else if (total <= CL_WIRE_LIMIT) {
        memmove(bytes, bytes + CL_HEADER_BYTES, (size_t)nbytes);
        memcpy(bytes + nbytes, head + nbytes, CL_HEADER_BYTES);
        PMPI_Status_set_elements(&st, MPI_BYTE, nbytes);
    }
    cl_status_give(status, &st);
    count_arrival(comm, source, tag, world_source, &h.h, buf, nbytes);
    return MPI_SUCCESS;
}

int cl_recv_contiguous(void *buf, int count, MPI_Datatype type, int capacity, int source,
                       int tag, int comm, MPI_Status *status)
{
    cl_next_post_number(); /* counts every receive, as replay does */
    if (capacity >= CL_WIRE_LIMIT)
        return recv_contiguous_direct(buf, count, type, capacity, source, tag, comm, status);
    /* The data's size is in the header: MPI's status is needed only when the
     * program asked for one. Room for any message with a header, so that one
     * larger than the buffer is reported by cl_check_fits, in the program's
     * terms (data alone too large for it, MPI reports). */
    int rc = PMPI_Recv(wire, (int)sizeof wire, MPI_BYTE, source, tag, cl_comm_at(comm),
                       status);
    if (rc != MPI_SUCCESS)
        return rc;
    struct cl_split_header h;
    decode(wire, &h);
    int world_source = cl_world_rank(comm, source);
    const void *data = buf;
    if (h.h.flags & CL_SPLIT) {
        if (h.nbytes > capacity)
            cl_check_fits(source, tag, h.nbytes, count, type); /* stops the program */
        PMPI_Recv(buf, count, cl_real_type(type), world_source, part2_tag(h.seq), cl.data,
                  MPI_STATUS_IGNORE);
    } else {
        h.nbytes = h.h.nbytes;
        if (h.nbytes > capacity)
            cl_check_fits(source, tag, h.nbytes, count, type); /* stops the program */
        memcpy(buf, wire + CL_HEADER_BYTES, (size_t)h.nbytes);
        data = wire + CL_HEADER_BYTES;
    }
    if (status != MPI_STATUS_IGNORE)
        PMPI_Status_set_elements(status, MPI_BYTE, h.nbytes);
    count_arrival(comm, source, tag, world_source, &h.h, data, h.nbytes);
    return MPI_SUCCESS;
}

static unsigned char *head_of(struct cl_recv_layout *l)
{
    return l->head ? l->head : l->head_inline;
}

/* A direct receive keeps what its buffer's first CL_WIRE_LIMIT bytes of data
 * hold: contiguous data as bytes, other datatypes from where their type map
 * puts those bytes (typemap_prefix.c), or else as the whole elements that
 * hold them, packed (head_count of them). */
static int save_head(struct cl_recv_layout *l)
{
    int size;
    const struct cl_prefix *prefix;
    l->head_bytes = CL_WIRE_LIMIT;
    if (describe(l->type, &size))
        return cl_copy_mapped(l->buf, CL_WIRE_LIMIT, l->head_inline);
    if ((prefix = prefix_of(l->type)))
        return cl_prefix_gather_mapped(prefix, l->buf, l->head_inline);
    MPI_Datatype real = cl_real_type(l->type);
    int room = 0, position = 0;
    l->head_count = (CL_WIRE_LIMIT + size - 1) / size;
    if (l->head_count > l->count)
        l->head_count = l->count;
    PMPI_Pack_size(l->head_count, real, MPI_COMM_WORLD, &room);
    if (room > (int)sizeof l->head_inline)
        l->head = ckpt_untracked_malloc((size_t)room);
    cl_pack(l->buf, l->head_count, real, head_of(l), room, &position);
    l->head_bytes = position;
    return 0;
}

void cl_recv_prepare(struct cl_recv_layout *l, int comm, void *buf, int count,
                     MPI_Datatype type, void *scratch, int scratch_bytes)
{
    memset(l, 0, offsetof(struct cl_recv_layout, head_inline));
    l->comm = comm;
    l->buf = buf;
    l->count = count;
    l->type = type;
    l->capacity = cl_data_bytes(count, type);
    l->may_split = l->capacity > CL_COMBINE_LIMIT;
    l->direct = l->capacity >= CL_WIRE_LIMIT;
    if (l->direct && save_head(l) == 0)
        return;
    /* A buffer shorter than its datatype describes, up to unmapped memory
     * (MPI allows it when the message fits): part 1 goes to a bounce that
     * holds any message, and only the message's bytes reach the buffer. */
    int bounce_all = l->direct;
    l->direct = 0;
    l->head_bytes = l->head_count = 0;
    l->bounce_bytes = l->may_split && !bounce_all ? SPLIT_BOUNCE : combined_bytes(count, type);
    if (l->bounce_bytes < (int)sizeof(struct cl_split_wire))
        l->bounce_bytes = (int)sizeof(struct cl_split_wire);
    if (scratch && l->bounce_bytes <= scratch_bytes) {
        l->bounce = scratch;
    } else {
        l->bounce = ckpt_untracked_malloc((size_t)l->bounce_bytes);
        l->owns_bounce = 1;
    }
}

int cl_recv_post(struct cl_recv_layout *l, int source, int tag, MPI_Request *req)
{
    MPI_Comm real = cl_comm_at(l->comm);
    if (l->direct)
        return PMPI_Irecv(l->buf, l->count, direct_type(l->type), source, tag, real, req);
    return PMPI_Irecv(l->bounce, l->bounce_bytes, MPI_BYTE, source, tag, real, req);
}

int cl_recv_wait_part1(struct cl_recv_layout *l, int source, int tag, MPI_Status *st)
{
    if (!cl.split_pending && !l->direct)
        return PMPI_Recv(l->bounce, l->bounce_bytes, MPI_BYTE, source, tag,
                         cl_comm_at(l->comm), st);
    if (!cl.split_pending)
        return PMPI_Recv(l->buf, l->count, direct_type(l->type), source, tag,
                         cl_comm_at(l->comm), st);
    MPI_Request req;
    cl_recv_post(l, source, tag, &req);
    cl_wait_real(&req, st);
    return MPI_SUCCESS;
}

void cl_check_fits(int source, int tag, int nbytes, int count, MPI_Datatype type)
{
    int capacity = cl_data_bytes(count, type);
    if (nbytes > capacity)
        ckpt_fatal("message truncated: rank %d sent %d bytes with tag %d to a receive buffer "
                   "of %d bytes", source, nbytes, tag, capacity);
}

void cl_data_unbytes(const void *bytes, int nbytes, void *buf, int count, MPI_Datatype type)
{
    int size;
    if (describe(type, &size)) {
        memcpy(buf, bytes, (size_t)nbytes);
    } else {
        int position = 0;
        cl_unpack(bytes, nbytes, &position, buf, count, cl_real_type(type));
    }
}

/* A direct receive got a message with a header (`total` bytes): the data
 * goes where the program's datatype puts it, and what the buffer held past
 * it comes back. Returns the data size and sets *h. */
static int direct_with_header(struct cl_recv_layout *l, int total, struct cl_split_header *h)
{
    unsigned char *head = head_of(l);
    int size, nbytes;
    const struct cl_prefix *prefix;
    if (describe(l->type, &size)) {
        unsigned char *bytes = l->buf;
        nbytes = read_header(bytes, total, l->comm, l->source, l->tag, h);
        if (!(h->h.flags & CL_SPLIT)) {
            memmove(bytes, bytes + CL_HEADER_BYTES, (size_t)nbytes);
            memcpy(bytes + nbytes, head + nbytes, CL_HEADER_BYTES);
        }
        return nbytes;
    }
    if (!l->head_count && (prefix = prefix_of(l->type))) {
        unsigned char wire_copy[CL_WIRE_LIMIT];
        cl_prefix_gather(prefix, l->buf, wire_copy);
        nbytes = read_header(wire_copy, total, l->comm, l->source, l->tag, h);
        if (!(h->h.flags & CL_SPLIT)) {
            cl_prefix_scatter(prefix, l->buf, wire_copy + CL_HEADER_BYTES, 0, nbytes);
            cl_prefix_scatter(prefix, l->buf, head + nbytes, nbytes, total);
        }
        return nbytes;
    }
    /* The message lies in the first head_count elements: packed, it is the
     * wire; the data then goes in front of what those elements held. */
    MPI_Datatype real = cl_real_type(l->type);
    unsigned char *wire_copy = ckpt_untracked_malloc((size_t)l->head_bytes + 1);
    int position = 0;
    cl_pack(l->buf, l->head_count, real, wire_copy, l->head_bytes, &position);
    nbytes = read_header(wire_copy, total, l->comm, l->source, l->tag, h);
    if (!(h->h.flags & CL_SPLIT)) {
        memmove(wire_copy, wire_copy + CL_HEADER_BYTES, (size_t)nbytes);
        memcpy(wire_copy + nbytes, head + nbytes, (size_t)(l->head_bytes - nbytes));
        position = 0;
        cl_unpack(wire_copy, l->head_bytes, &position, l->buf, l->head_count, real);
    }
    ckpt_untracked_free(wire_copy);
    return nbytes;
}

int cl_recv_part1_arrived(struct cl_recv_layout *l, MPI_Status *st)
{
    int total = 0;
    PMPI_Get_count(st, MPI_BYTE, &total);
    struct cl_split_header h;
    l->source = st->MPI_SOURCE;
    l->tag = st->MPI_TAG;
    l->bounce_data = total > CL_WIRE_LIMIT ? 0 : CL_HEADER_BYTES; /* alone, or after one */
    if (!l->direct)
        l->nbytes = read_header(l->bounce, total, l->comm, l->source, l->tag, &h);
    else if (total > CL_WIRE_LIMIT) /* data alone, in place */
        l->nbytes = read_header(NULL, total, l->comm, l->source, l->tag, &h);
    else
        l->nbytes = direct_with_header(l, total, &h);
    l->header = h.h;
    cl_check_fits(l->source, l->tag, l->nbytes, l->count, l->type);
    if (h.h.flags & CL_SPLIT) {
        l->split = 1;
        l->seq = h.seq;
        return 0;
    }
    if (!l->direct)
        cl_data_unbytes((unsigned char *)l->bounce + l->bounce_data, l->nbytes, l->buf, l->count,
                        l->type);
    PMPI_Status_set_elements(st, MPI_BYTE, l->nbytes);
    return 1;
}

int cl_recv_post_part2(struct cl_recv_layout *l, MPI_Request *req)
{
    return PMPI_Irecv(l->buf, l->count, cl_real_type(l->type), cl_world_rank(l->comm, l->source),
                      part2_tag(l->seq), cl.data, req);
}

void cl_recv_wait_part2(struct cl_recv_layout *l, MPI_Status *st)
{
    if (!cl.split_pending) {
        PMPI_Recv(l->buf, l->count, cl_real_type(l->type), cl_world_rank(l->comm, l->source),
                  part2_tag(l->seq), cl.data, st);
    } else {
        MPI_Request req;
        cl_recv_post_part2(l, &req);
        cl_wait_real(&req, st);
    }
    cl_recv_part2_arrived(l, st);
}

void cl_recv_part2_arrived(struct cl_recv_layout *l, MPI_Status *st)
{
    cl_status_set(st, l->source, l->tag, l->nbytes);
}

const void *cl_recv_head(struct cl_recv_layout *l, int *bytes, int *count)
{
    *bytes = l->direct ? l->head_bytes : 0;
    *count = l->head_count;
    return head_of(l);
}

void cl_recv_put_back_head(void *buf, MPI_Datatype type, const void *head, int bytes, int count)
{
    int size, position = 0;
    const struct cl_prefix *prefix;
    if (describe(type, &size))
        memcpy(buf, head, (size_t)bytes);
    else if (!count && (prefix = prefix_of(type)))
        cl_prefix_scatter(prefix, buf, head, 0, bytes);
    else
        cl_unpack(head, bytes, &position, buf, count, cl_real_type(type));
}

/* The received data in packed form, for the late registry: only the
 * elements the message reached (the buffer may hold no more than it). */
const void *cl_recv_payload(struct cl_recv_layout *l)
{
    if (!l->split && !l->direct)
        return (const unsigned char *)l->bounce + l->bounce_data;
    int size;
    if (describe(l->type, &size))
        return l->buf;
    int reached = size > 0 ? (int)(((long long)l->nbytes + size - 1) / size) : 0;
    if (reached > l->count)
        reached = l->count;
    int room = combined_bytes(reached, l->type), position = 0;
    l->packed = ckpt_untracked_malloc((size_t)room);
    cl_pack(l->buf, reached, cl_real_type(l->type), l->packed, room, &position);
    return l->packed;
}

void cl_recv_release(struct cl_recv_layout *l)
{
    if (l->owns_bounce)
        ckpt_untracked_free(l->bounce);
    ckpt_untracked_free(l->packed);
    ckpt_untracked_free(l->head);
    l->bounce = l->packed = l->head = NULL;
    l->owns_bounce = 0;
}

void cl_status_set(MPI_Status *status, int source, int tag, int nbytes)
{
    status->MPI_SOURCE = source;
    status->MPI_TAG = tag;
    status->MPI_ERROR = MPI_SUCCESS;
    PMPI_Status_set_elements(status, MPI_BYTE, nbytes);
    PMPI_Status_set_cancelled(status, 0);
}

/* ---- probed messages ---- */

/* Take the next message from `source` out of MPI, whole, into the held
 * list; returns its data size and sets *tag. */
static int hold_next(int comm, int source, int *tag)
{
    MPI_Message msg;
    MPI_Status st;
    int found = 0, total = 0;
    PMPI_Improbe(source, MPI_ANY_TAG, cl_comm_at(comm), &found, &msg, &st);
    if (!found)
        ckpt_fatal("internal error: a probed message from rank %d vanished", source);
    PMPI_Get_count(&st, MPI_BYTE, &total);
    unsigned char *wire = ckpt_untracked_malloc((size_t)total + 1);
    PMPI_Mrecv(wire, total, MPI_BYTE, &msg, &st);
    struct cl_split_header h;
    int nbytes = read_header(wire, total, comm, source, st.MPI_TAG, &h);
    void *data = ckpt_untracked_malloc((size_t)nbytes + 1);
    if (total > CL_WIRE_LIMIT) {
        memcpy(data, wire, (size_t)nbytes);
    } else if (h.h.flags & CL_SPLIT) {
        MPI_Request req;
        PMPI_Irecv(data, nbytes, MPI_PACKED, cl_world_rank(comm, source), part2_tag(h.seq),
                   cl.data, &req);
        cl_wait_real(&req, MPI_STATUS_IGNORE);
    } else {
        memcpy(data, wire + CL_HEADER_BYTES, (size_t)nbytes);
    }
    ckpt_untracked_free(wire);
    cl_count_arrival(comm, source, st.MPI_TAG, &h.h, data, nbytes);
    cl_held_add(cl_chan(comm), source, st.MPI_TAG, data, nbytes);
    *tag = st.MPI_TAG;
    return nbytes;
}

/* A probe found a message of `total` wire bytes: its data size for the
 * program, without taking it when the size tells (data alone: the whole). A
 * 12-byte message may be a split header, whose size only its contents give
 * (or 10 bytes of data behind a header): that one is taken out of
 * MPI (with its part 2) and held until the program receives it. The messages
 * its sender sent before it are held too, so that receives still see the
 * sender's messages in order (MPI's non-overtaking rule). */
void cl_probe_size(int comm, MPI_Status *st)
{
    int total = 0;
    PMPI_Get_count(st, MPI_BYTE, &total);
    if (total > CL_WIRE_LIMIT) /* data alone */
        return;
    if (total != (int)sizeof(struct cl_split_wire)) {
        PMPI_Status_set_elements(st, MPI_BYTE, total - CL_HEADER_BYTES);
        return;
    }
    PMPI_Status_set_elements(st, MPI_BYTE, cl_hold_through(comm, st->MPI_SOURCE, st->MPI_TAG));
}

int cl_hold_through(int comm, int source, int tag)
{
    int got, nbytes;
    do
        nbytes = hold_next(comm, source, &got);
    while (got != tag);
    return nbytes;
}
