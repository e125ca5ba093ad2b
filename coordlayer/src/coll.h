/* Collectives across the recovery line, without an extra collective per call.
 *
 * Every communicator counts the collectives called on it (its sequence
 * number). Ranks take their local checkpoints at different points, so a
 * collective may have been passed by some members before their checkpoints
 * and by others after (thesis 4.2.2, figure 4.4). Recovery must not let the
 * second kind call it again for real: the first kind never will.
 *
 * At its local checkpoint each rank reports, per communicator, how many
 * collectives it had called; the coordinator sends every rank the highest
 * count of each communicator. From its checkpoint until it has reached those
 * counts, a rank logs the results of its collectives (the collective log, part
 * of its log file). On recovery the ranks exchange the counts saved in their
 * images (once, at recovery), and a rank serves the collectives up to the
 * highest count from its log instead of calling MPI; the ones after it are
 * called by every member again. A communicator created by such a collective
 * is built again, by all its members together, while objects are rebuilt. */
#ifndef AALC_COLL_H
#define AALC_COLL_H

#include "coord.h"
#include "handle_bits.h"
#include "objects.h"

#include <mpi.h>
#include <stdint.h>

/* An output buffer of a collective: what its log entry holds. */
struct cl_block {
    void *buf;
    int count;
    MPI_Datatype type; /* the program's handle */
};

/* The output blocks of the v- and w-collectives: one per rank, at element
 * displacements of `type`, or at byte displacements with a type per rank.
 * Freed with ckpt_untracked_free. */
struct cl_block *cl_coll_blocks(void *buf, const int *counts, const int *displs,
                                MPI_Datatype type, int n);
struct cl_block *cl_coll_blocks_w(void *buf, const int *counts, const int *byte_displs,
                                  const MPI_Datatype *types, int n);
/* The same with address-sized displacements (MPI_Neighbor_alltoallw). */
struct cl_block *cl_coll_blocks_aint(void *buf, const int *counts, const MPI_Aint *byte_displs,
                                     const MPI_Datatype *types, int n);

/* One collective call in progress. */
struct cl_coll {
    int comm;     /* table index */
    MPI_Comm real;
    uint64_t seq;
    int log;      /* its result goes to the log */
    const char *call;
};

/* In normal operation (no logging window open, no replay) a collective only
 * counts: these fast paths are inline, the rest is in coll_log.c. */
extern int cl_coll_busy;
int cl_coll_begin_slow(struct cl_coll *c, int comm, const char *call);
void cl_coll_end_slow(struct cl_coll *c, const struct cl_block *out, int nout);

static inline int cl_coll_rank(const struct cl_coll *c)
{
    int rank;
    PMPI_Comm_rank(c->real, &rank);
    return rank;
}

/* How many ranks a collective's output comes from: the remote group's on
 * an inter-communicator. */
static inline int cl_coll_size(const struct cl_coll *c)
{
    int size, inter = 0;
    PMPI_Comm_test_inter(c->real, &inter);
    if (inter)
        PMPI_Comm_remote_size(c->real, &size);
    else
        PMPI_Comm_size(c->real, &size);
    return size;
}

/* Does this rank get the result of a rooted collective (reduce, gather)? On
 * an inter-communicator the root passes MPI_ROOT; `root` names a remote rank
 * in the other group. */
static inline int cl_coll_is_root(const struct cl_coll *c, int root)
{
    int inter = 0;
    if (root == MPI_ROOT)
        return 1;
    PMPI_Comm_test_inter(c->real, &inter);
    return !inter && cl_coll_rank(c) == root;
}

/* Does this rank receive from the root (bcast, scatter)? Not the root of an
 * inter-communicator's root group, nor the others of that group
 * (MPI_PROC_NULL): their buffers are not written. */
static inline int cl_coll_from_root(int root)
{
    return root != MPI_ROOT && root != MPI_PROC_NULL;
}

/* Starts a collective on table index `comm` (a communicator, or a
 * pseudo-communicator); returns 1 when it is served from the log. */
static inline int cl_coll_begin_at(struct cl_coll *c, int comm, const char *call)
{
    cl_poll(); /* may close a window, never opens one */
    if (cl_coll_busy)
        return cl_coll_begin_slow(c, comm, call);
    struct cl_object *o = &cl_objects[comm];
    c->comm = comm;
    c->real = CL_HANDLE(MPI_Comm, o->real);
    c->seq = ++o->coll_seq;
    c->call = call;
    c->log = 0;
    return 0;
}

static inline int cl_coll_begin(struct cl_coll *c, MPI_Comm comm, const char *call)
{
    return cl_coll_begin_at(c, cl_comm_index(comm), call);
}

