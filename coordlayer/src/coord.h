/*
 * The coordination layer's shared state and internal interfaces.
 *
 * Protocol (thesis 4.2.2, Code 4.1 and 4.2): every application message
 * carries its sender's epoch and whether the sender is logging
 * non-deterministic events. Taking a local checkpoint ends epoch E and starts
 * E+1. A message of epoch E received in E+1 is late: its data goes to the
 * late registry. One of epoch E+1 received in E is early: it is counted, and
 * on recovery its sender suppresses it. From its local checkpoint until it
 * knows every rank has saved, a rank logs the outcomes of non-deterministic
 * calls so that recovery reproduces them. A rank's part of checkpoint E+1 is
 * complete when all its late messages are in and its log window has closed;
 * rank 0 commits the checkpoint when every rank is complete.
 */
#ifndef AALC_COORD_H
#define AALC_COORD_H

#include <limits.h>
#include <mpi.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Piggybacked on every application message, in front of its data. */
struct cl_header {
    uint32_t epoch;
    uint16_t flags;  /* CL_LOGGING: the sender is logging non-deterministic events */
    uint16_t nbytes; /* of the data behind it, when the data is in the same message */
};
#define CL_LOGGING 1u
#define CL_SPLIT 2u /* the data follows as part 2 on cl.data (piggyback.c) */
#define CL_HEADER_BYTES ((int)sizeof(struct cl_header))
/* Part 1 of a split message. */
struct cl_split_header {
    struct cl_header h;
    uint32_t seq;   /* numbers the split messages from this sender to this receiver */
    int32_t nbytes; /* of the data in part 2 */
};
/* Data up to this size travels in the same message as the header, copied
 * behind it. Kept small: a receive that could take a message without a
 * header first saves the CL_WIRE_LIMIT bytes of its buffer such a message
 * could overwrite (piggyback.c); 64, not 56, so that the sizes that can go
 * neither way (65 to 72 bytes: always split) are not a power of two. */
#define CL_COMBINE_LIMIT 64
/* The longest message with a header in it (a combined one). A longer
 * message is data alone: its sender was in a committed epoch and not
 * logging, and the receiver infers the header (cl_implied_header). */
#define CL_WIRE_LIMIT (CL_HEADER_BYTES + CL_COMBINE_LIMIT)

enum cl_mode { CL_NORMAL, CL_LOGGING_MODE };

struct cl_counters {
    uint64_t late, early, nondet, replayed_late, suppressed_early, replayed_nondet;
    /* Messages sent as data alone, and late ones that came so (piggyback.c). */
    uint64_t sent_alone, late_alone;
    /* Collectives logged after a checkpoint, and served from the log. */
    uint64_t coll_logged, coll_replayed;
    /* Communicator creations logged, and built again from the log. */
    uint64_t comm_logged, comm_rebuilt;
    /* Freed MPI objects whose slots and recipes were given up (objects.c). */
    uint64_t objects_reclaimed;
};

struct cl_state {
    int rank, size;
    int thread_level; /* what MPI_Init(_thread) gave the program (saved: a recovery
                         starts MPI itself, at MPI_THREAD_FUNNELED) */
    MPI_Comm control; /* private duplicate of MPI_COMM_WORLD for protocol messages */
    MPI_Comm data;    /* private duplicate for the data of split messages */
    int tag_ub;
    uint32_t *split_seq; /* per destination: the last split message's number */
    int split_pending;   /* posted receives whose part 1 may announce a split message */
    uint32_t epoch;
    int logging;            /* between our local checkpoint and "all saved" */
    int epoch_committed;    /* the checkpoint that began our epoch is committed (or
                             * none did): our messages may go without a header */
    int send_alone;         /* 1 unless CKPT_DEBUG_NO_ALONE (tests of the split) */
    int late_capture;       /* between our local checkpoint and all late messages in */
    int replaying;          /* recovered: registries still being consumed */
    uint64_t in_progress;   /* number of the checkpoint being taken, 0 if none */
    int local_saved;        /* our image of in_progress is written */
    int start_pending;      /* START(in_progress) received, local checkpoint not yet taken */
    int requested;          /* we asked rank 0 for a checkpoint */
    uint64_t last_committed;
    /* Per peer (world rank). */
    uint64_t *sent;          /* application messages sent in the current epoch */
    uint64_t *recv_current;  /* received with our current epoch */
    uint64_t *recv_previous; /* received with the previous epoch (late ones included) */
    int64_t *expected_previous; /* what the peer says it sent in the previous epoch, -1 = unknown */
    uint64_t *recv_next;     /* early: received with the next epoch */
    struct cl_counters counters;
    unsigned poll_countdown;
    /* Our image is durable: tell the others at the next MPI call. Set by the
     * runtime's writing thread (image_written), read and cleared here. */
    atomic_int announce_pending;
    int finalizing;
};

