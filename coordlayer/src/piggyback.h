/* Moving the piggybacked header with the user's data (piggyback.c): sending,
 * receiving in parts, statuses and probes in the program's terms. */
#ifndef AALC_CL_PIGGYBACK_H
#define AALC_CL_PIGGYBACK_H

#include "coord.h"

#include <limits.h>
#include <mpi.h>
#include <stdint.h>

/* Send modes: the `mode` argument of the sending functions. */
enum { CL_SEND_STANDARD = 0, CL_SEND_SYNCHRONOUS = 1, CL_SEND_BUFFERED = 2 };

int cl_data_bytes(int count, MPI_Datatype type);
/* `comm` arguments below are object table indices (objects.h); ranks are the
 * communicator's, as the program sees them. */
int cl_send(const void *buf, int count, MPI_Datatype type, int dest, int tag, int comm, int mode);
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
int cl_recv_contiguous(void *buf, int count, MPI_Datatype type, int capacity, int source, int tag,
                       int comm, MPI_Status *status);
/* A receive in progress: part 1 lands in `bounce`; a split message's data
 * then comes straight into buf as part 2. */
struct cl_recv_layout {
    struct cl_header header; /* of the arrived message */
    int comm;
    uint64_t posted; /* the receive's posting number; 0: taken now (a probe, or a short path) */
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
    int source, tag, nbytes;    /* of the arrived message */
    uint32_t seq;
    void *packed; /* the data packed for the late registry, when it had to be */
    unsigned char head_inline[CL_WIRE_LIMIT]; /* last: cl_recv_prepare clears up to it */
};
/* scratch (may be NULL) serves as the bounce when it is big enough. */
void cl_recv_prepare(struct cl_recv_layout *l, int comm, void *buf, int count, MPI_Datatype type,
                     void *scratch, int scratch_bytes);
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

/* Sending without blocking: the header (and small data) must outlive the call. */
struct cl_send_layout {
    struct cl_split_wire header;
    void *bounce;
    MPI_Request part2; /* of a split message */
};
int cl_isend_start(struct cl_send_layout *s, const void *buf, int count, MPI_Datatype type,
                   int dest, int tag, int comm, int mode, MPI_Request *part1);
void cl_send_release(struct cl_send_layout *s);

#endif