/* The collective returned: log its outputs if it is in the window. */
static inline void cl_coll_end(struct cl_coll *c, const struct cl_block *out, int nout)
{
    if (c->log || cl_coll_busy)
        cl_coll_end_slow(c, out, nout);
}
/* Recovery: the logged outputs back into the buffers. */
int cl_coll_replay(struct cl_coll *c, const struct cl_block *out, int nout);

/* A non-blocking collective in flight; its request (requests.c) holds it.
 * Its result is logged when it completes, if it was started in the window or
 * was still in flight when the window opened: started before the checkpoint
 * and completed after it, it is needed on recovery, where no member calls it
 * again. */
struct cl_nb_coll {
    struct cl_coll c;
    uint32_t call_hash;
    int nout;
    struct cl_block *out;
    void *keep; /* what the library reads until completion (MPI_Ialltoallw's types) */
};
struct cl_nb_coll *cl_coll_nb_new(const struct cl_coll *c, const struct cl_block *out, int nout);
void cl_coll_nb_completed(struct cl_nb_coll *nb); /* logs it if it must; frees it */
void cl_coll_nb_log_from_now(struct cl_nb_coll *nb);
/* Recovery: one in flight at the checkpoint gets its outputs from the log. */
void cl_coll_nb_restore(struct cl_nb_coll *nb);
void cl_coll_nb_free(struct cl_nb_coll *nb);
/* Its request: cl_request_collective (requests.h). */
/* Its in-flight entry goes without an output entry: cl_comm_made logged it. */
void cl_coll_nb_creation_completed(struct cl_nb_coll *nb);

/* Communicator creation (a collective on the parent): the recipe goes to the
 * log with the result; replayed, the communicator rebuilt at recovery is
 * returned. `index` -1 means the call gave this rank MPI_COMM_NULL; its
 * entry, kept for later rebuilds, is at `null_slot`. */
void cl_coll_end_creation(struct cl_coll *c, int call, const int64_t *args, int nargs,
                          int index, int null_slot);
MPI_Comm cl_coll_replay_creation(struct cl_coll *c);
/* A creation collective over more ranks than its communicator's members
 * (MPI_Intercomm_create: both groups, each calling it on its own local
 * communicator): counted on `local` and on `across`, the pseudo-communicator
 * of all members. It is logged under `across`: only that count shows the
 * recovery line passing between the groups. */
void cl_coll_end_creation_across(struct cl_coll *local, struct cl_coll *across, int call,
                                 const int64_t *args, int nargs, int index);
/* Recovery: returns 1 and the communicator if the creation counted as
 * `local` was rebuilt at recovery; `replay_local` is what cl_coll_begin
 * answered for it. */
int cl_coll_replay_creation_across(struct cl_coll *local, int replay_local, MPI_Comm *out);
/* A communicator created: name it and give it its logging window. */
void cl_comm_created(int index, int parent, uint64_t parent_seq, MPI_Comm real);
/* A communicator (or pseudo-communicator) new to the table gets the window's
 * logging target. */
void cl_coll_join_window(int index);
/* ... and, made while a recovery replays (a file opened from the log), the
 * collectives on it that members passed before their checkpoints. */
void cl_coll_join_replay(int index);

/* The window (coll_log.c). */
void cl_coll_window_open(void); /* at the local checkpoint */
void cl_coll_target(uint64_t name, uint64_t highest);
void cl_coll_targets_known(void);
int cl_coll_window_closed(void);
void cl_coll_window_abandon(void);
/* At MPI_Finalize: the spill file is closed (on NFS its data goes then). */
void cl_coll_finalize(void);
void cl_coll_report(void (*send)(uint64_t name, uint64_t seq)); /* our counts, at the checkpoint */
/* Coordinator: the counts of all ranks, and the highest per communicator. */
void cl_coll_collect(uint64_t name, uint64_t seq);
void cl_coll_announce(void (*send)(int rank, uint64_t name, uint64_t highest), int nranks);
void cl_coll_collect_reset(void);

/* The log's section of the rank's log file (its results spilled to a file
 * are read back a piece at a time). */
struct ckpt_image_writer;
int cl_coll_write_log(struct ckpt_image_writer *w, uint32_t kind, char *err, size_t errlen);
int cl_coll_load_log(const void *bytes, size_t n);
void cl_coll_reset_for_epoch(void);
/* Recovery: exchange the saved counts, rebuild every object, set the replay. */
void cl_coll_recover(void);
int cl_coll_replay_pending(void);

#endif
