/* The layer's part of checkpoint levels (docs/levels.md): which ranks share
 * a node, the node-local commit markers, the flush of committed checkpoints
 * to CKPT_DIR (when, and its own commit once every rank's copy is whole),
 * and on recovery, putting the chosen checkpoint's files into each rank's
 * local level from wherever they survive. Without CKPT_LOCAL_DIR every call
 * does nothing. */
#ifndef AALC_CL_LEVELS_H
#define AALC_CL_LEVELS_H

#include <stdint.h>

/* When MPI is up (collective): the node table, the node's first rank. */
void cl_levels_init(void);
/* The highest checkpoint number at any level on any node when the job
 * started: new checkpoints are numbered above it. */
uint64_t cl_levels_number_floor(void);
/* Coordinator, checkpoint n just committed: 1 if it is to be flushed (one
 * flush at a time, every CKPT_FLUSH_EVERY commits). */
int cl_levels_flush_due(uint64_t n);
/* Every rank, checkpoint n committed: the node's marker (on the nodes the
 * coordinator's commit did not write), pruning, and the flush if asked. */
void cl_levels_committed(uint64_t n, int flush);
/* 1 once this rank's flush has ended: *n and *ok go to the coordinator. */
int cl_levels_flush_finished(uint64_t *n, int *ok);
/* Coordinator: a flush is under way (MPI_Finalize's DONE waits for it). */
int cl_levels_flush_pending(void);
/* At MPI_Finalize: the flush in flight ends first (then reported). */
void cl_levels_flush_wait(void);
/* Coordinator: rank's flush of n ended; once all have, ok everywhere, n is
 * committed in CKPT_DIR. */
void cl_levels_flushed(uint64_t n, int ok);
/* Recovery, before the runtime lists the checkpoints (collective): the
 * newest checkpoint whole across the levels is put in every rank's local
 * level. */
void cl_levels_recover(void);

#endif