extern struct cl_state cl;

/* cl_poll when all it would do is count down: then counts down and returns
 * 1; else does nothing and returns 0. Inline and without calls, so that a
 * wrapper's short path needs no stack frame. */
static inline int cl_poll_idle(void)
{
    if (cl.split_pending || cl.announce_pending || cl.in_progress || cl.poll_countdown <= 1)
        return 0;
    cl.poll_countdown--;
    return 1;
}

/* Cheap, on every MPI call: most calls only count down to the next poll of
 * the control channel (protocol.c). */
void cl_poll_slow(void);
static inline void cl_poll(void)
{
    if (!cl_poll_idle())
        cl_poll_slow();
}

/* p2p.c: a point-to-point call's count, peer and tag, as MPI checks them;
 * a bad one raised on the communicator (table index): its code, else
 * MPI_SUCCESS. Checked before the layer counts a message to that peer. */
int cl_check_p2p(int comm, int count, int peer, int tag, int is_recv);

/* piggyback.c: moving a header and the user's data. */
int cl_data_bytes(int count, MPI_Datatype type);
/* `comm` arguments below are object table indices (objects.h); ranks are the
 * communicator's, as the program sees them. */
int cl_send(const void *buf, int count, MPI_Datatype type, int dest, int tag, int comm,
            int mode);
/* count elements of `type` as bytes when they lie contiguously from the
 * buffer's address, else -1. The last contiguous type is remembered inline:
 * most programs send one or two types over and over. (Keyed by the
 * program's handle, which the layer never hands out twice: objects.h.) */
struct cl_type_memo {
    MPI_Datatype type;
    int size;
};
extern struct cl_type_memo cl_last_contiguous;
int cl_contiguous_bytes_slow(int count, MPI_Datatype type);
/* The program freed this type: forget what was learnt about its handle. */
void cl_type_forget(MPI_Datatype type);
/* All of it, and the byte views made for it: at MPI_Finalize. */
void cl_type_forget_all(void);
static inline int cl_contiguous_bytes(int count, MPI_Datatype type)
{
    long long bytes = (long long)cl_last_contiguous.size * count;
    if (type == cl_last_contiguous.type && bytes <= INT_MAX)
        return (int)bytes;
    return cl_contiguous_bytes_slow(count, type); /* also for sizes past INT_MAX */
}
/* The short path for contiguous data of at most CL_COMBINE_LIMIT bytes to a
 * real rank (the caller checks): header and data in one message. Counts the
 * message as sent. */
int cl_send_combined(const void *buf, int nbytes, int dest, int tag, int comm, int mode);
/* The short path for data alone (cl_headerless said yes) to a real rank.
 * Counts the message as sent. */
int cl_send_alone(const void *buf, int count, MPI_Datatype type, int dest, int tag, int comm,
                  int mode);
/* The short path's receive: from a named source and tag into a contiguous
 * buffer of `capacity` bytes (count elements of type), with nothing held and
 * no split receive pending (the caller checks). Takes a split message's data
 * straight into the buffer. Counts the arrival. */
