/* Virtual request handles and the non-blocking calls.
 *
 * The program never holds an MPI request of the library: it holds a handle
 * into this table, whose entries record how each operation was started. That
 * is what lets a request posted before a checkpoint be waited for after a
 * recovery, in a new process where the library's request no longer exists:
 *   - a send started before the checkpoint was sent in the old epoch, so it
 *     is complete after recovery (its receiver has it or logged it as late);
 *   - a receive is matched again, in posting order: from the late registry
 *     when its message came late, from a new receive otherwise;
 *   - a request already complete keeps its status.
 * A wildcard receive is posted, on recovery, for the source and tag it
 * matched before the failure when that was logged (registries.c). A
 * non-blocking collective in flight at the checkpoint gets its result from
 * the collective log (coll.h).
 *
 * Some requests are made of others the layer starts and the program never
 * sees: a persistent collective's current start (persistent_coll.h), and
 * the receive and the send of an MPI_Isendrecv. */
#include "requests.h"

#include "coll.h"
#include "comms.h"
#include "coord.h"
#include "handle_bits.h"
#include "objects.h"
#include "p2p.h"
#include "persistent_coll.h"
#include "piggyback.h"
#include "protocol.h"
#include "registries.h"


#include <aalc/ckpt_layer_services.h>
#include <stdint.h>
#include <string.h>

/* RESTORED: a receive pending at the checkpoint, posted again once the
 * recovered stack is rebuilt. */
enum request_state { INACTIVE, POSTED, RESTORED, DONE };

struct request {
    int in_use, is_recv, persistent, mode;
    enum request_state state;
    void *buf;
    int count, peer, tag;
    int comm; /* object table index */
    int match_source, match_tag; /* what the library's receive is posted for */
    MPI_Datatype type;
    uint64_t posted; /* posting order */
    MPI_Request real;
    struct cl_recv_layout recv;
    struct cl_send_layout send;
    MPI_Status status; /* when DONE */
    struct cl_nb_coll *coll; /* a non-blocking collective (then no peer, tag or buffer) */
    struct cl_idup *idup;    /* a communicator being made (comms.c) */
    int overtaken; /* matched by MPI before a later receive got an early message */
    int generalized; /* MPI_Grequest_start: `real` is the library's, completed by the program */
    struct generalized_calls {
        MPI_Grequest_query_function *query;
        MPI_Grequest_free_function *free;
        MPI_Grequest_cancel_function *cancel;
        void *extra_state;
    } calls;               /* what MPI_Grequest_start was given: started again on recovery */
    int program_completed; /* MPI_Grequest_complete was called */
    unsigned char small[64]; /* the bounce of a small receive */
    /* Restored pending: what its buffer held before it was first posted
     * (cl_recv_head), written back before it is posted again. */
    unsigned char *saved_head;
    int saved_head_bytes, saved_head_count;
    /* Made of others: done when they are; the status is inner[0]'s. */
    struct cl_pcoll *pcoll; /* a persistent collective: what a start starts */
    MPI_Request inner[2];   /* the collective or the receive; the send */
    void *copy;             /* MPI_Isendrecv_replace: the data sent, out of the buffer */
};

#define HANDLE_BASE 0x5a000000
static struct request **table;
static int table_size;
static uint64_t post_counter;

static MPI_Request handle_of(int i)
{
    return (MPI_Request)(intptr_t)(HANDLE_BASE + i);
}

static struct request *lookup(MPI_Request h, const char *call)
{
    intptr_t i = (intptr_t)h - HANDLE_BASE;
    if (i < 0 || i >= table_size || !table[i] || !table[i]->in_use)
        ckpt_fatal("%s: invalid request handle", call);
    return table[i];
}

static void release(struct request *r);

/* Room for entry i in the table; the entry itself is cleared and in use. */
static struct request *claim(int i)
{
    if (i >= table_size) {
        int grown = table_size ? table_size * 2 : 64;
        while (grown <= i)
            grown *= 2;
        table = ckpt_untracked_realloc(table, sizeof *table * (size_t)grown);
        if (!table)
            ckpt_fatal("out of memory for MPI request handles");
        memset(table + table_size, 0, sizeof *table * (size_t)(grown - table_size));
        table_size = grown;
    }
    if (!table[i])
        table[i] = ckpt_untracked_malloc(sizeof **table);
    memset(table[i], 0, sizeof **table);
    table[i]->in_use = 1;
    table[i]->real = MPI_REQUEST_NULL;
    table[i]->send.part2 = MPI_REQUEST_NULL;
    table[i]->inner[0] = table[i]->inner[1] = MPI_REQUEST_NULL;
    return table[i];
}

static int new_request(void)
{
    int i = 0;
    while (i < table_size && table[i] && table[i]->in_use)
        i++;
    claim(i);
    return i;
}

uint64_t cl_next_post_number(void)
{
    return ++post_counter;
}

uint64_t cl_post_number_now(void)
{
    return post_counter;
}

void cl_resolve_wildcard(uint64_t posted, int *source, int *tag)
{
    if (cl.replaying)
        cl_match_take(posted, source, tag);
}

/* ---- starting ---- */

/* Returns MPI's code for a send it refused (no buffer for a buffered one,
 * say): then nothing was sent, or counted. */
