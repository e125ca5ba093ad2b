/*
 * The checkpoint directory (CKPT_DIR): where images go and how a checkpoint
 * is committed.
 *
 *   DIR/ckpt-000007/rank-000000.img   one image per rank
 *   DIR/ckpt-000007/COMMITTED         written last, atomically: the checkpoint exists
 *
 * Images are written under a temporary name, fsynced, renamed; the COMMITTED
 * marker is written the same way once every rank's image is durable, then the
 * directory is fsynced. A crash at any moment leaves the previous committed
 * checkpoint intact. Only the newest `keep` committed checkpoints are kept.
 */
#ifndef AALC_STORE_H
#define AALC_STORE_H

#include <stddef.h>
#include <stdint.h>

/* Create dir (and parents) if needed. 0 or -1 with message. */
int ckpt_store_open(const char *dir, char *err, size_t errlen);

/* Paths for one rank's image of checkpoint n: where to write it, and its final name. */
void ckpt_store_image_tmp_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t outlen);
void ckpt_store_image_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t outlen);
/* Create DIR/ckpt-n/ (so images can be written into it). */
int ckpt_store_prepare(const char *dir, uint64_t n, char *err, size_t errlen);
/* Rename the finished temporary image to its final name and fsync the directory. */
int ckpt_store_publish_image(const char *dir, uint64_t n, uint32_t rank, char *err, size_t errlen);
/* Commit checkpoint n: atomically write its COMMITTED marker (records nranks), fsync. */
int ckpt_store_commit(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen);
/* Remove committed checkpoints beyond the newest `keep`, and uncommitted leftovers
 * older than the newest committed one. Never removes the newest committed one. */
void ckpt_store_prune(const char *dir, unsigned keep);

/* Committed checkpoint numbers, newest first. Returns how many (at most max). */
int ckpt_store_list_committed(const char *dir, uint64_t *out, int max);
/* Highest checkpoint number present in any form (committed or not), 0 if none. */
uint64_t ckpt_store_highest(const char *dir);
/* Set a damaged checkpoint aside (renamed to ckpt-n.damaged) so it is not tried again. */
void ckpt_store_set_aside(const char *dir, uint64_t n);

#endif
