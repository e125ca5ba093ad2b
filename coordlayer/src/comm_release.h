/* Letting go of freed communicators, by agreement at a checkpoint.
 *
 * A communicator the program freed stays in the table while a recovery may
 * need it: to build a live one made from it, or because some member has
 * not freed it yet at its checkpoint and will call collectives on it again.
 * Building one again is collective over its parent, so every member of the
 * parent must agree on which ones a recovery builds: a rank cannot drop
 * one on its own.
 *
 * So at each local checkpoint every rank votes, per creation (the key all
 * members of the parent give the communicators one collective made, those
 * left out included), with the number of ranks that make it: keep it, or
 * it may go (every communicator of it here is freed and nothing still in
 * the table is built from it). The coordinator tells every rank the
 * creations that every rank making them voted may go; each rank forgets
 * them when the checkpoint commits, before it takes the next one, so every
 * image after it lacks them alike. A rank behind, that had not made it at
 * its checkpoint, casts no vote, and the creation waits for the next
 * checkpoint. What a communicator is built from goes a round after it. */
#ifndef AALC_COMM_RELEASE_H
#define AALC_COMM_RELEASE_H

#include <stdint.h>

/* At the local checkpoint: this rank's votes, kept until they are sent. */
void cl_comm_release_vote(void);
/* Sends them (keep: 1, or 0: may go). */
void cl_comm_release_report(void (*send)(uint64_t key, int keep, uint32_t members));

/* Coordinator: count one vote; at the end, tell every rank the creations
 * that no rank keeps, and start again empty. */
void cl_comm_release_tally(uint64_t key, int keep, uint32_t members);
void cl_comm_release_announce(void (*send)(int rank, uint64_t key), int nranks);
void cl_comm_release_tally_reset(void);

/* Every rank: the coordinator says nobody keeps `key`. */
void cl_comm_release_agreed(uint64_t key);
/* The checkpoint committed (forget what was agreed) or was given up
 * (forget the agreement). */
void cl_comm_release_settled(int committed);

#endif