static int start_send(struct request *r)
{
    r->posted = ++post_counter;
    if (r->peer == MPI_PROC_NULL) {
        cl_status_set(&r->status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
        r->state = DONE;
        return MPI_SUCCESS;
    }
    int world_peer = cl_world_rank(r->comm, r->peer);
    if (cl.replaying && cl_suppress(cl_chan(r->comm), world_peer, r->tag)) {
        cl_status_set(&r->status, cl.rank, r->tag, 0);
        r->state = DONE; /* already delivered before the failure, as an early message */
    } else {
        int rc = cl_isend_start(&r->send, r->buf, r->count, r->type, r->peer, r->tag, r->comm,
                                r->mode, &r->real);
        if (rc != MPI_SUCCESS) {
            cl_send_release(&r->send);
            r->state = INACTIVE;
            return rc;
        }
        r->state = POSTED;
    }
    cl_note_sent(world_peer);
    return MPI_SUCCESS;
}

static int is_wildcard(const struct request *r)
{
    return r->is_recv && (r->peer == MPI_ANY_SOURCE || r->tag == MPI_ANY_TAG);
}

static int take_kept(struct request *r)
{
    if (!cl_take_kept(r->comm, r->match_source, r->match_tag, r->buf, r->count, r->type,
                      &r->status))
        return 0;
    if (is_wildcard(r) && cl.logging)
        cl_match_log(r->posted, r->status.MPI_SOURCE, r->status.MPI_TAG);
    r->state = DONE;
    return 1;
}

/* Post the library's receive, or take a message the layer keeps. */
static void post_recv(struct request *r)
{
    if (r->peer == MPI_PROC_NULL) { /* completes at once, with an empty status */
        cl_status_set(&r->status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
        r->state = DONE;
        return;
    }
    r->overtaken = 0;
    if (take_kept(r))
        return;
    cl_recv_prepare(&r->recv, r->comm, r->buf, r->count, r->type, r->small,
                    (int)sizeof r->small);
    r->recv.posted = r->posted;
    cl_recv_post(&r->recv, r->match_source, r->match_tag, &r->real);
    cl.split_pending += r->recv.may_split;
    r->state = POSTED;
}

static void post_recv_resolved(struct request *r)
{
    r->match_source = r->peer;
    r->match_tag = r->tag;
    if (is_wildcard(r))
        cl_resolve_wildcard(r->posted, &r->match_source, &r->match_tag);
    post_recv(r);
}

static int start_recv(struct request *r)
{
    r->posted = cl_next_post_number();
    post_recv_resolved(r);
    return MPI_SUCCESS;
}

static int start_collective(struct request *r)
{
    r->posted = ++post_counter;
    int rc = cl_pcoll_start(r->pcoll, &r->inner[0]);
    r->state = rc == MPI_SUCCESS ? POSTED : INACTIVE;
    return rc;
}

static int start(struct request *r)
{
    if (r->pcoll)
        return start_collective(r);
    return r->is_recv ? start_recv(r) : start_send(r);
}

static int make(void *buf, int count, MPI_Datatype type, int peer, int tag, MPI_Comm comm,
                int is_recv, int mode, int persistent, MPI_Request *request)
{
    int c = cl_comm_index(comm);
    cl_poll();
    int bad = cl_check_p2p(c, count, peer, tag, is_recv);
    if (bad != MPI_SUCCESS) {
        *request = MPI_REQUEST_NULL;
        return bad;
    }
    int i = new_request();
    struct request *r = table[i];
    r->comm = c;
    r->buf = buf;
    r->count = count;
    r->type = type;
    r->peer = peer;
    r->tag = tag;
    r->is_recv = is_recv;
    r->mode = mode;
    r->persistent = persistent;
    r->state = INACTIVE;
    int rc = persistent ? MPI_SUCCESS : start(r);
    if (rc != MPI_SUCCESS) {
        release(r);
        *request = MPI_REQUEST_NULL;
        return rc;
    }
    *request = handle_of(i);
    return MPI_SUCCESS;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_STANDARD, 0, request);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_SYNCHRONOUS, 0, request);
}

int MPI_Ibsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_BUFFERED, 0, request);
}

int MPI_Irsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return MPI_Isend(buf, count, type, dest, tag, comm, request);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return make(buf, count, type, source, tag, comm, 1, CL_SEND_STANDARD, 0, request);
}

int MPI_Send_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                  MPI_Comm comm, MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_STANDARD, 1, request);
}

int MPI_Ssend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_SYNCHRONOUS, 1, request);
}

int MPI_Bsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return make((void *)buf, count, type, dest, tag, comm, 0, CL_SEND_BUFFERED, 1, request);
}

int MPI_Rsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return MPI_Send_init(buf, count, type, dest, tag, comm, request);
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return make(buf, count, type, source, tag, comm, 1, CL_SEND_STANDARD, 1, request);
}

int MPI_Start(MPI_Request *request)
{
    cl_poll();
    struct request *r = lookup(*request, "MPI_Start");
    if (r->state != INACTIVE)
        ckpt_fatal("MPI_Start: the request is already active");
    return start(r);
}

int MPI_Startall(int count, MPI_Request requests[])
{
    for (int i = 0; i < count; i++)
        MPI_Start(&requests[i]);
    return MPI_SUCCESS;
}

/* ---- requests made of others ---- */

MPI_Request cl_request_persistent_collective(const struct cl_pcoll *p)
{
    int i = new_request();
    struct request *r = table[i];
    r->pcoll = ckpt_untracked_malloc(sizeof *r->pcoll);
    *r->pcoll = *p;
    r->comm = cl_comm_index(cl_pcoll_comm(p));
    r->persistent = 1;
    r->state = INACTIVE;
    return handle_of(i);
}

static MPI_Request pair(MPI_Comm comm, MPI_Request recv, MPI_Request send, void *copy)
{
    int i = new_request();
    struct request *r = table[i];
    r->comm = cl_comm_index(comm);
    r->inner[0] = recv;
    r->inner[1] = send;
    r->copy = copy;
    r->posted = ++post_counter;
    r->state = POSTED;
    return handle_of(i);
}

int MPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                  int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                  int recvtag, MPI_Comm comm, MPI_Request *request)
{
    MPI_Request recv, send;
    *request = MPI_REQUEST_NULL;
    int rc = MPI_Irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, &recv);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &send);
    if (rc != MPI_SUCCESS) {
        MPI_Cancel(&recv);
        MPI_Wait(&recv, MPI_STATUS_IGNORE);
        return rc;
    }
    *request = pair(comm, recv, send, NULL);
    return MPI_SUCCESS;
}

/* The data to send is copied out of the buffer first (the bytes the type
 * spans, holes included), then sent from the copy with the same type. */
