/*
 * A job that ends well needs its checkpoints no more: they are removed when
 * the process exits with status 0 (returning from main or calling exit),
 * unless CKPT_KEEP_ON_EXIT=1. Under a layer (MPI), only once every rank has
 * reached the program's end together, and then by rank 0 for all of them.
 * A failed run, a killed one or one that exits non-zero keeps them: those
 * are the runs --recover is for.
 */
#ifndef AALC_CLEANUP_H
#define AALC_CLEANUP_H

/* The layer's ranks have all reached the program's end, and no checkpoint
 * will follow: wait until this rank's last image is written (so that none is
 * being written when rank 0 removes them). */
void ckpt_cleanup_job_ending(void);
/* The process exits with this status. */
void ckpt_cleanup_at_exit(int status);

#endif
