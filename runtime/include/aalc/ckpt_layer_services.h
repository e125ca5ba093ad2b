/*
 * What a layer (aalc/ckpt_layer.h) may use of the runtime: memory outside the
 * checkpoint, messages, image files, the checkpoint directory and the test
 * fault injection. A layer includes nothing else of the runtime; the
 * runtime's own headers include this one for these declarations.
 */
#ifndef AALC_CKPT_LAYER_SERVICES_H
#define AALC_CKPT_LAYER_SERVICES_H

#include <stddef.h>
#include <stdint.h>

/* ---- Memory for the runtime's and the layer's own bookkeeping: plain libc
 * allocations that are never saved in a checkpoint. */
void *ckpt_untracked_malloc(size_t n);
void *ckpt_untracked_realloc(void *p, size_t n);
void ckpt_untracked_free(void *p);

/* ---- Messages, always prefixed "aalc: rank R:". */
/* Printed when CKPT_VERBOSE is at least `level`. */
void ckpt_info(int level, const char *format, ...) __attribute__((format(printf, 2, 3)));
void ckpt_warn(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Prints "error: ..." and exits with status 1. */
_Noreturn void ckpt_fatal(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Set once ckpt_fatal has begun to stop the process: exit handlers must
 * not wait for other processes then (they may never come). */
int ckpt_stopping_on_error(void);

/* ---- Image files: a header, typed sections and a checksum. A layer's
 * sections have kinds from CKPT_SECTION_EXTENSION up. */
enum { CKPT_SECTION_EXTENSION = 100 };
#define CKPT_EXE_ID_MAX 64

struct ckpt_image_header {
    uint64_t checkpoint;   /* checkpoint sequence number (the epoch it ends) */
    uint32_t rank, nranks; /* 0 and 1 for serial programs */
    uint32_t exe_id_len;
    uint8_t exe_id[CKPT_EXE_ID_MAX]; /* identity of the executable (GNU build-id) */
};

struct ckpt_image_writer; /* opaque */
/* Create path (truncating), write the header. NULL with a message in err on failure. */
struct ckpt_image_writer *ckpt_image_create(const char *path, const struct ckpt_image_header *h,
                                            char *err, size_t errlen);
/* Append one section. Returns 0 or -1 (message in err). */
int ckpt_image_add_section(struct ckpt_image_writer *w, uint32_t kind, uint64_t addr,
                           const void *data, uint64_t size, char *err, size_t errlen);
/* Or append a section in pieces: declare its size, then append exactly that
 * many bytes (in any number of calls). */
int ckpt_image_begin_section(struct ckpt_image_writer *w, uint32_t kind, uint64_t addr,
                             uint64_t size, char *err, size_t errlen);
int ckpt_image_append(struct ckpt_image_writer *w, const void *data, uint64_t n, char *err,
                      size_t errlen);
/* Write the trailer, fsync and close. Returns 0 or -1. Frees w either way. */
int ckpt_image_finish(struct ckpt_image_writer *w, char *err, size_t errlen);

struct ckpt_image_section {
    uint32_t kind;
    uint64_t addr;
    uint64_t size;
    const void *data; /* points into the mapped file */
};
struct ckpt_image {
    struct ckpt_image_header header;
    uint32_t nsections;
    struct ckpt_image_section *sections;
    void *map; /* the whole file, read-only */
    size_t map_size;
    /* Pages of the mapping may be moved out of it (ckpt_image_take_pages):
     * it is memory of our own (a decompressed image) or a file on a local
     * disk, which a program may go on using after recovery. */
    int pages_movable;
    /* An incremental image's parent, opened and checked with it (owned: its
     * close closes the parent); NULL for a full image. */
    struct ckpt_image *parent;
};
/* Open and fully validate an image: magic, format version, sizes, checksum.
 * If expect_exe_id is not NULL, an image from another executable is refused.
 * Returns 0, or a negative value with a one-line reason in err (never
 * crashes on bad input). */
int ckpt_image_open(const char *path, const uint8_t *expect_exe_id, uint32_t expect_exe_id_len,
                    struct ckpt_image *img, char *err, size_t errlen);
/* The index-th section of a kind, or NULL. */
const struct ckpt_image_section *ckpt_image_find(const struct ckpt_image *img, uint32_t kind,
                                                 uint32_t index);
void ckpt_image_close(struct ckpt_image *img);

/* ---- The checkpoint directory (CKPT_DIR) and what is kept in it. */
/* Where this rank's checkpoints go: the local level when CKPT_LOCAL_DIR is
 * set (CKPT_LOCAL_DIR/<node>), else CKPT_DIR. */
const char *ckpt_options_dir(void);
/* CKPT_DIR: the level every node sees, flushed to with a local level. */
const char *ckpt_options_shared_dir(void);
/* Where this rank's image of checkpoint n went (its log goes beside it): the
 * local level, or CKPT_DIR when the local level had no room for it. */
const char *ckpt_checkpoint_dir(uint64_t n);
/* CKPT_KEEP: how many committed checkpoints are kept. */
unsigned ckpt_options_keep(void);
/* At the start. lock: this process holds the job's lock (alone, or rank 0
 * once a layer knows it). -1 with a message when CKPT_DIR can be neither
 * used nor made. */
int ckpt_dir_claim_early_try(int lock, char *err, size_t errlen);
/* Beside the image, the layer's log of the rank (DIR/ckpt-n/rank-R.log, or
 * .log.tmp while it is written); "" when the path does not fit. */
void ckpt_store_log_path(const char *dir, uint64_t n, uint32_t rank, int tmp, char *out,
                         size_t outlen);
/* Write checkpoint n's JOB file (before its commit). 0 or -1 with a message. */
int ckpt_job_record(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen);
/* Commit checkpoint n: atomically write its COMMITTED marker (records nranks), fsync. */
int ckpt_store_commit(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen);
/* Remove committed checkpoints beyond the newest `keep`, and uncommitted leftovers
 * older than the newest committed one. Never removes the newest committed one. */
void ckpt_store_prune(const char *dir, unsigned keep);
/* The same in a thread of the runtime's, so that the caller does not wait for
 * the file system, right after checkpoint `committed` is durably committed:
 * the pass prunes as if it were the newest, so that a later commit it may
 * see half-done does not count (one pass at a time; a request during a pass
 * makes one more). */
void ckpt_store_prune_later(const char *dir, unsigned keep, uint64_t committed);
/* Highest checkpoint number present in any form (committed or not), 0 if none. */
uint64_t ckpt_store_highest(const char *dir);
/* Checkpoint n will not be committed: remove what this rank left of it (its
 * images and logs, final or temporary, and the commit's files), and its
 * directory once empty. Leaves a committed checkpoint alone. */
void ckpt_store_discard(const char *dir, uint64_t n, uint32_t rank);
/* 0 if path (followed if a symbolic link) may be trusted or does not
 * exist; -1 with "path: what is wrong" in err. Recovery loads only what
 * the user owns and others may not write. */
int ckpt_trust_path(const char *path, char *err, size_t errlen);

/* ---- Levels (docs/levels.md): a node-local one under CKPT_LOCAL_DIR, a copy
 * on a partner node, a flush to CKPT_DIR. The layer moves files between
 * ranks; the runtime says where the levels are and copies between them. */
int ckpt_levels_local(void);            /* 1: ckpt_options_dir() is a local level */
const char *ckpt_levels_node(void);     /* this process's node (CKPT_DEBUG_NODE or host name) */
int ckpt_levels_partner_wanted(void);   /* CKPT_PARTNER: 1, 0, or -1 unset */
unsigned ckpt_levels_flush_every(void); /* CKPT_FLUSH_EVERY: 0 = never */
#define CKPT_STORE_FILE_NAME_MAX 40
#define CKPT_JOB_FILE "JOB" /* DIR/ckpt-n/JOB: the job that wrote it */
/* Committed checkpoint numbers, newest first. Returns how many (at most max). */
int ckpt_store_list_committed(const char *dir, uint64_t *out, int max);
/* The rank count checkpoint n's COMMITTED marker records; 0 if n is not committed. */
uint32_t ckpt_store_committed_nranks(const char *dir, uint64_t n);
/* 1 if DIR/ckpt-n/name is a regular file. */
int ckpt_store_file_exists(const char *dir, uint64_t n, const char *name);
/* The names of rank's files of checkpoint n in dir (its image and its log;
 * with_job also the JOB record), finished ones only: how many (<= max). */
int ckpt_store_rank_files(const char *dir, uint64_t n, uint32_t rank, int with_job,
                          char names[][CKPT_STORE_FILE_NAME_MAX], int max);
/* A small file of checkpoint n besides the images (DIR/ckpt-n/name), written
 * under a temporary name, fsynced and renamed: durable once the checkpoint is
 * committed. 0 or -1 with a message. */
int ckpt_store_write_file(const char *dir, uint64_t n, const char *name, const void *buf,
                          size_t len, char *err, size_t errlen);
/* present[r] = 1 for each rank r < nranks whose finished image and log of n
 * are in dir (its own or a partner copy): how many; -1 if dir/ckpt-n exists
 * but cannot be read. */
int ckpt_store_images_present(const char *dir, uint64_t n, unsigned char *present,
                              uint32_t nranks);
/* Read DIR/ckpt-n/name into buf (NUL-terminated, at most cap - 1 bytes):
 * its length, or -1. */
long ckpt_store_read_file(const char *dir, uint64_t n, const char *name, char *buf, size_t cap);
/* fsync a directory, so that the entries renamed into it are durable. 0 or
 * -1 with a message. */
int ckpt_store_sync_dir(const char *dir, char *err, size_t errlen);
/* DIR/ckpt-n/name; "" when it does not fit. */
void ckpt_store_file_path(const char *dir, uint64_t n, const char *name, char *out,
                          size_t outlen);
/* Create DIR (and parents) and DIR/ckpt-n/. 0 or -1 with a message. */
int ckpt_store_make_checkpoint_dir(const char *dir, uint64_t n, char *err, size_t errlen);
/* Copy DIR/ckpt-n/name from one level to another: a temporary name, fsync,
 * rename. 0 or -1 with a message. */
int ckpt_store_copy_file(const char *from_dir, const char *to_dir, uint64_t n, const char *name,
                         char *err, size_t errlen);
/* Copy rank's files of checkpoint n from the local level to CKPT_DIR in a
 * thread of the runtime's: returns at once (-1 with a message if it cannot
 * start). The files are opened first, so pruning the local level cannot take
 * them away half-copied. One flush at a time. */
int ckpt_levels_flush_start(uint64_t n, uint32_t rank, int with_job, char *err, size_t errlen);
/* 1 once the flush started last has ended, reported once (*n, *ok); else 0. */
int ckpt_levels_flush_finished(uint64_t *n, int *ok);
/* Wait for the flush in flight, if any, to end. */
void ckpt_levels_flush_wait(void);
/* Remove checkpoints numbered above n from dir: after a recovery from n they
 * are of a future that will not happen, and their numbers are used again. */
void ckpt_store_remove_above(const char *dir, uint64_t n);

/* ---- Tests: CKPT_DEBUG_FAIL=STAGE:N[:R]. 1 if the test asked this stage of
 * checkpoint n to fail on this rank (the layer's stages: log, commit). */
int ckpt_debug_fail(const char *stage, uint64_t n, uint32_t rank);

#endif