int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag,
                          int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
    PMPI_Type_get_extent(cl_real_type(type), &lb, &extent);
    PMPI_Type_get_true_extent(cl_real_type(type), &true_lb, &true_extent);
    MPI_Aint span = count > 0 ? (MPI_Aint)(count - 1) * extent + true_extent : 0;
    char *copy = ckpt_untracked_malloc((size_t)span + 1);
    if (span > 0)
        memcpy(copy, (char *)buf + true_lb, (size_t)span);
    MPI_Request recv, send = MPI_REQUEST_NULL;
    *request = MPI_REQUEST_NULL;
    int rc = MPI_Isend(copy - true_lb, count, type, dest, sendtag, comm, &send);
    if (rc == MPI_SUCCESS)
        rc = MPI_Irecv(buf, count, type, source, recvtag, comm, &recv);
    if (rc != MPI_SUCCESS) {
        if (send != MPI_REQUEST_NULL)
            MPI_Wait(&send, MPI_STATUS_IGNORE);
        ckpt_untracked_free(copy);
        return rc;
    }
    *request = pair(comm, recv, send, copy);
    return MPI_SUCCESS;
}

/* ---- completing ---- */

static void finish_recv(struct request *r, MPI_Status *st)
{
    cl_arrived(&r->recv, st, r->recv.nbytes);
    cl_recv_release(&r->recv);
    if (is_wildcard(r) && cl.logging)
        cl_match_log(r->posted, st->MPI_SOURCE, st->MPI_TAG);
    r->status = *st;
    r->state = DONE;
}

/* Part 1 of a receive is in: 1 when that completes it, 0 when part 2 is now posted. */
static int part1_in(struct request *r, MPI_Status *st)
{
    cl.split_pending -= r->recv.may_split;
    if (cl_recv_part1_arrived(&r->recv, st)) {
        finish_recv(r, st);
        return 1;
    }
    cl_recv_post_part2(&r->recv, &r->real);
    return 0;
}

/* Wait for or test one library request; 1 once it is complete. */
static int complete(MPI_Request *req, MPI_Status *st, int blocking)
{
    int flag = 1;
    if (blocking)
        cl_wait_real(req, st);
    else
        PMPI_Test(req, &flag, st);
    return flag;
}

static int progress_send(struct request *r, int blocking)
{
    MPI_Status st;
    if (r->real != MPI_REQUEST_NULL) {
        if (!complete(&r->real, &st, blocking))
            return 0;
        r->status = st;
    }
    if (r->send.part2 != MPI_REQUEST_NULL &&
        !complete(&r->send.part2, MPI_STATUS_IGNORE, blocking))
        return 0;
    cl_send_release(&r->send);
    r->state = DONE;
    return 1;
}

static int progress_creation(struct request *r, int blocking)
{
    if (!complete(&r->real, MPI_STATUS_IGNORE, blocking))
        return 0;
    cl_comm_idup_completed(r->idup);
    r->idup = NULL;
    r->state = DONE;
    return 1;
}

static int progress_collective(struct request *r, int blocking)
{
    if (!complete(&r->real, MPI_STATUS_IGNORE, blocking))
        return 0;
    cl_coll_nb_completed(r->coll);
    r->coll = NULL;
    r->state = DONE;
    return 1;
}

static int progress(struct request *r, int blocking);

/* A request made of others: complete once they all are. */
static int progress_inner(struct request *r, int blocking)
{
    int all = 1;
    for (int k = 0; k < 2; k++)
        if (r->inner[k] != MPI_REQUEST_NULL)
            all &= progress(lookup(r->inner[k], "MPI_Wait"), blocking);
    if (!all)
        return 0;
    r->status = lookup(r->inner[0], "MPI_Wait")->status;
    for (int k = 0; k < 2; k++)
        if (r->inner[k] != MPI_REQUEST_NULL) {
            release(lookup(r->inner[k], "MPI_Wait"));
            r->inner[k] = MPI_REQUEST_NULL;
        }
    ckpt_untracked_free(r->copy);
    r->copy = NULL;
    r->state = DONE;
    return 1;
}

/* Progress of one request; 1 once it is complete (status in r->status). */
static int progress(struct request *r, int blocking)
{
    if (r->state == DONE || r->state == INACTIVE)
        return 1;
    if (r->state == RESTORED)
        ckpt_fatal("internal error: a restored receive was used before it was posted again");
    if (r->inner[0] != MPI_REQUEST_NULL)
        return progress_inner(r, blocking);
    if (r->coll)
        return progress_collective(r, blocking);
    if (r->idup)
        return progress_creation(r, blocking);
    if (!r->is_recv)
        return progress_send(r, blocking);
    for (;;) {
        MPI_Status st;
        if (!complete(&r->real, &st, blocking))
            return 0;
        if (!r->recv.split) {
            if (part1_in(r, &st))
                return 1;
            continue; /* part 2 may be there already */
        }
        cl_recv_part2_arrived(&r->recv, &st);
        finish_recv(r, &st);
        return 1;
    }
}

/* Test the receives that may get a split message, so that each posts its
 * part 2 as soon as its part 1 is in; `busy` is being waited for. */
static void advance(const MPI_Request *busy)
{
    for (int i = 0; i < table_size && cl.split_pending; i++) {
        struct request *r = table[i];
        if (r && r->in_use && r->is_recv && r->state == POSTED && r->recv.may_split &&
            !r->recv.split && &r->real != busy)
            progress(r, 0);
    }
}

void cl_requests_advance(void)
{
    advance(NULL);
}

void cl_wait_real(MPI_Request *req, MPI_Status *st)
{
    if (!cl.split_pending) {
        PMPI_Wait(req, st);
        return;
    }
    for (;;) {
        int flag = 0;
        PMPI_Test(req, &flag, st);
        if (flag)
            return;
        advance(req);
    }
}

/* MPI gives a message to the oldest posted receive it fits, and messages of
 * one sender do not overtake each other: when an early message completes a
 * receive, every receive posted before it that it fits has been matched
 * already, to that sender's earlier messages or to another's. The program
 * may not have tested them yet (MPI_Test on the later one alone, or a
 * Waitany scan that reached it first). Left pending in the image, such a
 * receive would hold an earlier early message of the sender in MPI while
 * the later one is in the program's state: the recovery, which suppresses
 * the first messages a sender sends again, as many as the receiver held
 * early (registries.c), would suppress the wrong one and deliver the other
 * twice. They are completed before the checkpoint instead. */
