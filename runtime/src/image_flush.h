/*
 * Putting a finished in-memory image on disk, by default in a thread of its
 * own: the program waits only for the copy of its state into memory, and the
 * checksum, the write and the fsync happen while it computes. Or making an
 * image already written into the page cache durable, in the same thread. One image is
 * in flight at a time; the next checkpoint, and the end of the program, wait
 * for it.
 */
#ifndef AALC_IMAGE_FLUSH_H
#define AALC_IMAGE_FLUSH_H

#include "image.h"

#include <limits.h>
#include <stddef.h>

struct ckpt_flush_job {
    struct ckpt_image_buffer *image; /* finished, not yet sealed; untouched until done */
    /* Or, with `in_file` set, the image is in the file already (CKPT_WRITE=
     * through): fd, still open, is only made durable and closed. */
    int in_file, fd;
    char path[PATH_MAX];             /* where to write it (created, truncated) */
    int in_background;               /* 0: write before ckpt_flush_start returns */
    int direct;                      /* large images: bypass the page cache (O_DIRECT) where allowed */
    int compress_level;              /* > 0: write it zstd-compressed at this level */
    int kill_halfway;                /* fault injection: SIGKILL with half of it written */
    /* Called first, in the writing thread (creating the directory, say):
     * 0, or -1 with a message in err, which fails the job. May be NULL. */
    int (*prepare)(struct ckpt_flush_job *job, char *err, size_t errlen);
    /* Called when the file is durable (ok = 1) or failed (ok = 0, err says
     * why), in the writing thread: it must not touch the program's state. */
    void (*done)(struct ckpt_flush_job *job, int ok, const char *err);
    /* Filled in before done is called. */
    size_t file_bytes;    /* bytes on disk (fewer than image->size if compressed) */
    int used_direct;      /* O_DIRECT was in effect */
    double seal_seconds;  /* checksum and compression, if any */
    double write_seconds; /* write and fsync */
};

/* Start writing job, which must stay valid until done has run. If no thread
 * can be started, the job is written before this returns. */
void ckpt_flush_start(struct ckpt_flush_job *job);
/* Wait for the image in flight, if any, to be durable or failed. */
void ckpt_flush_wait(void);

#endif
