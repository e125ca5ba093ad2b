/*
 * A job that ends well needs its checkpoints no more: they are removed when
 * the process exits with status 0 (returning from main or calling exit),
 * unless CKPT_KEEP_ON_EXIT=1. Under a layer (MPI), only once every rank has
 * reached the program's end together, and then by rank 0 for all of them.
 * A failed run, a killed one or one that exits non-zero keeps them: those
 * are the runs --recover is for.
 *
 * The removal is the last thing the process does before the C library closes
 * its streams: after the program's own atexit handlers and after stdio has
 * written what it buffered. A SIGKILL before that point finds the
 * checkpoints still there; one after it finds the output complete.
 */
#ifndef AALC_CLEANUP_H
#define AALC_CLEANUP_H

/* The layer's ranks have all reached the program's end, and no checkpoint
 * will follow: wait until this rank's last image is written (so that none is
 * being written when rank 0 removes them). */
void ckpt_cleanup_job_ending(void);
/* Before the program starts: the removal is registered with atexit, first,
 * so that it runs after every handler the program registers. */
void ckpt_cleanup_register(void);
/* The program ends with this status (main returned it): the removal happens
 * in the atexit handler. */
void ckpt_cleanup_note_status(int status);

#endif