void cl_requests_note_early(int comm, int source, int tag, uint64_t posted)
{
    for (int i = 0; i < table_size; i++) {
        struct request *r = table[i];
        if (r && r->in_use && r->is_recv && !r->coll && r->state == POSTED &&
            r->posted < posted && r->comm == comm &&
            (r->match_source == MPI_ANY_SOURCE || r->match_source == source) &&
            (r->match_tag == MPI_ANY_TAG || r->match_tag == tag))
            r->overtaken = 1;
    }
}

void cl_requests_finish_for_checkpoint(void)
{
    /* Waiting for one may bring part 1 of another, or an early message and
     * more marks: until none is left. */
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < table_size; i++) {
            struct request *r = table[i];
            if (r && r->in_use && r->is_recv && r->state == POSTED &&
                (r->recv.split || r->overtaken)) {
                progress(r, 1);
                again = 1;
            }
        }
    }
}

int cl_requests_use_comm(int comm)
{
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use && table[i]->comm == comm)
            return 1;
    return 0;
}

/* The request's slot goes; so does its communicator if the program freed
 * it while this was the last request on it (MPI lets pending operations
 * complete on a freed communicator). */
static void release(struct request *r)
{
    r->in_use = 0;
    if (r->pcoll) {
        MPI_Comm own = cl_pcoll_comm(r->pcoll);
        ckpt_untracked_free(r->pcoll);
        r->pcoll = NULL;
        MPI_Comm_free(&own);
        return;
    }
    struct cl_object *o = &cl_objects[r->comm];
    if (o->freed == CL_FREED_IN_USE && !cl_requests_use_comm(r->comm)) {
        cl_comm_free_real(r->comm);
        o->freed = 1;
    }
}

/* The program sees the completion: free or deactivate the request. */
static void retire(MPI_Request *handle, MPI_Status *status)
{
    struct request *r = lookup(*handle, "MPI_Wait");
    cl_status_give(status, &r->status);
    if (r->persistent) {
        r->state = INACTIVE;
    } else {
        release(r);
        *handle = MPI_REQUEST_NULL;
    }
}

static int is_null_or_inactive(MPI_Request h)
{
    if (h == MPI_REQUEST_NULL)
        return 1;
    return lookup(h, "MPI request")->state == INACTIVE;
}

static void empty_status(MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    cl_status_set(status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    cl_poll();
    if (is_null_or_inactive(*request)) {
        empty_status(status);
        return MPI_SUCCESS;
    }
    progress(lookup(*request, "MPI_Wait"), 1);
    retire(request, status);
    return MPI_SUCCESS;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    for (int i = 0; i < count; i++)
        MPI_Wait(&requests[i], statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i]);
    return MPI_SUCCESS;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    cl_poll();
    if (is_null_or_inactive(*request)) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    struct request *r = lookup(*request, "MPI_Test");
    const struct cl_event *e = cl.replaying ? cl_replay_event(CL_EV_TEST, "MPI_Test") : NULL;
    if (e)
        *flag = e->a ? progress(r, 1) : 0;
    else
        *flag = progress(r, 0);
    if (cl.logging && !e)
        cl_log_event(CL_EV_TEST, *flag, 0, 0, 0);
    if (*flag)
        retire(request, status);
    return MPI_SUCCESS;
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
    cl_poll();
    const struct cl_event *e = cl.replaying ? cl_replay_event(CL_EV_TEST, "MPI_Testall") : NULL;
    int all = 1;
    for (int i = 0; i < count; i++)
        if (!is_null_or_inactive(requests[i]))
            all &= e ? (e->a ? progress(lookup(requests[i], "MPI_Testall"), 1) : 0)
                     : progress(lookup(requests[i], "MPI_Testall"), 0);
    if (e && !e->a)
        all = 0;
    if (cl.logging && !e)
        cl_log_event(CL_EV_TEST, all, 0, 0, 0);
    *flag = all;
    if (all)
        for (int i = 0; i < count; i++) {
            MPI_Status *st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
            if (is_null_or_inactive(requests[i]))
                empty_status(st);
            else
                retire(&requests[i], st);
        }
    return MPI_SUCCESS;
}

/* Index of the first completed active request, or MPI_UNDEFINED. */
/* Of the complete requests, the one posted first; MPI_UNDEFINED if none is
 * (and, blocking, while one is active). Every request is tested before one
 * is chosen: returning the first complete one in index order let a message
 * that arrived during the scan, into a low slot whose receive had just been
 * posted again, overtake an older one in a higher slot, again and again. A
 * task farm then left its results unanswered and its workers idle
 * (samples/mpi/waitany_farm.c: 1.39x plain MPICH's time, whose Waitany
 * returns a request that was complete before it made progress). */
static int first_complete(int count, MPI_Request requests[], int blocking, const char *call)
{
    for (;;) {
        int active = 0, oldest = MPI_UNDEFINED;
        uint64_t oldest_posted = UINT64_MAX;
        for (int i = 0; i < count; i++) {
            if (is_null_or_inactive(requests[i]))
                continue;
            active = 1;
            struct request *r = lookup(requests[i], call);
            if (progress(r, 0) && r->posted < oldest_posted) {
                oldest = i;
                oldest_posted = r->posted;
            }
        }
        if (oldest != MPI_UNDEFINED || !active || !blocking)
            return oldest;
        cl_poll_now(); /* keep the protocol moving while we wait */
        cl_requests_advance();
    }
}

