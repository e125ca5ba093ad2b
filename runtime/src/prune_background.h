/*
 * Pruning old checkpoints in a thread of its own. Removing an image can take
 * longer than writing one (an unlink of a 46 MiB image took 13-26 ms on an
 * ext4 mounted with `discard`, two of them at every commit, and on parallel
 * file systems an unlink is a round trip to every object storage target).
 * Under MPI, rank 0 commits: there every other rank waited for it, at its
 * next message. The thread spends that time waiting for the device instead.
 *
 * ckpt_store_prune_later is the layer's (aalc/ckpt_layer_services.h).
 */
#ifndef AALC_PRUNE_BACKGROUND_H
#define AALC_PRUNE_BACKGROUND_H

/* Wait until no prune is running (before the checkpoints are removed at the
 * end of a run, say). */
void ckpt_store_prune_wait(void);

#endif
