/* Virtual request handles and the non-blocking calls (requests.c). */
#ifndef AALC_CL_REQUESTS_H
#define AALC_CL_REQUESTS_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

/* Each datatype a request in use names (objects.c keeps them); whether a
 * non-blocking collective is in flight. */
void cl_requests_each_datatype(void (*fn)(void *ctx, MPI_Datatype type), void *ctx);
int cl_requests_collective_pending(void);
/* A request already complete with this status (MPI_Imrecv). */
MPI_Request cl_request_done(const MPI_Status *st);
/* Is a communicator being made (MPI_Comm_idup) not yet done? No checkpoint
 * until it is. */
int cl_requests_unrepeatable_pending(void);
/* Does a request in use name this communicator (object table index)? */
int cl_requests_use_comm(int comm);
void cl_requests_save(void **bytes, size_t *n);
int cl_requests_load(const void *bytes, size_t n);
/* Receives get posting numbers in program order; a recovered run repeats them. */
uint64_t cl_next_post_number(void);
uint64_t cl_post_number_now(void); /* the last one given */
/* On recovery, where a wildcard receive with this posting number goes: the
 * source and tag it matched before the failure, if that was logged. */
void cl_resolve_wildcard(uint64_t posted, int *source, int *tag);
/* Waiting for one library request while the program's receives that may
 * get split messages keep posting their part 2 (else two ranks each
 * blocked in a send's part 2 would wait for each other). */
void cl_wait_real(MPI_Request *req, MPI_Status *st);
void cl_requests_advance(void);
/* An early message (sent after its sender's checkpoint) has arrived from
 * `source` with `tag` on communicator `comm` (object table index), for the
 * receive posted as number `posted` (UINT64_MAX: a receive or probe taking
 * it now). The receives posted before it that could have taken it are
 * matched already: see cl_requests_finish_for_checkpoint. */
void cl_requests_note_early(int comm, int source, int tag, uint64_t posted);
/* Before a local checkpoint, the receives that must not be saved pending:
 * one whose part 1 is in gets its part 2 (no message is half in the image),
 * and one that MPI matched ahead of an early message is completed. */
void cl_requests_finish_for_checkpoint(void);
/* Recovery: after the stack is rebuilt, receives restored as pending are
 * matched again in the order they were posted. */
void cl_requests_activate_restored(void);

/* The requests of the collectives (coll.h, persistent_coll.h) and of
 * MPI_Comm_idup (comms.c). A non-blocking collective's request (nb NULL:
 * already complete, served from the log). */
struct cl_nb_coll;
struct cl_pcoll;
struct cl_idup;
MPI_Request cl_request_collective(struct cl_nb_coll *nb, MPI_Request real);
void cl_requests_log_pending_collectives(void);
/* An inactive persistent request for it (the record is copied; the
 * duplicate is freed with the request). */
MPI_Request cl_request_persistent_collective(const struct cl_pcoll *p);
/* A communicator being made by MPI_Comm_idup: given to the program once the
 * library's request `real` is done (then cl_comm_idup_completed, comms.h). */
MPI_Request cl_request_creation(struct cl_idup *d, MPI_Request real);

#endif