static int any(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status,
               int blocking, const char *call)
{
    cl_poll();
    const struct cl_event *e =
        cl.replaying ? cl_replay_event(blocking ? CL_EV_WAITANY : CL_EV_TESTANY, call) : NULL;
    if (e) {
        *index = e->b;
        if (e->a && *index != MPI_UNDEFINED)
            progress(lookup(requests[*index], call), 1);
    } else {
        *index = first_complete(count, requests, blocking, call);
    }
    int none_active = 1;
    for (int i = 0; i < count; i++)
        if (!is_null_or_inactive(requests[i]))
            none_active = 0;
    *flag = (*index != MPI_UNDEFINED) || none_active;
    if (cl.logging && !e)
        cl_log_event(blocking ? CL_EV_WAITANY : CL_EV_TESTANY, *flag, *index, 0, 0);
    if (*index != MPI_UNDEFINED)
        retire(&requests[*index], status);
    else if (*flag)
        empty_status(status);
    return MPI_SUCCESS;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status)
{
    int flag;
    return any(count, requests, index, &flag, status, 1, "MPI_Waitany");
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
    return any(count, requests, index, flag, status, 0, "MPI_Testany");
}

static int some(int incount, MPI_Request requests[], int *outcount, int indices[],
                MPI_Status statuses[], int blocking, const char *call)
{
    cl_poll();
    const struct cl_event *e = cl.replaying ? cl_replay_event(CL_EV_SOME, call) : NULL;
    int n = 0;
    if (e) {
        n = e->a;
        for (int k = 0; k < n; k++) {
            const struct cl_event *ix = cl_replay_event(CL_EV_INDEX, call);
            indices[k] = ix->a;
            progress(lookup(requests[indices[k]], call), 1);
        }
    } else {
        int active = 0;
        for (;;) {
            active = 0;
            for (int i = 0; i < incount; i++) {
                if (is_null_or_inactive(requests[i]))
                    continue;
                active = 1;
                if (progress(lookup(requests[i], call), 0))
                    indices[n++] = i;
            }
            if (n > 0 || !active || !blocking)
                break;
            cl_poll_now();
            cl_requests_advance();
        }
        if (!active)
            n = MPI_UNDEFINED;
        if (cl.logging) {
            cl_log_event(CL_EV_SOME, n == MPI_UNDEFINED ? 0 : n, 0, 0, 0);
            for (int k = 0; k < n && n != MPI_UNDEFINED; k++)
                cl_log_event(CL_EV_INDEX, indices[k], 0, 0, 0);
        }
    }
    *outcount = n;
    for (int k = 0; n != MPI_UNDEFINED && k < n; k++)
        retire(&requests[indices[k]],
               statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[k]);
    return MPI_SUCCESS;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
    return some(incount, requests, outcount, indices, statuses, 1, "MPI_Waitsome");
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[])
{
    return some(incount, requests, outcount, indices, statuses, 0, "MPI_Testsome");
}

int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    cl_poll();
    if (is_null_or_inactive(request)) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    /* MPI_Test that leaves the request to the program: logged the same way. */
    struct request *r = lookup(request, "MPI_Request_get_status");
    if (r->generalized && r->state == POSTED) /* testing would free it: MPI only asks */
        return PMPI_Request_get_status(r->real, flag, status);
    const struct cl_event *e =
        cl.replaying ? cl_replay_event(CL_EV_TEST, "MPI_Request_get_status") : NULL;
    if (e)
        *flag = e->a ? progress(r, 1) : 0;
    else
        *flag = progress(r, 0);
    if (cl.logging && !e)
        cl_log_event(CL_EV_TEST, *flag, 0, 0, 0);
    if (*flag)
        cl_status_give(status, &r->status);
    return MPI_SUCCESS;
}

/* ---- generalized requests ----
 * The library's request, behind a handle of the table like any other, so
 * that the program's waits and tests take it with the rest. It is done
 * when the program says so: one pending at a checkpoint is started again
 * on recovery with the same functions and extra state (the program's
 * addresses do not move), and completed at once if the program had
 * completed it; otherwise the recovered program completes it, as the
 * interrupted one would have. */

int MPI_Grequest_start(MPI_Grequest_query_function *query_fn,
                       MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
                       MPI_Request *request)
{
    cl_poll();
    int i = new_request();
    struct request *r = table[i];
    int rc = PMPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, &r->real);
    if (rc != MPI_SUCCESS) {
        r->in_use = 0;
        *request = MPI_REQUEST_NULL;
        return rc;
    }
    r->generalized = 1;
    r->calls = (struct generalized_calls){query_fn, free_fn, cancel_fn, extra_state};
    r->state = POSTED;
    r->posted = ++post_counter;
    *request = handle_of(i);
    return MPI_SUCCESS;
}

int MPI_Grequest_complete(MPI_Request request)
{
    struct request *r = lookup(request, "MPI_Grequest_complete");
    if (!r->generalized)
        ckpt_fatal("MPI_Grequest_complete: the request was not made by MPI_Grequest_start");
    int rc = PMPI_Grequest_complete(r->real);
    if (rc == MPI_SUCCESS)
        r->program_completed = 1;
    return rc;
}

/* A communicator being made completes here if the library is done with it,
 * so that it does not hold checkpoints back until the program waits. */
int cl_requests_unrepeatable_pending(void)
{
    for (int i = 0; i < table_size; i++) {
        struct request *r = table[i];
        if (r && r->in_use && r->idup && r->state == POSTED && !progress(r, 0))
            return 1;
    }
    return 0;
}

