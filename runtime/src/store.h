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

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>
#include <stdint.h>

/* 1 if dir is a directory. */
int ckpt_store_exists(const char *dir);
/* 0 if dir, which does not exist, can be made: its nearest existing parent
 * is a directory this process may write in. -1 with a message otherwise. */
int ckpt_store_can_create(const char *dir, char *err, size_t errlen);
/* Create dir (and parents) if needed. 0 or -1 with message. */
int ckpt_store_open(const char *dir, char *err, size_t errlen);

/* Paths for one rank's image of checkpoint n: where to write it, and its final name. */
void ckpt_store_image_tmp_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t outlen);
void ckpt_store_image_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t outlen);
/* Create DIR/ckpt-n/ (so images can be written into it), and fsync DIR. */
int ckpt_store_prepare(const char *dir, uint64_t n, char *err, size_t errlen);
/* The same in two steps: the directory now, its entry made durable later
 * (before the image is published), off the program's time. */
int ckpt_store_create_dir(const char *dir, uint64_t n, char *err, size_t errlen);
/* Rename the finished temporary image to its final name and fsync the directory. */
int ckpt_store_publish_image(const char *dir, uint64_t n, uint32_t rank, char *err, size_t errlen);

/* Mark checkpoint n's directory as holding an incremental image, which
 * needs checkpoint n-1: pruning keeps n-1 while it keeps n. 0 or -1. */
int ckpt_store_mark_incremental(const char *dir, uint64_t n, char *err, size_t errlen);

/* One checkpoint directory of ours, committed or not, or set aside. */
struct ckpt_store_entry {
    uint64_t n;
    int damaged;     /* ckpt-N.damaged[.K] */
    uint32_t nranks; /* its COMMITTED marker's rank count; 0: not committed */
    char name[64];   /* its name in dir */
};
/* Every one in dir, in no particular order, in *out (ckpt_untracked_free it).
 * How many, or -1 if dir cannot be read. */
long ckpt_store_list_all(const char *dir, struct ckpt_store_entry **out);
/* The job is over: remove every checkpoint in dir, committed or not,
 * newest first (each marker first, as pruning does). Damaged ones set aside stay for
 * inspection. How many remain that were not removed. */
int ckpt_store_remove_all(const char *dir);
/* ckpt_store_prune as if `committed`, whose commit is durable, were the
 * newest checkpoint: one committed later, perhaps not yet durable, neither
 * counts towards `keep` nor is touched. */
void ckpt_store_prune_below(const char *dir, unsigned keep, uint64_t committed);
/* Set a damaged checkpoint aside (renamed to ckpt-n.damaged) so it is not tried again. */
void ckpt_store_set_aside(const char *dir, uint64_t n);

/* What a layer may call of it (ckpt_store_log_path, _commit, _prune,
 * _highest, _discard) is declared in aalc/ckpt_layer_services.h. */
#endif
