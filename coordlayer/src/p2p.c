/* Blocking point-to-point calls, probes and MPI_Wtime (thesis Code 4.1, 4.2). */
#include "p2p.h"

#include "coord.h"
#include "errhandlers.h"
#include "held.h"
#include "objects.h"
#include "pack.h"
#include "piggyback.h"
#include "protocol.h"
#include "registries.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <string.h>

/* Kept out of line: the short paths of MPI_Send and MPI_Recv then need no
 * stack frame of their own. */
#define OUT_OF_LINE __attribute__((noinline))

static OUT_OF_LINE int send_general(const void *buf, int count, MPI_Datatype type, int dest,
                                    int tag, int c, int mode)
{
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    int rc = MPI_SUCCESS, world_dest = cl_world_rank(c, dest);
    /* Recovering: a message the receiver already got early is not sent again,
     * but it still counts as sent in this epoch. */
    if (!(cl.replaying && cl_suppress(cl_chan(c), world_dest, tag)))
        rc = cl_send(buf, count, type, dest, tag, c, mode);
    if (rc == MPI_SUCCESS)
        cl_note_sent(world_dest);
    return rc;
}

/* What the short paths need besides small or contiguous data: nothing
 * replayed, a real destination; for a receive, a named source and tag and
 * nothing held by a probe (split receives pending are checked apart). */
static inline int short_send(int dest, int tag)
{
    return (unsigned)dest < (unsigned)cl.size && (unsigned)tag <= (unsigned)cl.tag_ub &&
           !cl.replaying;
}

int cl_check_p2p(int comm, int count, int peer, int tag, int is_recv)
{
    int size = comm == CL_WORLD ? cl.size : cl_comm_size(comm);
    if (count < 0)
        return cl_comm_error(comm, MPI_ERR_COUNT);
    if (tag > cl.tag_ub || (tag < 0 && !(is_recv && tag == MPI_ANY_TAG)))
        return cl_comm_error(comm, MPI_ERR_TAG);
    if (peer != MPI_PROC_NULL && !(is_recv && peer == MPI_ANY_SOURCE) &&
        (peer < 0 || peer >= size))
        return cl_comm_error(comm, MPI_ERR_RANK);
    return MPI_SUCCESS;
}

static inline int short_receive(int source, int tag)
{
    return source >= 0 && tag >= 0 && !cl.replaying && cl_held_none();
}

/* The quickest test, without calls (so that a wrapper taking it needs no
 * stack frame): the world communicator, the contiguous datatype seen last,
 * and nothing for cl_poll to do at this call but count down (which it then
 * does, so it comes last). */
static inline int quick(MPI_Comm comm, MPI_Datatype type)
{
    return comm == MPI_COMM_WORLD && type == cl_last_contiguous.type && cl_poll_idle();
}

static OUT_OF_LINE int send_common(const void *buf, int count, MPI_Datatype type, int dest,
                                   int tag, MPI_Comm comm, int mode)
{
    int c = cl_comm_index(comm);
    cl_poll();
    int bad = cl_check_p2p(c, count, dest, tag, 0);
    if (bad != MPI_SUCCESS)
        return bad;
    int nbytes = cl_contiguous_bytes(count, type);
    if (short_send(dest, tag) && nbytes >= 0 && nbytes <= CL_COMBINE_LIMIT)
        return cl_send_combined(buf, nbytes, dest, tag, c, mode);
    if (short_send(dest, tag) && cl_headerless(nbytes))
        return cl_send_alone(buf, count, type, dest, tag, c, mode);
    return send_general(buf, count, type, dest, tag, c, mode);
}

/* Each send call: the quick test, else the whole of send_common. */
static inline int send_any(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                           MPI_Comm comm, int mode)
{
    long long nbytes = (long long)cl_last_contiguous.size * count;
    int combined = nbytes <= CL_COMBINE_LIMIT;
    if (count >= 0 && short_send(dest, tag) &&
        (combined || (nbytes <= INT_MAX && cl_headerless((int)nbytes))) && quick(comm, type))
        return combined ? cl_send_combined(buf, (int)nbytes, dest, tag, CL_WORLD, mode)
                        : cl_send_alone(buf, count, type, dest, tag, CL_WORLD, mode);
    return send_common(buf, count, type, dest, tag, comm, mode);
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return send_any(buf, count, type, dest, tag, comm, CL_SEND_STANDARD);
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return send_any(buf, count, type, dest, tag, comm, CL_SEND_SYNCHRONOUS);
}

/* Ready mode gives no guarantee a standard send does not. Buffered mode
 * stays buffered (bsend.c). */
int MPI_Rsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return send_any(buf, count, type, dest, tag, comm, CL_SEND_STANDARD);
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return send_any(buf, count, type, dest, tag, comm, CL_SEND_BUFFERED);
}

