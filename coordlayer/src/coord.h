/*
 * The coordination layer's shared state and the inline fast paths over it.
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
 *
 * This header holds the state all modules share (the wire header, `cl`) and
 * the inline fast paths over it; each module's interface is in its own
 * header (protocol.h, piggyback.h, registries.h, ...).
 */
#ifndef AALC_COORD_H
#define AALC_COORD_H

#include <mpi.h>
#include <stdatomic.h>
#include <stdint.h>

/* Piggybacked on every application message, in front of its data: the
 * header as the layer reads it. */
struct cl_header {
    uint32_t epoch;
    uint16_t flags;  /* CL_LOGGING: the sender is logging non-deterministic events */
    uint16_t nbytes; /* of the data behind it, when the data is in the same message */
};
#define CL_LOGGING 1u
#define CL_SPLIT 2u /* the data follows as part 2 on cl.data (piggyback.c) */
/* The header on the wire: 2 bytes. Two communicating ranks' epochs differ by
 * at most one (protocol.md), so the low CL_EPOCH_WIRE_BITS bits of the
 * sender's epoch say which it is, read against the receiver's own
 * (cl_header_decode). The two flags take the bits above them, the data size
 * (at most CL_COMBINE_LIMIT) the second byte. Bytes count: Open MPI's shared
 * memory path is measurably slower from 11 bytes a message on (8 B of data
 * behind an 8-byte header cost +30% latency there). */
struct cl_wire_header {
    uint8_t epoch_flags; /* epoch's low bits | flags << CL_EPOCH_WIRE_BITS */
    uint8_t nbytes;
};
#define CL_EPOCH_WIRE_BITS 6
#define CL_EPOCH_WIRE_MASK ((1u << CL_EPOCH_WIRE_BITS) - 1u)
#define CL_HEADER_BYTES ((int)sizeof(struct cl_wire_header))
/* Part 1 of a split message, as the layer reads it. */
struct cl_split_header {
    struct cl_header h;
    uint32_t seq;   /* numbers the split messages from this sender to this receiver */
    int32_t nbytes; /* of the data in part 2 */
};
/* Part 1 of a split message on the wire: 12 bytes. */
struct cl_split_wire {
    struct cl_wire_header h;
    uint16_t unused; /* zero */
    uint32_t seq;
    int32_t nbytes;
};
/* Data up to this size travels in the same message as the header, copied
 * behind it. Kept small: a receive that could take a message without a
 * header first saves the CL_WIRE_LIMIT bytes of its buffer such a message
 * could overwrite (piggyback.c); the sizes that can go neither way (65 and
 * 66 bytes: always split) are not a power of two. */
#define CL_COMBINE_LIMIT 64
/* The longest message with a header in it (a combined one). A longer
 * message is data alone: its sender was in a committed epoch and not
 * logging, and the receiver infers the header (cl_implied_header). */
#define CL_WIRE_LIMIT (CL_HEADER_BYTES + CL_COMBINE_LIMIT)
_Static_assert(sizeof(struct cl_wire_header) == 2 && sizeof(struct cl_split_wire) == 12 &&
                   CL_COMBINE_LIMIT <= UINT8_MAX,
               "the wire header's layout");

enum cl_mode { CL_NORMAL, CL_LOGGING_MODE };

struct cl_counters {
    uint64_t late, early, nondet, replayed_late, suppressed_early, replayed_nondet;
    /* Messages sent as data alone, and late ones that came so (piggyback.c). */
    uint64_t sent_alone, late_alone;
    /* Collectives logged after a checkpoint, and served from the log. */
    uint64_t coll_logged, coll_replayed;
    /* Logged results that went to the spill file (coll_log.c). */
    uint64_t coll_spilled;
    /* Communicator creations logged, and built again from the log. */
    uint64_t comm_logged, comm_rebuilt;
    /* Freed MPI objects whose slots and recipes were given up (objects.c). */
    uint64_t objects_reclaimed;
};

/* The most the layer gives a program. Its tables are not locked, so MPI
 * calls must come one at a time; from any thread, since checkpoints start
 * only on the program thread outside OpenMP parallel regions, where no other
 * thread of the program runs (a program's own pthreads are not saved at all:
 * docs/limitations.md). */
#define CL_MOST_THREAD_LEVEL MPI_THREAD_SERIALIZED

struct cl_state {
    int rank, size;
    int thread_level; /* what MPI_Init(_thread) gave the program (saved: a recovery
                         starts MPI itself, at CL_MOST_THREAD_LEVEL) */
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

/* The protocol's fast paths (protocol.h has the rest). Book-keeping for one
 * application message. */
static inline void cl_note_sent(int dest)
{
    cl.sent[dest]++;
}
static inline struct cl_header cl_outgoing_header(void)
{
    struct cl_header h = {cl.epoch, cl.logging ? CL_LOGGING : 0, 0};
    return h;
}
static inline struct cl_wire_header cl_header_encode(struct cl_header h)
{
    struct cl_wire_header w = {
        (uint8_t)((h.epoch & CL_EPOCH_WIRE_MASK) | (unsigned)h.flags << CL_EPOCH_WIRE_BITS),
        (uint8_t)h.nbytes};
    return w;
}
/* The sender's epoch is the one nearest ours with those low bits. */
static inline struct cl_header cl_header_decode(struct cl_wire_header w)
{
    int ahead = (int)((w.epoch_flags - cl.epoch) & CL_EPOCH_WIRE_MASK);
    if (ahead > (int)(CL_EPOCH_WIRE_MASK >> 1))
        ahead -= (int)CL_EPOCH_WIRE_MASK + 1;
    struct cl_header h = {cl.epoch + (uint32_t)ahead,
                          (uint16_t)(w.epoch_flags >> CL_EPOCH_WIRE_BITS), w.nbytes};
    return h;
}
/* May a message of nbytes go as data alone? Only one longer than any
 * message with a header, and only while the header would say nothing a
 * receiver cannot infer (protocol.c, cl_implied_header). */
static inline int cl_headerless(int nbytes)
{
    return nbytes > CL_WIRE_LIMIT && cl.epoch_committed && !cl.logging && cl.send_alone;
}

/* Failing clearly (layer.c): every wrapper may refuse a call, the generated
 * ones included. */
_Noreturn void cl_unsupported(const char *call, const char *why);

#endif