int cl_recv_contiguous(void *buf, int count, MPI_Datatype type, int capacity, int source,
                       int tag, int comm, MPI_Status *status);
/* A receive in progress: part 1 lands in `bounce`; a split message's data
 * then comes straight into buf as part 2. */
struct cl_recv_layout {
    struct cl_header header; /* of the arrived message */
    int comm;
    void *bounce;
    int bounce_bytes, owns_bounce;
    int bounce_data; /* where the data starts in it: after a header, or at 0 (data alone) */
    void *buf;
    int count;
    MPI_Datatype type;
    int capacity;  /* bytes of data the user buffer holds */
    int may_split; /* capacity above CL_COMBINE_LIMIT: a split message may come */
    int split;     /* part 1 said: split, part 2 to come */
    /* Capacity of at least CL_WIRE_LIMIT: a message without a header may
     * come, so part 1 is received straight into the buffer. A message with a
     * header then writes up to CL_WIRE_LIMIT bytes there that are not the
     * program's data: `head` keeps what the buffer held, to put back. */
    int direct;
    int head_bytes, head_count; /* 0, or so many whole elements of type, packed */
    unsigned char *head;        /* NULL: head_inline holds it */
    int source, tag, nbytes; /* of the arrived message */
    uint32_t seq;
    void *packed; /* the data packed for the late registry, when it had to be */
    unsigned char head_inline[CL_WIRE_LIMIT]; /* last: cl_recv_prepare clears up to it */
};
/* scratch (may be NULL) serves as the bounce when it is big enough. */
void cl_recv_prepare(struct cl_recv_layout *l, int comm, void *buf, int count,
                     MPI_Datatype type, void *scratch, int scratch_bytes);
int cl_recv_post(struct cl_recv_layout *l, int source, int tag, MPI_Request *req);
/* Blocking receive of part 1, keeping the program's split receives moving. */
int cl_recv_wait_part1(struct cl_recv_layout *l, int source, int tag, MPI_Status *st);
/* Part 1 arrived: 1 when the message is complete (data in the user buffer,
 * status in the program's terms), 0 when part 2 must be received. */
int cl_recv_part1_arrived(struct cl_recv_layout *l, MPI_Status *st);
int cl_recv_post_part2(struct cl_recv_layout *l, MPI_Request *req);
/* Blocking receive of part 2, then the status in the program's terms. */
void cl_recv_wait_part2(struct cl_recv_layout *l, MPI_Status *st);
void cl_recv_part2_arrived(struct cl_recv_layout *l, MPI_Status *st);
void cl_recv_release(struct cl_recv_layout *l);
/* What a direct receive's buffer held where a message with a header would
 * land (packed: `count` elements of its type; 0 bytes if not direct), and
 * putting it back: a receive pending at a checkpoint is saved with it, since
 * MPI may already have written there when the image was taken. */
const void *cl_recv_head(struct cl_recv_layout *l, int *bytes, int *count);
void cl_recv_put_back_head(void *buf, MPI_Datatype type, const void *head, int bytes, int count);
/* The data of a received message as bytes (packed form), for the late registry. */
const void *cl_recv_payload(struct cl_recv_layout *l);
/* Bytes back into a user buffer (inverse of cl_data_bytes). */
void cl_data_unbytes(const void *bytes, int nbytes, void *buf, int count, MPI_Datatype type);
void cl_status_set(MPI_Status *status, int source, int tag, int nbytes);
/* A status to the program, unless it passed MPI_STATUS_IGNORE. MPI_ERROR
 * keeps what the program put there: MPI sets it only for a call that
 * returns MPI_ERR_IN_STATUS (pt2pt/isendself checks it). */
