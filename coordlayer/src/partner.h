/* Partner copies (docs/levels.md): each rank's files of a checkpoint, once
 * durable in its node's local level, are sent over MPI to a rank on the next
 * node, which stores them in its own local level and says so; only then does
 * the rank report its part of the checkpoint complete. On recovery the same
 * transfer brings a rank's files back from the node that holds them. */
#ifndef AALC_CL_PARTNER_H
#define AALC_CL_PARTNER_H

#include <stddef.h>
#include <stdint.h>

/* When MPI is up (collective), with every rank's node index (0 .. nodes-1,
 * numbered by their first rank): who is whose partner, on a communicator of
 * its own. Copies are made if CKPT_PARTNER is 1, or unset and nodes > 1. */
void cl_partner_init(const int *node_of, int nodes);
int cl_partner_active(void);
/* Send this rank's files of checkpoint n (image, log) to its partner:
 * 0, or -1 with a warning (the checkpoint cannot complete here). */
int cl_partner_send(uint64_t n);
/* The partner has stored our copy of n: the sends are finished. */
void cl_partner_stored(uint64_t n);
/* Receive copies that arrived; each one of the checkpoint in progress is
 * stored, then `stored_cb(source, n, ok)` says whether it is (ok = 0: it
 * could not be, and the checkpoint must be given up). Copies of a
 * checkpoint given up are taken in and dropped. */
void cl_partner_poll(uint64_t in_progress, void (*stored_cb)(int source, uint64_t n, int ok));
/* Checkpoint n is given up: remove the copies this rank stored of it. */
void cl_partner_forget(uint64_t n);
/* At MPI_Finalize, once no checkpoint is in progress (collective): every
 * copy on its way is taken in, and dropped. */
void cl_partner_quiesce(void);

/* Recovery (collective): for checkpoint n, every rank with need[r] set
 * gets its files from rank holder[r], which sends them from its local level
 * (the image and the log), into its own local level. 0, or -1 with err. */
int cl_partner_fetch(uint64_t n, const int *holder, const unsigned char *need, char *err,
                     size_t errlen);

#endif