int MPI_Request_free(MPI_Request *request)
{
    struct request *r = lookup(*request, "MPI_Request_free");
    if (r->generalized && r->state == POSTED)
        PMPI_Request_free(&r->real); /* the program completes it later */
    else if (r->state == POSTED)
        progress(r, 1); /* its message must still be counted */
    release(r);
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

MPI_Request cl_request_done(const MPI_Status *st)
{
    int i = new_request();
    table[i]->state = DONE;
    table[i]->status = *st;
    return handle_of(i);
}

MPI_Request cl_request_creation(struct cl_idup *d, MPI_Request real)
{
    int i = new_request();
    struct request *r = table[i];
    r->idup = d;
    r->real = real;
    r->state = POSTED;
    cl_status_set(&r->status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
    return handle_of(i);
}

MPI_Request cl_request_collective(struct cl_nb_coll *nb, MPI_Request real)
{
    int i = new_request();
    struct request *r = table[i];
    r->coll = nb;
    r->real = real;
    r->comm = nb ? nb->c.comm : CL_WORLD;
    r->state = nb ? POSTED : DONE;
    cl_status_set(&r->status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
    return handle_of(i);
}

void cl_requests_log_pending_collectives(void)
{
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use && table[i]->state == POSTED && table[i]->coll)
            cl_coll_nb_log_from_now(table[i]->coll);
}

void cl_requests_each_datatype(void (*fn)(void *ctx, MPI_Datatype type), void *ctx)
{
    for (int i = 0; i < table_size; i++) {
        struct request *r = table[i];
        if (r && r->in_use && r->pcoll)
            cl_pcoll_each_datatype(r->pcoll, fn, ctx);
        else if (r && r->in_use && !r->coll && r->inner[0] == MPI_REQUEST_NULL)
            fn(ctx, r->type);
    }
}

int cl_requests_collective_pending(void)
{
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use && table[i]->coll)
            return 1;
    return 0;
}

int MPI_Cancel(MPI_Request *request)
{
    struct request *r = lookup(*request, "MPI_Cancel");
    if (r->generalized)
        return PMPI_Cancel(&r->real); /* the program's cancel function decides */
    if (r->coll || r->pcoll || r->idup)
        cl_unsupported("MPI_Cancel", "a collective cannot be cancelled");
    if (r->inner[0] != MPI_REQUEST_NULL)
        cl_unsupported("MPI_Cancel", "cancelling MPI_Isendrecv would cancel a send, which "
                                     "would break the message counts the checkpoint protocol "
                                     "relies on");
    if (!r->is_recv)
        cl_unsupported("MPI_Cancel", "cancelling a send would break the message counts the "
                                     "checkpoint protocol relies on");
    if (r->state != POSTED)
        return MPI_SUCCESS;
    if (r->recv.split) { /* its message is arriving: too late to cancel */
        progress(r, 1);
        return MPI_SUCCESS;
    }
    MPI_Status st;
    PMPI_Cancel(&r->real);
    PMPI_Wait(&r->real, &st);
    int cancelled = 0;
    PMPI_Test_cancelled(&st, &cancelled);
    if (!cancelled) { /* it had already matched: treat as arrived */
        if (!part1_in(r, &st))
            progress(r, 1);
        return MPI_SUCCESS;
    }
    cl.split_pending -= r->recv.may_split;
    cl_recv_release(&r->recv);
    r->status = st;
    r->state = DONE;
    return MPI_SUCCESS;
}

/* ---- checkpoint and recovery ---- */

enum saved_state { SAVED_INACTIVE, SAVED_PENDING, SAVED_DONE };
struct saved_request {
    int32_t index, is_recv, persistent, mode, state, count, peer, tag;
    int32_t status_source, status_tag, status_bytes, status_cancelled;
    int32_t comm, collective; /* collective: posted is its number, tag its call, count nout */
    int32_t head_bytes, head_count; /* a pending direct receive's cl_recv_head */
    int32_t inner[2];              /* table indices of the requests it is made of, or -1 */
    int32_t persistent_collective; /* its record follows the heads */
    int32_t generalized;           /* enum saved_generalized; its calls follow the rest */
    uint64_t posted, buf, type;
};
enum saved_generalized { NOT_GENERALIZED, GENERALIZED_PENDING, GENERALIZED_COMPLETED };
struct saved_calls {
    uint64_t query, free, cancel, extra_state;
};
/* After the records: the output blocks of the collectives in flight. */
struct saved_block {
    uint64_t buf;
    int64_t count, type;
};

static int pending_collective(const struct request *r)
{
    return r->coll && r->state == POSTED;
}

static int pending_receive(const struct request *r)
{
    return r->is_recv && !r->coll && r->state == POSTED;
}

static int32_t index_of(MPI_Request h)
{
    return h == MPI_REQUEST_NULL ? -1 : (int32_t)((intptr_t)h - HANDLE_BASE);
}

static const void *pending_head(struct request *r, int *bytes, int *count)
{
    *bytes = *count = 0;
    return pending_receive(r) ? cl_recv_head(&r->recv, bytes, count) : NULL;
}

static int pending_generalized(const struct request *r)
{
    return r->generalized && r->state == POSTED;
}

/* The posting counter, the number of records, one record per live request,
 * then the blocks of the collectives in flight, then the heads of the
 * pending direct receives, then what the persistent collectives start,
 * then the calls of the pending generalized requests. */
void cl_requests_save(void **bytes, size_t *n)
{
    uint64_t used = 0, blocks = 0, heads = 0, pcolls = 0, generalized = 0;
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use) {
            int hb, hc;
            if (table[i]->idup) /* cl_point_due waits for them */
                ckpt_fatal("internal error: a checkpoint with MPI_Comm_idup in flight");
            used++;
            blocks += pending_collective(table[i]) ? (uint64_t)table[i]->coll->nout : 0;
            pending_head(table[i], &hb, &hc);
            heads += (uint64_t)hb;
            pcolls += table[i]->pcoll != NULL;
            generalized += pending_generalized(table[i]);
        }
    size_t head = sizeof post_counter + sizeof used;
    size_t size = head + sizeof(struct saved_request) * used +
                  sizeof(struct saved_block) * blocks + heads + sizeof(struct cl_pcoll) * pcolls +
                  sizeof(struct saved_calls) * generalized;
    unsigned char *out = ckpt_untracked_malloc(size);
    memcpy(out, &post_counter, sizeof post_counter);
    memcpy(out + sizeof post_counter, &used, sizeof used);
    struct saved_request *records = (struct saved_request *)(out + head);
    struct saved_block *block = (struct saved_block *)(records + used);
    int k = 0;
    for (int i = 0; i < table_size; i++) {
        struct request *r = table[i];
        if (!r || !r->in_use)
            continue;
        struct saved_request s = {i, r->is_recv, r->persistent, r->mode,
                                  r->state == POSTED ? SAVED_PENDING
                                  : r->state == DONE ? SAVED_DONE : SAVED_INACTIVE,
                                  r->count, r->peer, r->tag, 0, 0, 0, 0, r->comm, 0, 0, 0,
                                  {index_of(r->inner[0]), index_of(r->inner[1])},
                                  r->pcoll != NULL, 0, r->posted,
                                  (uint64_t)(uintptr_t)r->buf, (uint64_t)(uintptr_t)r->type};
        if (pending_collective(r)) {
            s.collective = 1;
            s.comm = r->coll->c.comm;
            s.posted = r->coll->c.seq;
            s.tag = (int32_t)r->coll->call_hash;
            s.count = r->coll->nout;
            for (int b = 0; b < r->coll->nout; b++) {
                struct saved_block sb = {(uint64_t)(uintptr_t)r->coll->out[b].buf,
                                         r->coll->out[b].count, CL_ARG(r->coll->out[b].type)};
                memcpy(block++, &sb, sizeof sb);
            }
        }
        int head_bytes, head_count;
        pending_head(r, &head_bytes, &head_count);
        s.head_bytes = head_bytes;
        s.head_count = head_count;
        if (pending_generalized(r))
            s.generalized = r->program_completed ? GENERALIZED_COMPLETED : GENERALIZED_PENDING;
        if (r->state == DONE) {
            s.status_source = r->status.MPI_SOURCE;
            s.status_tag = r->status.MPI_TAG;
            PMPI_Get_count(&r->status, MPI_BYTE, &s.status_bytes);
            PMPI_Test_cancelled(&r->status, &s.status_cancelled);
        }
        memcpy(&records[k++], &s, sizeof s);
    }
    unsigned char *heads_out = (unsigned char *)block;
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use) {
            int hb, hc;
            const void *h = pending_head(table[i], &hb, &hc);
            memcpy(heads_out, h, (size_t)hb);
            heads_out += hb;
        }
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use && table[i]->pcoll) {
            memcpy(heads_out, table[i]->pcoll, sizeof *table[i]->pcoll);
            heads_out += sizeof *table[i]->pcoll;
        }
    for (int i = 0; i < table_size; i++)
        if (table[i] && table[i]->in_use && pending_generalized(table[i])) {
            const struct generalized_calls *g = &table[i]->calls;
            struct saved_calls sc = {(uint64_t)(uintptr_t)g->query, (uint64_t)(uintptr_t)g->free,
                                     (uint64_t)(uintptr_t)g->cancel,
                                     (uint64_t)(uintptr_t)g->extra_state};
            memcpy(heads_out, &sc, sizeof sc);
            heads_out += sizeof sc;
        }
    *bytes = out;
    *n = size;
}

