/*
 * When the checkpoint directory (CKPT_DIR) is made and taken.
 *
 * A run makes no directory until its first checkpoint: one that ends before
 * any leaves nothing behind. What can be checked at the start is: a CKPT_DIR
 * that exists is taken at once (its lock keeps a second job out from the
 * start), and one that does not must be creatable (its nearest existing
 * parent a writable directory), else the run stops at its start, not at its
 * first checkpoint. At that checkpoint the directory is made, locked (alone,
 * or by rank 0 of a layer), and the output forwarder is told where its
 * count goes.
 */
#ifndef AALC_DIR_CLAIM_H
#define AALC_DIR_CLAIM_H

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>

/* At the start. lock: this process holds the job's lock (alone, or rank 0
 * once a layer knows it; a second call may add the lock). Exits with a
 * message when CKPT_DIR can be neither used nor made. */
void ckpt_dir_claim_early(int lock);
/* At a checkpoint, on the program's thread: make and take the directory if
 * that is not done yet. 0, or -1 with a message. */
int ckpt_dir_claim(char *err, size_t errlen);
/* 1 once the directory is this run's (it exists). */
int ckpt_dir_claimed(void);

/* ckpt_dir_claim_early_try, the same returning -1 with the message
 * instead of stopping: aalc/ckpt_layer_services.h. */
#endif