static inline void cl_status_give(MPI_Status *user, const MPI_Status *st)
{
    if (user == MPI_STATUS_IGNORE)
        return;
    int error = user->MPI_ERROR;
    *user = *st;
    user->MPI_ERROR = error;
}
/* Stops the program, as MPI would, when a message does not fit the receive buffer. */
void cl_check_fits(int source, int tag, int nbytes, int count, MPI_Datatype type);
/* A probe's status in the program's terms; may take the message into the held list. */
void cl_probe_size(int comm, MPI_Status *st);
/* Takes the messages from the communicator's rank `source` out of MPI into
 * the held list, in order, through the first with this tag (which a probe
 * found there); returns that one's data size. */
int cl_hold_through(int comm, int source, int tag);

/* pack.c: MPI_Pack and MPI_Unpack (on MPI_COMM_WORLD) of the library's
 * type `real`, MPI_BOTTOM included. */
int cl_pack(const void *buf, int count, MPI_Datatype real, void *out, int outsize, int *position);
int cl_unpack(const void *in, int insize, int *position, void *buf, int count, MPI_Datatype real);

/* type_contents.c: a derived type's constructor and arguments. get returns
 * 0 for a named type (only combiner set; nothing to free), else 1, and the
 * caller frees with cl_type_contents_free. */
struct cl_type_contents {
    int combiner, ntypes;
    int *ints;
    MPI_Aint *aints;
    MPI_Datatype *types;
};
int cl_type_contents_get(MPI_Datatype t, struct cl_type_contents *c);
void cl_type_contents_free(struct cl_type_contents *c);
/* Datatype k of the library type t's contents: a new reference to it, as
 * MPI_Type_get_contents hands out (the others it returns are let go). */
MPI_Datatype cl_type_contents_of(MPI_Datatype t, int k);

/* byte_view.c: the library's type `real` with MPI_BYTE for its basic types
 * (same type map and bounds), committed; MPI_DATATYPE_NULL where it cannot
 * be built (Fortran types, named types with holes other than MPI_SHORT_INT).
 * The caller frees it. */
MPI_Datatype cl_type_byte_view(MPI_Datatype real);

/* typemap_prefix.c: where the first bytes of data of a datatype lie, as
 * blocks at offsets from the buffer, in the order MPI packs them. */
struct cl_prefix {
    int n;
    MPI_Aint off[CL_WIRE_LIMIT];
    int len[CL_WIRE_LIMIT];
};
/* The first `limit` (at most CL_WIRE_LIMIT) bytes of data of as many
 * elements of the library's type `real` as hold them; -1 for a constructor
 * the walk does not know (subarray, darray). */
int cl_type_prefix(MPI_Datatype real, int limit, struct cl_prefix *p);
/* The prefix's bytes out of buf, and bytes [from, to) of it (in[0] is byte
 * `from`) into buf. */
void cl_prefix_gather(const struct cl_prefix *p, const void *buf, unsigned char *out);
/* The same, and cl_copy_mapped for n bytes from buf, for bytes a program
 * need not own: its buffer may hold only what it knows will arrive, less
 * than its datatype describes (MPI writes only the message's locations).
 * -1, with nothing read, when some of them are not mapped. The bytes on
 * the page of buf's first byte, the common case, cost no system call. */
int cl_prefix_gather_mapped(const struct cl_prefix *p, const void *buf, unsigned char *out);
int cl_copy_mapped(const void *buf, int n, unsigned char *out);
void cl_prefix_scatter(const struct cl_prefix *p, void *buf, const unsigned char *in, int from,
                       int to);

/* held.c: messages a probe took out of MPI before the program received them. */
/* chan: cl_chan of the communicator (objects.h). */
void cl_held_add(int chan, int source, int tag, void *bytes, int nbytes); /* takes bytes */
int cl_held_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes);
int cl_held_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes);
extern struct held *cl_held_first;
static inline int cl_held_none(void) /* nothing held: receives may go straight to MPI */
{
    return cl_held_first == NULL;
}
/* A held message a matched probe took for the program (mprobe.c): out of
 * the receives' sight, under a number of its own (> 0). */