/* A collective in flight at the checkpoint, back with its output blocks. */
static struct cl_nb_coll *restored_collective(const struct saved_request *s,
                                              const unsigned char **blocks,
                                              const unsigned char *end)
{
    if (s->count < 0 || s->comm < 0 || s->comm >= cl_nobjects ||
        (size_t)(end - *blocks) < sizeof(struct saved_block) * (size_t)s->count)
        return NULL;
    struct cl_nb_coll *nb = ckpt_untracked_malloc(sizeof *nb);
    memset(nb, 0, sizeof *nb);
    nb->c.comm = s->comm;
    nb->c.seq = s->posted;
    nb->c.call = "a non-blocking collective";
    nb->call_hash = (uint32_t)s->tag;
    nb->nout = s->count;
    nb->out = ckpt_untracked_malloc(sizeof *nb->out * (size_t)(s->count + 1));
    for (int b = 0; b < s->count; b++) {
        struct saved_block sb;
        memcpy(&sb, *blocks, sizeof sb);
        *blocks += sizeof sb;
        nb->out[b] = (struct cl_block){(void *)(uintptr_t)sb.buf, (int)sb.count,
                                       (MPI_Datatype)sb.type};
    }
    return nb;
}

/* After the records: the persistent collectives' calls, and the inner
 * requests each compound names must have come back too. */
static int load_compounds(const unsigned char *records, size_t count,
                          const unsigned char **at, const unsigned char *end)
{
    const unsigned char *pcolls = *at;
    for (size_t k = 0; k < count; k++) {
        struct saved_request s;
        memcpy(&s, records + k * sizeof s, sizeof s);
        struct request *r = table[s.index];
        for (int i = 0; i < 2; i++)
            if (s.inner[i] >= 0 && (s.inner[i] >= table_size || !table[s.inner[i]] ||
                                    !table[s.inner[i]]->in_use || s.inner[i] == s.index))
                return -1;
        if (!s.persistent_collective)
            continue;
        if ((size_t)(end - pcolls) < sizeof(struct cl_pcoll))
            return -1;
        r->pcoll = ckpt_untracked_malloc(sizeof *r->pcoll);
        memcpy(r->pcoll, pcolls, sizeof *r->pcoll);
        pcolls += sizeof *r->pcoll;
        if (!cl_pcoll_valid(r->pcoll))
            return -1;
    }
    *at = pcolls;
    return 0;
}

/* The generalized requests pending at the checkpoint, started again as the
 * program started them (and completed, if it had completed them). */
static int load_generalized(const unsigned char *records, size_t count, const unsigned char *calls,
                            const unsigned char *end)
{
    for (size_t k = 0; k < count; k++) {
        struct saved_request s;
        memcpy(&s, records + k * sizeof s, sizeof s);
        if (s.generalized == NOT_GENERALIZED)
            continue;
        struct saved_calls sc;
        if (s.generalized != GENERALIZED_PENDING && s.generalized != GENERALIZED_COMPLETED)
            return -1;
        if (s.collective || s.state != SAVED_PENDING || (size_t)(end - calls) < sizeof sc)
            return -1;
        memcpy(&sc, calls, sizeof sc);
        calls += sizeof sc;
        struct request *r = table[s.index];
        r->generalized = 1;
        r->calls = (struct generalized_calls){
            (MPI_Grequest_query_function *)(uintptr_t)sc.query,
            (MPI_Grequest_free_function *)(uintptr_t)sc.free,
            (MPI_Grequest_cancel_function *)(uintptr_t)sc.cancel, (void *)(uintptr_t)sc.extra_state};
        if (!r->calls.query || !r->calls.free || !r->calls.cancel ||
            PMPI_Grequest_start(r->calls.query, r->calls.free, r->calls.cancel,
                                r->calls.extra_state, &r->real) != MPI_SUCCESS)
            return -1;
        r->state = POSTED;
        r->program_completed = s.generalized == GENERALIZED_COMPLETED;
        if (r->program_completed && PMPI_Grequest_complete(r->real) != MPI_SUCCESS)
            return -1;
    }
    return 0;
}

