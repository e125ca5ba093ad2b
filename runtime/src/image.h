/*
 * Checkpoint image files: a header, typed sections, and a trailer holding an
 * XXH3-64 checksum of everything before it. One image per rank per checkpoint.
 * Readers validate the whole file before handing out any section, so a damaged
 * or foreign file yields an error message, never a crash.
 */
#ifndef AALC_IMAGE_H
#define AALC_IMAGE_H

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>
#include <stdint.h>

#define CKPT_IMAGE_FORMAT_VERSION 1u

enum ckpt_section_kind {
    CKPT_SECTION_GLOBALS = 1, /* one per saved address range: addr = where it lives */
    CKPT_SECTION_HEAP = 2,    /* the heap as one block, addr = base (no longer written) */
    CKPT_SECTION_FRAMES = 3,  /* the collapsed stack, as written by frames.c */
    CKPT_SECTION_RUNTIME = 4, /* runtime bookkeeping (trigger counters, output offsets) */
    /* The heap without the insides of free blocks (heap_image.h): addr = base,
     * records of (u64 offset from base, u64 length, the bytes, padding to 8). */
    CKPT_SECTION_HEAP_RANGES = 5,
    CKPT_SECTION_TLS = 6, /* the program thread's thread-local variables of the executable */
    CKPT_SECTION_LIBC = 7,  /* the C library's state kept for the program (libc_state.h) */
    CKPT_SECTION_FILES = 8, /* the program's open files (files.h) */
    CKPT_SECTION_CALLBACKS = 9, /* ckpt_on_recovery's table (recovery_callbacks.h) */
    CKPT_SECTION_OPENMP = 10,   /* OpenMP settings and threads' thread-locals (openmp_state.h) */
    /* Incremental images (CKPT_INCREMENTAL): struct ckpt_image_chain. */
    CKPT_SECTION_CHAIN = 11,
    /* CKPT_SECTION_EXTENSION (100) and above: layers above the runtime
     * (aalc/ckpt_layer_services.h) */
};

/* Which image this is, and which it needs: an incremental image's heap has
 * same records (heap_image.h), whose bytes its parent's load puts in place. */
struct ckpt_image_chain {
    uint64_t id;        /* random, chosen when the image was written */
    uint64_t parent;    /* the checkpoint number of the parent image; 0: a full image */
    uint64_t parent_id; /* the parent's id */
};

/* The header, the writer's create, add_section (or begin_section and
 * append) and finish, the reader's open, find and close:
 * aalc/ckpt_layer_services.h. */

/* The file offset at which the data of a section begun now would start. */
uint64_t ckpt_image_next_data_offset(const struct ckpt_image_writer *w);
/* ckpt_image_finish of a file image without its fsync: the file is complete
 * and still open, *fd, for the caller to make durable and close (0; -1 with
 * the file closed and a message in err). */
int ckpt_image_finish_unsynced(struct ckpt_image_writer *w, int *fd, char *err, size_t errlen);
/* The same image built in memory: sections are copied into buf, which grows
 * as needed and may be reused for the next image (it is a private mapping,
 * never part of the checkpoint heap). ckpt_image_finish then completes buf
 * except for the checksum, which ckpt_image_seal adds, so that hashing can
 * happen off the program's time; buf->size is then the file's length. */
struct ckpt_image_buffer {
    uint8_t *data;
    size_t size, capacity;
};
struct ckpt_image_writer *ckpt_image_create_in_memory(struct ckpt_image_buffer *buf,
                                                      const struct ckpt_image_header *h,
                                                      char *err, size_t errlen);
void ckpt_image_seal(struct ckpt_image_buffer *buf);
/* In memory only: from now on, appends of large blocks are recorded instead
 * of copied, and ckpt_image_copy_deferred copies them all with several
 * threads. Their sources must not change in between. */
void ckpt_image_defer_copies(struct ckpt_image_writer *w);
/* Copy what was deferred with up to `threads` threads, if it is at least
 * parallel_min bytes (ckpt_parallel_copy); appends are copied at once again.
 * Returns the number of threads that copied, 0 if nothing was deferred. */
unsigned ckpt_image_copy_deferred(struct ckpt_image_writer *w, unsigned threads,
                                  size_t parallel_min);
/* Make room for n more bytes at once (0, or -1 when out of memory). */
int ckpt_image_buffer_reserve(struct ckpt_image_buffer *buf, size_t n);
void ckpt_image_buffer_release(struct ckpt_image_buffer *buf);
/* Give up on a partly written image (closes, frees; the caller removes the file). */
void ckpt_image_abandon(struct ckpt_image_writer *w);

/* ckpt_image_open results besides 0: a damaged file (an older checkpoint may
 * do), or one this program must not load (another executable or format). */
#define CKPT_IMAGE_DAMAGED (-1)
#define CKPT_IMAGE_FOREIGN (-2)
/* The file could not be read at all (missing, not a regular file, no
 * permission, an I/O error): nothing is known about its content. */
#define CKPT_IMAGE_UNREADABLE (-3)
/* recovery.c: the checkpoint is not the user's own (trust.h). */
#define CKPT_IMAGE_UNTRUSTED (-4)

/* Move len bytes of the image's mapping at src to dst instead of copying
 * them: src, dst and len on page boundaries, src inside the mapping. The
 * pages become writable memory at dst (copied by the kernel only when
 * written) and leave the image. 0; -1 with nothing moved and dst writable
 * memory: copy instead; -2: dst is no longer mapped (out of memory). */
int ckpt_image_take_pages(struct ckpt_image *img, const void *src, void *dst, size_t len);

#endif