#define CL_MATCHED_LIMIT (1 << 24)
int cl_held_match(int chan, int source, int tag);
int cl_held_take_matched(int id, int *src_out, int *tag_out, void **bytes, int *nbytes);
void cl_held_save(void **bytes, size_t *n);
int cl_held_load(const void *bytes, size_t n);

/* protocol.c: epochs, counts, control channel, coordinator. */
void cl_protocol_init(void);
void cl_poll_now(void);
/* Book-keeping for one application message. */
static inline void cl_note_sent(int dest)
{
    cl.sent[dest]++;
}
/* Classify a received message; returns 1 when it is late (the caller records its data). */
int cl_note_received(int source, const struct cl_header *h);
static inline struct cl_header cl_outgoing_header(void)
{
    struct cl_header h = {cl.epoch, cl.logging ? CL_LOGGING : 0, 0};
    return h;
}
/* May a message of nbytes go as data alone? Only one longer than any
 * message with a header, and only while the header would say nothing a
 * receiver cannot infer (protocol.c, cl_implied_header). */
static inline int cl_headerless(int nbytes)
{
    return nbytes > CL_WIRE_LIMIT && cl.epoch_committed && !cl.logging && cl.send_alone;
}
/* The header of a message that came without one, from world rank source. */
struct cl_header cl_implied_header(int source);
int cl_point_due(void);
uint64_t cl_checkpoint_number(void);
void cl_image_written(uint64_t n, int ok);
void cl_finalize_protocol(void);
/* Is our part of the checkpoint in progress complete? Then write the log and say so. */
void cl_check_complete(void);
/* Recovery: every rank's n words, concatenated in rank order over the control
 * communicator (collective); *total gets their number. ckpt_untracked_free it. */
uint64_t *cl_allgather_words(const uint64_t *mine, int n, int *total);

/* registries.c: late messages, early counts and suppression, non-deterministic log. */
/* A growing array of the layer's (untracked memory): room for `needed` items. */
void *cl_grow(void *p, int *capacity, int needed, size_t item);
/* chan: cl_chan of the communicator; late messages by the communicator's
 * ranks, early counts and suppression by world ranks (they are exchanged). */
void cl_late_add(int chan, int source, int tag, const void *bytes, int nbytes);
/* Take the next late message of a channel (source/tag may be wildcards). 1 if found. */
int cl_late_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes);
int cl_late_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes);
void cl_early_add(int chan, int world_source, int tag);
/* 1 = this send was an early message already delivered */
int cl_suppress(int chan, int world_dest, int tag);
enum cl_event_kind {
    CL_EV_RECV = 1, CL_EV_TEST, CL_EV_TESTANY, CL_EV_WAITANY, CL_EV_SOME, CL_EV_INDEX,
    CL_EV_IPROBE, CL_EV_PROBE, CL_EV_WTIME
};
struct cl_event {
    int32_t kind, a, b, c;
    double value;
    uint32_t repeat, pad; /* identical events in a row (a polling loop's misses): one entry */
};
void cl_log_event(int kind, int a, int b, int c, double value);
/* Replay: the next logged event, which must be of this kind. NULL when the log is done. */
const struct cl_event *cl_replay_event(int kind, const char *call);
int cl_replay_pending(void);
/* What the wildcard receive with this posting number matched (logging), and
 * on recovery, taking it back. */
void cl_match_log(uint64_t posted, int source, int tag);
int cl_match_take(uint64_t posted, int *source, int *tag);
void cl_registries_reset_for_epoch(void);
/* Serialisation: the early registry is part of the image (saved at the local
 * checkpoint); late messages and the event log form the rank's log, written
 * when its part of the checkpoint completes. */
int cl_registries_save_early(void **bytes, size_t *n);
int cl_registries_load_early(const void *bytes, size_t n);
int cl_registries_save_log(void **bytes, size_t *n);
int cl_registries_load_log(const void *bytes, size_t n);
/* Recovery: tell every peer how many of its messages to suppress. */
void cl_registries_exchange_early(void);
void cl_replay_check_done(void);