/* Counts a message's arrival, taken by the receive posted as number
 * `posted` (0: a blocking receive or a probe, taking it now); 1 when it is
 * late (its data is then the caller's to keep). */
static int counted_late(int comm, int source, int tag, const struct cl_header *h,
                        uint64_t posted)
{
    int world_source = cl_world_rank(comm, source);
    if (cl_note_received(world_source, h))
        return 1;
    if (h->epoch == cl.epoch + 1) {
        cl_early_add(cl_chan(comm), world_source, tag);
        cl_requests_note_early(comm, source, tag, posted ? posted : UINT64_MAX);
    }
    return 0;
}

/* A late message's place among the others (cl_late_add): after those of the
 * receives posted before its own; taken now, after those of every receive
 * posted so far. The program may complete its receives in any order. */
static uint64_t late_order(uint64_t posted)
{
    return posted ? 2 * posted : 2 * cl_post_number_now() + 1;
}

void cl_count_arrival(int comm, int source, int tag, const struct cl_header *h,
                      const void *payload, int nbytes)
{
    if (counted_late(comm, source, tag, h, 0)) {
        cl_late_add(cl_chan(comm), source, tag, payload, nbytes, late_order(0));
        cl_check_complete(); /* it may have been the last one we were waiting for */
    }
}

void cl_arrived(struct cl_recv_layout *l, MPI_Status *st, int nbytes)
{
    /* The data is packed only for a late message (datatype/lots_of_types
     * receives 16 bytes with a type of 8 KiB into a buffer of 16). */
    if (counted_late(l->comm, st->MPI_SOURCE, st->MPI_TAG, &l->header, l->posted)) {
        cl_late_add(cl_chan(l->comm), st->MPI_SOURCE, st->MPI_TAG, cl_recv_payload(l), nbytes,
                    late_order(l->posted));
        cl_check_complete();
    }
}

int cl_take_kept(int comm, int source, int tag, void *buf, int count, MPI_Datatype type,
                 MPI_Status *st)
{
    int src, tg, nbytes, chan = cl_chan(comm);
    void *bytes;
    if (!cl_held_take(chan, source, tag, &src, &tg, &bytes, &nbytes) &&
        !(cl.replaying && cl_late_take(chan, source, tag, &src, &tg, &bytes, &nbytes)))
        return 0;
    cl_check_fits(src, tg, nbytes, count, type);
    cl_data_unbytes(bytes, nbytes, buf, count, type);
    ckpt_untracked_free(bytes);
    cl_status_set(st, src, tg, nbytes);
    return 1;
}

static int receive(int comm, void *buf, int count, MPI_Datatype type, int source, int tag,
                   MPI_Status *st)
{
    if (source == MPI_PROC_NULL) {
        cl_status_set(st, MPI_PROC_NULL, MPI_ANY_TAG, 0);
        return MPI_SUCCESS;
    }
    uint64_t posted = cl_next_post_number();
    int wildcard = source == MPI_ANY_SOURCE || tag == MPI_ANY_TAG;
    if (wildcard)
        cl_resolve_wildcard(posted, &source, &tag);
    int rc = MPI_SUCCESS;
    if (!cl_take_kept(comm, source, tag, buf, count, type, st)) {
        /* The bounce of a blocking receive: it is needed only during the call. */
        static unsigned char scratch[CL_HEADER_BYTES + CL_COMBINE_LIMIT + 64];
        struct cl_recv_layout layout;
        cl_recv_prepare(&layout, comm, buf, count, type, scratch, (int)sizeof scratch);
        layout.posted = posted;
        rc = cl_recv_wait_part1(&layout, source, tag, st);
        if (rc == MPI_SUCCESS) {
            if (!cl_recv_part1_arrived(&layout, st))
                cl_recv_wait_part2(&layout, st);
            cl_arrived(&layout, st, layout.nbytes);
        }
        cl_recv_release(&layout);
    }
    if (rc == MPI_SUCCESS && wildcard && cl.logging)
        cl_match_log(posted, st->MPI_SOURCE, st->MPI_TAG);
    return rc;
}

static OUT_OF_LINE int recv_general(int c, void *buf, int count, MPI_Datatype type, int source,
                                    int tag, MPI_Status *status)
{
    MPI_Status st;
    int rc = receive(c, buf, count, type, source, tag, &st);
    cl_status_give(status, &st);
    return rc;
}

