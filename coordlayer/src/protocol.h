/* Epochs, message counts, the control channel and the coordinator
 * (protocol.c); its fast paths over `cl` are inline in coord.h. */
#ifndef AALC_CL_PROTOCOL_H
#define AALC_CL_PROTOCOL_H

#include "coord.h"

#include <stdint.h>

void cl_protocol_init(void);
void cl_poll_now(void);
/* Classify a received message; returns 1 when it is late (the caller records its data). */
int cl_note_received(int source, const struct cl_header *h);
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
/* What image_written could not do while the stack was being rebuilt. */
void cl_announce_if_pending(void);
/* The epoch ends where the image is taken: called while writing it (layer.c). */
void cl_begin_epoch(void);

#endif