/* requests.c: virtual request handles. */
/* attributes.c: attributes on communicators and datatypes (the program's
 * handles), their copy and delete functions run where MPI runs them. */
int cl_attributes_comm_dup(MPI_Comm from, MPI_Comm to);
int cl_attributes_type_dup(MPI_Datatype from, MPI_Datatype to);
void cl_attributes_comm_freed(MPI_Comm comm);
void cl_attributes_type_freed(MPI_Datatype type);
void cl_attributes_finalize(void);
void cl_attributes_save(void **bytes, size_t *n);
int cl_attributes_load(const void *bytes, size_t n);

/* Each datatype a request in use names (objects.c keeps them); whether a
 * non-blocking collective is in flight. */
void cl_requests_each_datatype(void (*fn)(void *ctx, MPI_Datatype type), void *ctx);
int cl_requests_collective_pending(void);
/* A request already complete with this status (MPI_Imrecv). */
MPI_Request cl_request_done(const MPI_Status *st);
/* Is a generalized request (MPI_Grequest_start) or a communicator being
 * made (MPI_Comm_idup) not yet done? No checkpoint until they are. */
int cl_requests_unrepeatable_pending(void);
/* Does a request in use name this communicator (object table index)? */
int cl_requests_use_comm(int comm);
void cl_requests_save(void **bytes, size_t *n);
int cl_requests_load(const void *bytes, size_t n);
void cl_requests_repost(void);

/* bsend.c: the buffer the program attached for buffered sends, saved
 * with the image (size -1: none) and attached again on recovery. */
void cl_bsend_save(uint64_t *buffer, int64_t *size);
int cl_bsend_restore(uint64_t buffer, int64_t size);

/* Send modes: the `mode` argument of the sending functions. */
enum { CL_SEND_STANDARD = 0, CL_SEND_SYNCHRONOUS = 1, CL_SEND_BUFFERED = 2 };

/* Failing clearly. */
_Noreturn void cl_unsupported(const char *call, const char *why);

/* Sending without blocking: the header (and small data) must outlive the call. */
struct cl_send_layout {
    struct cl_split_header header;
    void *bounce;
    MPI_Request part2; /* of a split message */
};
int cl_isend_start(struct cl_send_layout *s, const void *buf, int count, MPI_Datatype type,
                   int dest, int tag, int comm, int mode, MPI_Request *part1);
void cl_send_release(struct cl_send_layout *s);

/* Receives get posting numbers in program order; a recovered run repeats them. */
uint64_t cl_next_post_number(void);
/* On recovery, where a wildcard receive with this posting number goes: the
 * source and tag it matched before the failure, if that was logged. */
void cl_resolve_wildcard(uint64_t posted, int *source, int *tag);
/* A message has arrived through `l`: count it, keep late data. */
void cl_arrived(struct cl_recv_layout *l, MPI_Status *st, int nbytes);
void cl_count_arrival(int comm, int source, int tag, const struct cl_header *h,
                      const void *payload, int nbytes);
/* A message that left MPI earlier (held after a probe, or late when
 * recovering) into the user's buffer: 1 if there was one. */
int cl_take_kept(int comm, int source, int tag, void *buf, int count, MPI_Datatype type,
                 MPI_Status *st);
/* Waiting for one library request while the program's receives that may
 * get split messages keep posting their part 2 (else two ranks each
 * blocked in a send's part 2 would wait for each other). */
void cl_wait_real(MPI_Request *req, MPI_Status *st);
void cl_requests_advance(void);
/* Before a local checkpoint: receives whose part 1 is in get their part 2. */
void cl_requests_finish_split(void);
/* Recovery: after the stack is rebuilt, receives restored as pending are
 * matched again in the order they were posted. */
void cl_requests_activate_restored(void);
/* What image_written could not do while the stack was being rebuilt. */
void cl_announce_if_pending(void);

#endif