static OUT_OF_LINE int recv_common(void *buf, int count, MPI_Datatype type, int source, int tag,
                                   MPI_Comm comm, MPI_Status *status)
{
    int c = cl_comm_index(comm);
    cl_poll();
    int capacity, bad = cl_check_p2p(c, count, source, tag, 1);
    if (bad != MPI_SUCCESS)
        return bad;
    if (short_receive(source, tag) && !cl.split_pending &&
        (capacity = cl_contiguous_bytes(count, type)) >= 0)
        return cl_recv_contiguous(buf, count, type, capacity, source, tag, c, status);
    return recv_general(c, buf, count, type, source, tag, status);
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
    long long capacity = (long long)cl_last_contiguous.size * count;
    if (count >= 0 && capacity <= INT_MAX && short_receive(source, tag) && quick(comm, type))
        return cl_recv_contiguous(buf, count, type, (int)capacity, source, tag, CL_WORLD, status);
    return recv_common(buf, count, type, source, tag, comm, status);
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                 int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                 int recvtag, MPI_Comm comm, MPI_Status *status)
{
    MPI_Request send;
    int rc = MPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &send);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPI_Recv(recvbuf, recvcount, recvtype, source, recvtag, comm, status);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    int packed = 0, position = 0;
    PMPI_Pack_size(count, cl_real_type(type), MPI_COMM_WORLD, &packed);
    void *copy = ckpt_untracked_malloc((size_t)packed + 1);
    cl_pack(buf, count, cl_real_type(type), copy, packed, &position);
    MPI_Request send;
    MPI_Isend(copy, position, MPI_PACKED, dest, sendtag, comm, &send);
    int rc = MPI_Recv(buf, count, type, source, recvtag, comm, status);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    ckpt_untracked_free(copy);
    return rc;
}

/* A message kept by the layer, as a probe sees it. */
static int peek_kept(int comm, int source, int tag, MPI_Status *st)
{
    int src, tg, nbytes, chan = cl_chan(comm);
    if (!cl_held_peek(chan, source, tag, &src, &tg, &nbytes) &&
        !(cl.replaying && cl_late_peek(chan, source, tag, &src, &tg, &nbytes)))
        return 0;
    cl_status_set(st, src, tg, nbytes);
    return 1;
}

static void probe_blocking(int comm, int source, int tag, MPI_Status *st)
{
    MPI_Comm real = cl_comm_at(comm);
    if (source == MPI_PROC_NULL) {
        cl_status_set(st, MPI_PROC_NULL, MPI_ANY_TAG, 0);
        return;
    }
    if (peek_kept(comm, source, tag, st))
        return;
    if (!cl.split_pending) {
        PMPI_Probe(source, tag, real, st);
    } else {
        /* Our pending split receives must keep moving while we wait. */
        int flag = 0;
        for (;;) {
            PMPI_Iprobe(source, tag, real, &flag, st);
            if (flag)
                break;
            cl_requests_advance();
        }
    }
    cl_probe_size(comm, st);
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int c = cl_comm_index(comm);
    cl_poll();
    int wildcard = source == MPI_ANY_SOURCE || tag == MPI_ANY_TAG;
    const struct cl_event *e =
        cl.replaying && wildcard ? cl_replay_event(CL_EV_PROBE, "MPI_Probe") : NULL;
    if (e) {
        source = e->a;
        tag = e->b;
    }
    MPI_Status st;
    probe_blocking(c, source, tag, &st);
    if (wildcard && !e && cl.logging)
        cl_log_event(CL_EV_PROBE, st.MPI_SOURCE, st.MPI_TAG, 0, 0);
    cl_status_give(status, &st);
    return MPI_SUCCESS;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    int c = cl_comm_index(comm);
    cl_poll();
    MPI_Status st;
    const struct cl_event *e = cl.replaying ? cl_replay_event(CL_EV_IPROBE, "MPI_Iprobe") : NULL;
    if (e) {
        *flag = e->a;
        if (*flag)
            probe_blocking(c, e->b, e->c, &st);
    } else if (peek_kept(c, source, tag, &st)) {
        *flag = 1;
    } else if (source == MPI_PROC_NULL) {
        *flag = 1;
        cl_status_set(&st, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    } else {
        PMPI_Iprobe(source, tag, cl_comm_at(c), flag, &st);
        if (*flag)
            cl_probe_size(c, &st);
    }
    if (cl.logging && !e)
        cl_log_event(CL_EV_IPROBE, *flag, *flag ? st.MPI_SOURCE : 0, *flag ? st.MPI_TAG : 0, 0);
    if (*flag)
        cl_status_give(status, &st);
    return MPI_SUCCESS;
}

double MPI_Wtime(void)
{
    const struct cl_event *e = cl.replaying ? cl_replay_event(CL_EV_WTIME, "MPI_Wtime") : NULL;
    if (e)
        return e->value;
    double now = PMPI_Wtime();
    if (cl.logging)
        cl_log_event(CL_EV_WTIME, 0, 0, 0, now);
    return now;
}