int cl_requests_load(const void *bytes, size_t n)
{
    uint64_t count;
    size_t head = sizeof post_counter + sizeof count;
    if (n < head)
        return -1;
    memcpy(&post_counter, bytes, sizeof post_counter);
    memcpy(&count, (const unsigned char *)bytes + sizeof post_counter, sizeof count);
    const unsigned char *records = (const unsigned char *)bytes + head, *end =
        (const unsigned char *)bytes + n;
    if (count > (n - head) / sizeof(struct saved_request))
        return -1;
    const unsigned char *blocks = records + count * sizeof(struct saved_request);
    for (size_t k = 0; k < count; k++) {
        struct saved_request s;
        memcpy(&s, records + k * sizeof s, sizeof s);
        if (s.index < 0 || s.index >= (1 << 24) || s.state < SAVED_INACTIVE ||
            s.state > SAVED_DONE)
            return -1;
        struct request *r = claim(s.index);
        if (s.collective) {
            r->coll = restored_collective(&s, &blocks, end);
            if (!r->coll)
                return -1;
            r->comm = s.comm;
            r->state = RESTORED;
            cl_status_set(&r->status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
            continue;
        }
        r->is_recv = s.is_recv;
        r->persistent = s.persistent;
        r->mode = s.mode;
        r->count = s.count;
        r->peer = s.peer;
        r->tag = s.tag;
        r->comm = s.comm;
        r->posted = s.posted;
        r->buf = (void *)(uintptr_t)s.buf;
        r->type = (MPI_Datatype)(uintptr_t)s.type;
        for (int k = 0; k < 2; k++) {
            if (s.inner[k] < -1 || s.inner[k] >= (1 << 24))
                return -1;
            r->inner[k] = s.inner[k] < 0 ? MPI_REQUEST_NULL : handle_of(s.inner[k]);
        }
        if (s.generalized != NOT_GENERALIZED) {
            r->state = POSTED; /* started again by load_generalized */
        } else if (s.state == SAVED_INACTIVE) {
            r->state = INACTIVE;
        } else if (s.state == SAVED_DONE) {
            cl_status_set(&r->status, s.status_source, s.status_tag, s.status_bytes);
            PMPI_Status_set_cancelled(&r->status, s.status_cancelled);
            r->state = DONE;
        } else if (r->inner[0] != MPI_REQUEST_NULL) {
            r->state = POSTED; /* its inner requests come back on their own */
        } else if (r->is_recv) {
            r->state = RESTORED; /* posted again once the stack is rebuilt */
            r->saved_head_bytes = s.head_bytes;
            r->saved_head_count = s.head_count;
        } else {
            cl_status_set(&r->status, cl.rank, r->tag, 0);
            r->state = DONE; /* sent before the checkpoint */
        }
    }
    /* The heads, in record order after the blocks. */
    const unsigned char *heads = blocks;
    for (size_t k = 0; k < count; k++) {
        struct saved_request s;
        memcpy(&s, records + k * sizeof s, sizeof s);
        if (s.collective || s.state != SAVED_PENDING || !s.is_recv || s.head_bytes == 0)
            continue;
        if (s.head_bytes < 0 || s.head_count < 0 ||
            (s.head_count == 0 && s.head_bytes != CL_WIRE_LIMIT) ||
            (size_t)(end - heads) < (size_t)s.head_bytes)
            return -1;
        struct request *r = table[s.index];
        r->saved_head = ckpt_untracked_malloc((size_t)s.head_bytes);
        memcpy(r->saved_head, heads, (size_t)s.head_bytes);
        heads += s.head_bytes;
    }
    if (load_compounds(records, count, &heads, end) != 0)
        return -1;
    return load_generalized(records, count, heads, end);
}

/* A saved head fits the receive it came from: a damaged image must not
 * write past the program's buffer. */
static int saved_head_fits(const struct request *r)
{
    if (r->saved_head_count == 0)
        return cl_data_bytes(r->count, r->type) >= CL_WIRE_LIMIT &&
               r->saved_head_bytes == CL_WIRE_LIMIT;
    int room = 0;
    if (r->saved_head_count > r->count ||
        PMPI_Pack_size(r->saved_head_count, cl_real_type(r->type), MPI_COMM_WORLD, &room) !=
            MPI_SUCCESS)
        return 0;
    return r->saved_head_bytes <= room;
}

void cl_requests_activate_restored(void)
{
    for (int i = 0; i < table_size; i++) {
        struct request *r = table[i];
        if (r && r->in_use && r->state == RESTORED && r->coll) {
            cl_coll_nb_restore(r->coll);
            r->coll = NULL;
            r->state = DONE;
        }
    }
    /* In posting order, so that they match as they did. */
    for (;;) {
        struct request *next = NULL;
        for (int i = 0; i < table_size; i++) {
            struct request *r = table[i];
            if (r && r->in_use && r->state == RESTORED && (!next || r->posted < next->posted))
                next = r;
        }
        if (!next)
            return;
        if (next->saved_head) {
            if (!saved_head_fits(next))
                ckpt_fatal("the image of epoch %u is damaged: a pending receive (%d "
                           "elements) was saved with %d bytes of its buffer (%d elements), "
                           "more than it holds", (unsigned)cl.epoch, next->count,
                           next->saved_head_bytes, next->saved_head_count);
            cl_recv_put_back_head(next->buf, next->type, next->saved_head,
                                  next->saved_head_bytes, next->saved_head_count);
            ckpt_untracked_free(next->saved_head);
            next->saved_head = NULL;
        }
        post_recv_resolved(next);
    }
}
