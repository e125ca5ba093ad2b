/*
 * Checkpoint image files (see image.h).
 *
 * On-disk format, version 1. All integers little endian, fields at fixed
 * offsets, written and read field by field (never a struct dump):
 *
 *   header, 104 bytes
 *     0  "AALCIMG1"
 *     8  u32 format version (CKPT_IMAGE_FORMAT_VERSION)
 *    12  u32 reserved, 0
 *    16  u64 checkpoint number
 *    24  u32 rank          28  u32 nranks
 *    32  u32 exe_id_len    36  u32 reserved, 0
 *    40  u8  exe_id[64], unused bytes 0
 *   sections, any number, each
 *     0  u32 kind   4  u32 reserved, 0   8  u64 addr   16  u64 size
 *    24  size bytes of payload, then zero padding to a multiple of 8 bytes
 *        (so every payload starts 8-byte aligned in the mapped file)
 *   trailer, 32 bytes
 *     0  "AALCEND1"
 *     8  u32 section count  12  u32 reserved, 0
 *    16  u64 XXH3-64 (seed 0) of every byte before the trailer
 *    24  u64 total file length, trailer included
 *
 * The section count is only known at the end, hence the trailer. A file is
 * only used once the trailer, the length and the checksum agree, so a torn or
 * damaged write is detected before any section is parsed.
 */
#define _GNU_SOURCE
#include "image.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t is embedded, not allocated by the library */
#include <xxhash.h>

#include "file_modes.h"
#include "heap.h"
#include "image_compress.h"
#include "parallel_copy.h"

#define IMG_MAGIC "AALCIMG1"
#define END_MAGIC "AALCEND1"
#define MAGIC_LEN 8u
#define HEADER_SIZE 104u
#define SECTION_HDR_SIZE 24u
#define TRAILER_SIZE 32u
#define PAYLOAD_ALIGN 8u

/* Small records are gathered here; payloads at least this large go straight to write(). */
#define WRITE_BUF_SIZE (1u << 20)
/* Large payloads are hashed and written in chunks of this size, so the bytes
 * just hashed are still in cache when write() copies them. */
#define WRITE_CHUNK (4u << 20)
/* While copies are deferred, smaller appends are still copied at once: a
 * record per page is already cheap next to the page's copy. */
#define DEFER_MIN 4096u

/* ---- little-endian encoding ------------------------------------------- */

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint64_t pad_to_align(uint64_t size)
{
    return (PAYLOAD_ALIGN - size % PAYLOAD_ALIGN) % PAYLOAD_ALIGN;
}

/* "path: reason" into err; tolerates err == NULL or errlen == 0. */
static void set_err(char *err, size_t errlen, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void set_err(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    int n = snprintf(err, errlen, "%s: ", path);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

/* ---- writer ----------------------------------------------------------- */

struct ckpt_image_writer {
    XXH3_state_t hash; /* needs 64-byte alignment: see writer_alloc */
    void *raw;         /* what ckpt_untracked_malloc returned */
    int fd;
    struct ckpt_image_buffer *mem; /* building in memory instead (fd unused, no hashing yet) */
    int failed;        /* a write failed: the image is unusable, later calls fail fast */
    uint64_t offset;   /* bytes emitted so far (buffered or written) */
    uint32_t nsections;
    uint64_t section_size, section_left; /* of the section being appended to */
    size_t buffered;
    uint8_t *buf;
    /* In memory, between ckpt_image_defer_copies and ckpt_image_copy_deferred:
     * large appends are recorded here and copied later by several threads
     * (offsets, since the buffer may move while it grows). */
    int deferring;
    struct ckpt_copy_piece *deferred;
    size_t ndeferred, deferred_cap;
    char path[PATH_MAX];
};

/* malloc only guarantees 16-byte alignment; XXH3_state_t wants 64. */
static struct ckpt_image_writer *writer_alloc(void)
{
    size_t align = alignof(struct ckpt_image_writer);
    void *raw = ckpt_untracked_malloc(sizeof(struct ckpt_image_writer) + align);
    if (!raw)
        return NULL;
    uintptr_t p = ((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1);
    struct ckpt_image_writer *w = (struct ckpt_image_writer *)p;
    memset(w, 0, sizeof *w);
    w->raw = raw;
    w->fd = -1;
    return w;
}

static void writer_free(struct ckpt_image_writer *w)
{
    if (w->fd >= 0)
        close(w->fd);
    ckpt_untracked_free(w->buf);
    ckpt_untracked_free(w->deferred);
    ckpt_untracked_free(w->raw);
}

/* write() all of it: sections can be GBs, write() may be partial or interrupted. */
static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        size_t chunk = n < (1u << 30) ? n : (1u << 30);
        ssize_t r = write(fd, p, chunk);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0) { /* should not happen for a regular file; avoid spinning */
            errno = EIO;
            return -1;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int writer_flush(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    if (w->buffered > 0 && write_all(w->fd, w->buf, w->buffered) != 0) {
        set_err(err, errlen, w->path, "write failed: %s", strerror(errno));
        w->failed = 1;
        return -1;
    }
    w->buffered = 0;
    return 0;
}

/* Room for n more bytes in an in-memory image. The mapping grows by doubling
 * and is kept by the caller from one checkpoint to the next, so after the
 * first one its pages are already there and filling it is a plain copy. Huge
 * pages make the first one cheaper too: a fault per 2 MiB, not per 4 KiB. */
static int buffer_reserve(struct ckpt_image_buffer *b, size_t n)
{
    if (b->capacity - b->size >= n)
        return 0;
    size_t want = b->capacity ? b->capacity : (size_t)1 << 21;
    while (want - b->size < n)
        want *= 2;
    void *p = b->data ? mremap(b->data, b->capacity, want, MREMAP_MAYMOVE)
                      : mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    /* Small pages, deliberately: with MADV_HUGEPAGE the kernel compacts
     * memory on demand (defrag=madvise), and the copy at CG's first
     * checkpoint took 17-24 ms instead of 1.5 in 3 of 5 runs (5 ms with
     * small pages, every time). */
    b->data = p;
    b->capacity = want;
    return 0;
}

int ckpt_image_buffer_reserve(struct ckpt_image_buffer *b, size_t n)
{
    return buffer_reserve(b, n);
}

void ckpt_image_buffer_release(struct ckpt_image_buffer *b)
{
    if (b->data)
        munmap(b->data, b->capacity);
    memset(b, 0, sizeof *b);
}

/* Record a copy of n bytes to the in-memory image's end for later; -1 when
 * there is no room for the record (the caller copies at once). */
static int defer_copy(struct ckpt_image_writer *w, const void *src, size_t n)
{
    if (w->ndeferred == w->deferred_cap) {
        size_t cap = w->deferred_cap ? 2 * w->deferred_cap : 64;
        struct ckpt_copy_piece *grown = ckpt_untracked_realloc(w->deferred, cap * sizeof *grown);
        if (!grown)
            return -1;
        w->deferred = grown;
        w->deferred_cap = cap;
    }
    w->deferred[w->ndeferred++] = (struct ckpt_copy_piece){w->mem->size, src, n};
    return 0;
}

/* Append bytes to the image: hashed, then buffered (small) or written directly
 * (large); or, in memory, only copied (ckpt_image_seal hashes later), or
 * recorded to be copied (ckpt_image_defer_copies). */
static int writer_emit(struct ckpt_image_writer *w, const void *data, uint64_t n, char *err,
                       size_t errlen)
{
    const uint8_t *p = data;
    if (n == 0)
        return 0;
    if (w->mem) {
        if (n > SIZE_MAX || buffer_reserve(w->mem, (size_t)n) != 0) {
            set_err(err, errlen, w->path, "out of memory for a %llu-byte section",
                    (unsigned long long)n);
            w->failed = 1;
            return -1;
        }
        if (!w->deferring || n < DEFER_MIN || defer_copy(w, p, (size_t)n) != 0)
            memcpy(w->mem->data + w->mem->size, p, (size_t)n);
        w->mem->size += (size_t)n;
        w->offset += n;
        return 0;
    }
    if (n < WRITE_BUF_SIZE) {
        if (w->buffered + n > WRITE_BUF_SIZE && writer_flush(w, err, errlen) != 0)
            return -1;
        XXH3_64bits_update(&w->hash, p, (size_t)n);
        memcpy(w->buf + w->buffered, p, (size_t)n);
        w->buffered += (size_t)n;
        w->offset += n;
        return 0;
    }
    if (writer_flush(w, err, errlen) != 0)
        return -1;
    while (n > 0) {
        size_t chunk = n < WRITE_CHUNK ? (size_t)n : WRITE_CHUNK;
        XXH3_64bits_update(&w->hash, p, chunk);
        if (write_all(w->fd, p, chunk) != 0) {
            set_err(err, errlen, w->path, "write failed: %s", strerror(errno));
            w->failed = 1;
            return -1;
        }
        p += chunk;
        n -= chunk;
        w->offset += chunk;
    }
    return 0;
}

static int emit_header(struct ckpt_image_writer *w, const struct ckpt_image_header *h, char *err,
                       size_t errlen)
{
    uint8_t hdr[HEADER_SIZE] = {0};
    memcpy(hdr, IMG_MAGIC, MAGIC_LEN);
    put_u32(hdr + 8, CKPT_IMAGE_FORMAT_VERSION);
    put_u64(hdr + 16, h->checkpoint);
    put_u32(hdr + 24, h->rank);
    put_u32(hdr + 28, h->nranks);
    put_u32(hdr + 32, h->exe_id_len);
    memcpy(hdr + 40, h->exe_id, h->exe_id_len);
    return writer_emit(w, hdr, sizeof hdr, err, errlen);
}

struct ckpt_image_writer *ckpt_image_create_in_memory(struct ckpt_image_buffer *buf,
                                                      const struct ckpt_image_header *h,
                                                      char *err, size_t errlen)
{
    if (h->exe_id_len > CKPT_EXE_ID_MAX) {
        set_err(err, errlen, "(image)", "executable id of %u bytes, at most %u allowed",
                h->exe_id_len, CKPT_EXE_ID_MAX);
        return NULL;
    }
    struct ckpt_image_writer *w = writer_alloc();
    if (!w) {
        set_err(err, errlen, "(image)", "out of memory");
        return NULL;
    }
    strcpy(w->path, "(image in memory)");
    w->mem = buf;
    buf->size = 0;
    if (emit_header(w, h, err, errlen) != 0) {
        writer_free(w);
        return NULL;
    }
    return w;
}

struct ckpt_image_writer *ckpt_image_create(const char *path, const struct ckpt_image_header *h,
                                            char *err, size_t errlen)
{
    if (h->exe_id_len > CKPT_EXE_ID_MAX) {
        set_err(err, errlen, path, "executable id of %u bytes, at most %u allowed",
                h->exe_id_len, CKPT_EXE_ID_MAX);
        return NULL;
    }
    if (strlen(path) >= PATH_MAX) {
        set_err(err, errlen, "(image)", "path too long");
        return NULL;
    }
    struct ckpt_image_writer *w = writer_alloc();
    if (w)
        w->buf = ckpt_untracked_malloc(WRITE_BUF_SIZE);
    if (!w || !w->buf) {
        set_err(err, errlen, path, "out of memory");
        if (w)
            writer_free(w);
        return NULL;
    }
    strcpy(w->path, path);
    XXH3_INITSTATE(&w->hash);
    XXH3_64bits_reset(&w->hash);

    w->fd = ckpt_create_file(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (w->fd < 0) {
        set_err(err, errlen, path, "cannot create: %s", strerror(errno));
        writer_free(w);
        return NULL;
    }

    if (emit_header(w, h, err, errlen) != 0) {
        writer_free(w);
        return NULL;
    }
    return w;
}

uint64_t ckpt_image_next_data_offset(const struct ckpt_image_writer *w)
{
    return w->offset + SECTION_HDR_SIZE;
}

int ckpt_image_begin_section(struct ckpt_image_writer *w, uint32_t kind, uint64_t addr,
                             uint64_t size, char *err, size_t errlen)
{
    if (w->failed) {
        set_err(err, errlen, w->path, "an earlier write failed");
        return -1;
    }
    if (w->section_left) {
        set_err(err, errlen, w->path, "section begun before the last one was complete");
        w->failed = 1;
        return -1;
    }
    if (w->nsections == UINT32_MAX ||
        size > UINT64_MAX - w->offset - SECTION_HDR_SIZE - PAYLOAD_ALIGN - TRAILER_SIZE) {
        set_err(err, errlen, w->path, "image too large");
        w->failed = 1;
        return -1;
    }
    uint8_t sh[SECTION_HDR_SIZE] = {0};
    put_u32(sh, kind);
    put_u64(sh + 8, addr);
    put_u64(sh + 16, size);
    if (writer_emit(w, sh, sizeof sh, err, errlen) != 0)
        return -1;
    w->section_left = size;
    w->section_size = size;
    w->nsections++;
    return 0;
}

int ckpt_image_append(struct ckpt_image_writer *w, const void *data, uint64_t n, char *err,
                      size_t errlen)
{
    if (n == 0) /* nothing; and a completed section must not be padded twice */
        return 0;
    if (n > w->section_left) {
        set_err(err, errlen, w->path, "%llu bytes more than the section declared",
                (unsigned long long)(n - w->section_left));
        w->failed = 1;
        return -1;
    }
    if (writer_emit(w, data, n, err, errlen) != 0)
        return -1;
    w->section_left -= n;
    if (w->section_left == 0) { /* complete: pad so the next payload is aligned */
        static const uint8_t zeros[PAYLOAD_ALIGN];
        return writer_emit(w, zeros, pad_to_align(w->section_size), err, errlen);
    }
    return 0;
}

int ckpt_image_add_section(struct ckpt_image_writer *w, uint32_t kind, uint64_t addr,
                           const void *data, uint64_t size, char *err, size_t errlen)
{
    if (!data && size > 0) {
        set_err(err, errlen, w->path, "section of %llu bytes without data",
                (unsigned long long)size);
        return -1;
    }
    if (ckpt_image_begin_section(w, kind, addr, size, err, errlen) != 0)
        return -1;
    return size ? ckpt_image_append(w, data, size, err, errlen) : 0;
}

void ckpt_image_defer_copies(struct ckpt_image_writer *w)
{
    w->deferring = w->mem != NULL;
}

unsigned ckpt_image_copy_deferred(struct ckpt_image_writer *w, unsigned threads,
                                  size_t parallel_min)
{
    unsigned used = 0;
    if (w->ndeferred > 0)
        used = ckpt_parallel_copy(w->mem->data, w->deferred, w->ndeferred, threads, parallel_min);
    w->ndeferred = 0;
    w->deferring = 0;
    return used;
}

/* Complete the image: in memory, all but the checksum; in a file, the
 * trailer written and, with fd_out, the file left open and not yet synced. */
static int finish(struct ckpt_image_writer *w, int *fd_out, char *err, size_t errlen)
{
    int rc = -1;
    if (w->mem)
        ckpt_image_copy_deferred(w, 1, 0); /* the caller's sources are still there */
    if (w->failed) {
        set_err(err, errlen, w->path, "an earlier write failed");
        goto out;
    }
    if (w->section_left) {
        set_err(err, errlen, w->path, "last section lacks %llu bytes",
                (unsigned long long)w->section_left);
        goto out;
    }
    uint8_t tr[TRAILER_SIZE] = {0};
    memcpy(tr, END_MAGIC, MAGIC_LEN);
    put_u32(tr + 8, w->nsections);
    put_u64(tr + 24, w->offset + TRAILER_SIZE);
    if (w->mem) { /* the checksum is ckpt_image_seal's, off the program's time */
        rc = writer_emit(w, tr, sizeof tr, err, errlen);
        goto out;
    }
    put_u64(tr + 16, XXH3_64bits_digest(&w->hash));
    if (writer_flush(w, err, errlen) != 0)
        goto out;
    if (write_all(w->fd, tr, sizeof tr) != 0) {
        set_err(err, errlen, w->path, "write failed: %s", strerror(errno));
        goto out;
    }
    int fd = w->fd;
    w->fd = -1;
    if (fd_out) {
        *fd_out = fd;
        rc = 0;
        goto out;
    }
    /* The image must be on disk before anyone renames or commits it. */
    if (fsync(fd) != 0) {
        set_err(err, errlen, w->path, "fsync failed: %s", strerror(errno));
        close(fd);
        goto out;
    }
    if (close(fd) != 0) {
        set_err(err, errlen, w->path, "close failed: %s", strerror(errno));
        goto out;
    }
    rc = 0;
out:
    writer_free(w);
    return rc;
}

int ckpt_image_finish(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    return finish(w, NULL, err, errlen);
}

int ckpt_image_finish_unsynced(struct ckpt_image_writer *w, int *fd, char *err, size_t errlen)
{
    return finish(w, fd, err, errlen);
}

void ckpt_image_seal(struct ckpt_image_buffer *b)
{
    size_t body = b->size - TRAILER_SIZE;
    put_u64(b->data + body + 16, XXH3_64bits(b->data, body));
}

void ckpt_image_abandon(struct ckpt_image_writer *w)
{
    if (w)
        writer_free(w);
}

/* ---- reader ----------------------------------------------------------- */

/* Hex of an id for messages; long ids are shortened. out holds >= 2*20+3 bytes. */
static void id_hex(const uint8_t *id, uint32_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    uint32_t shown = len > 20 ? 20 : len;
    char *o = out;
    for (uint32_t i = 0; i < shown; i++) {
        *o++ = digits[id[i] >> 4];
        *o++ = digits[id[i] & 15];
    }
    if (shown < len) {
        *o++ = '.';
        *o++ = '.';
    }
    if (len == 0)
        *o++ = '-';
    *o = '\0';
}

/* Checks the envelope (magic, trailer, length, checksum, version) of the
 * mapped file. 0 if sound, else -1 with the reason in err. */
static int check_envelope(const char *path, const uint8_t *m, size_t size, char *err,
                          size_t errlen)
{
    if (size == 0) {
        set_err(err, errlen, path, "truncated (empty file)");
        return -1;
    }
    if (size < MAGIC_LEN) {
        if (memcmp(m, IMG_MAGIC, size) == 0)
            set_err(err, errlen, path, "truncated (%zu bytes)", size);
        else
            set_err(err, errlen, path, "not an AALC checkpoint image");
        return -1;
    }
    int have_trailer = size >= HEADER_SIZE + TRAILER_SIZE &&
                       memcmp(m + size - TRAILER_SIZE, END_MAGIC, MAGIC_LEN) == 0;
    if (memcmp(m, IMG_MAGIC, MAGIC_LEN) != 0) {
        /* Our trailer but not our header: one of ours, damaged at the start. */
        if (have_trailer)
            set_err(err, errlen, path, "damaged (bad header magic)");
        else
            set_err(err, errlen, path, "not an AALC checkpoint image");
        return -1;
    }
    if (size < HEADER_SIZE + TRAILER_SIZE) {
        set_err(err, errlen, path, "truncated (%zu bytes, an image has at least %u)", size,
                HEADER_SIZE + TRAILER_SIZE);
        return -1;
    }
    uint32_t version = get_u32(m + 8);
    if (!have_trailer) {
        /* Another format version may end differently: say which version it is. */
        if (version != CKPT_IMAGE_FORMAT_VERSION)
            set_err(err, errlen, path, "format version %u, this runtime reads version %u",
                    version, CKPT_IMAGE_FORMAT_VERSION);
        else
            set_err(err, errlen, path, "truncated or damaged (no trailer at the end)");
        return version != CKPT_IMAGE_FORMAT_VERSION ? CKPT_IMAGE_FOREIGN : CKPT_IMAGE_DAMAGED;
    }
    const uint8_t *tr = m + size - TRAILER_SIZE;
    uint64_t recorded = get_u64(tr + 24);
    if (get_u32(tr + 12) != 0) { /* the checksum does not cover the trailer itself */
        set_err(err, errlen, path, "damaged (bad trailer)");
        return -1;
    }
    if (recorded != size) {
        set_err(err, errlen, path,
                "truncated or damaged (file is %zu bytes, its trailer says %llu)", size,
                (unsigned long long)recorded);
        return -1;
    }
    if (XXH3_64bits(m, size - TRAILER_SIZE) != get_u64(tr + 16)) {
        set_err(err, errlen, path, "checksum mismatch (file damaged)");
        return -1;
    }
    /* Only now is the version field known to be what the writer wrote. */
    if (version != CKPT_IMAGE_FORMAT_VERSION) {
        set_err(err, errlen, path, "format version %u, this runtime reads version %u", version,
                CKPT_IMAGE_FORMAT_VERSION);
        return CKPT_IMAGE_FOREIGN;
    }
    return 0;
}

/* Walks the sections between header and trailer. With out == NULL only counts
 * them. Returns the count, or -1 if a section overruns the payload area. */
static int64_t walk_sections(const uint8_t *m, size_t size, struct ckpt_image_section *out,
                             uint32_t max)
{
    uint64_t pos = HEADER_SIZE, end = size - TRAILER_SIZE;
    int64_t count = 0;
    while (pos < end) {
        if (end - pos < SECTION_HDR_SIZE)
            return -1;
        const uint8_t *sh = m + pos;
        uint64_t len = get_u64(sh + 16);
        uint64_t room = end - pos - SECTION_HDR_SIZE;
        if (len > room || pad_to_align(len) > room - len)
            return -1;
        if (out) {
            if ((uint64_t)count >= max)
                return -1;
            out[count].kind = get_u32(sh);
            out[count].addr = get_u64(sh + 8);
            out[count].size = len;
            out[count].data = sh + SECTION_HDR_SIZE;
        }
        count++;
        pos += SECTION_HDR_SIZE + len + pad_to_align(len);
    }
    return count;
}

/* A file the program may keep pages of after recovery: on a local disk,
 * where it stays readable for as long as it is mapped, even once removed.
 * Not on a network file system, where a page dropped under memory pressure
 * would be read again from a server that may be gone. */
static int on_local_disk(int fd)
{
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0)
        return 0;
    switch ((unsigned long)fs.f_type) {
    case EXT4_SUPER_MAGIC:
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case F2FS_SUPER_MAGIC:
    case TMPFS_MAGIC:
    case OVERLAYFS_SUPER_MAGIC:
        return 1;
    default:
        return 0;
    }
}

int ckpt_image_open(const char *path, const uint8_t *expect_exe_id, uint32_t expect_exe_id_len,
                    struct ckpt_image *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    /* O_NONBLOCK: a FIFO in place of the image must not hang the recovery. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        set_err(err, errlen, path, "cannot open: %s", strerror(errno));
        return CKPT_IMAGE_UNREADABLE;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        set_err(err, errlen, path, "cannot stat: %s", strerror(errno));
        close(fd);
        return CKPT_IMAGE_UNREADABLE;
    }
    if (!S_ISREG(st.st_mode)) {
        set_err(err, errlen, path, "not a regular file");
        close(fd);
        return CKPT_IMAGE_UNREADABLE;
    }
    if ((uint64_t)st.st_size > SIZE_MAX) {
        set_err(err, errlen, path, "too large to map");
        close(fd);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    void *map = NULL;
    if (size > 0) {
        /* MAP_POPULATE: one call maps the whole file from the page cache. */
        map = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (map == MAP_FAILED) {
            set_err(err, errlen, path, "cannot map: %s", strerror(errno));
            close(fd);
            return CKPT_IMAGE_UNREADABLE;
        }
        madvise(map, size, MADV_SEQUENTIAL); /* the checksum reads it front to back */
    }
    int local = on_local_disk(fd);
    close(fd); /* the mapping stays valid */
    int movable = local;
    if (map && ckpt_image_is_compressed(map, size)) { /* CKPT_COMPRESS wrote it */
        char why[256];
        size_t plain_size;
        void *plain = ckpt_image_decompress(map, size, &plain_size, why, sizeof why);
        munmap(map, size);
        if (!plain) {
            set_err(err, errlen, path, "%s", why);
            return CKPT_IMAGE_DAMAGED;
        }
        map = plain;
        size = plain_size;
        movable = 1; /* anonymous memory, ours alone */
    }

    const uint8_t *m = map;
    struct ckpt_image_section *sections = NULL;
    int result = check_envelope(path, m, size, err, errlen);
    if (result != 0)
        goto fail;
    result = CKPT_IMAGE_DAMAGED;

    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.checkpoint = get_u64(m + 16);
    h.rank = get_u32(m + 24);
    h.nranks = get_u32(m + 28);
    h.exe_id_len = get_u32(m + 32);
    if (h.exe_id_len > CKPT_EXE_ID_MAX || h.nranks == 0 || h.rank >= h.nranks) {
        set_err(err, errlen, path, "damaged (invalid header fields)");
        goto fail;
    }
    memcpy(h.exe_id, m + 40, h.exe_id_len);

    if (expect_exe_id &&
        (expect_exe_id_len != h.exe_id_len || memcmp(expect_exe_id, h.exe_id, h.exe_id_len))) {
        char mine[2 * 20 + 3], theirs[2 * 20 + 3];
        id_hex(h.exe_id, h.exe_id_len, theirs);
        id_hex(expect_exe_id, expect_exe_id_len, mine);
        set_err(err, errlen, path,
                "written by another executable (build-id %s in the image, %s here)", theirs,
                mine);
        result = CKPT_IMAGE_FOREIGN;
        goto fail;
    }

    uint32_t nsections = get_u32(m + size - TRAILER_SIZE + 8);
    int64_t counted = walk_sections(m, size, NULL, 0);
    if (counted < 0 || counted != nsections) {
        set_err(err, errlen, path, "damaged (section table inconsistent)");
        goto fail;
    }
    if (nsections > 0) {
        sections = ckpt_untracked_malloc((size_t)nsections * sizeof *sections);
        if (!sections) {
            set_err(err, errlen, path, "out of memory for %u sections", nsections);
            goto fail;
        }
        walk_sections(m, size, sections, nsections);
    }

    img->header = h;
    img->nsections = nsections;
    img->sections = sections;
    img->map = map;
    img->map_size = size;
    img->pages_movable = movable;
    return 0;

fail:
    ckpt_untracked_free(sections);
    if (map)
        munmap(map, size);
    return result;
}

const struct ckpt_image_section *ckpt_image_find(const struct ckpt_image *img, uint32_t kind,
                                                 uint32_t index)
{
    for (uint32_t i = 0; i < img->nsections; i++) {
        if (img->sections[i].kind != kind)
            continue;
        if (index == 0)
            return &img->sections[i];
        index--;
    }
    return NULL;
}

/* Set once the kernel refused to move a file's pages (before Linux 5.13):
 * later calls copy without asking again. */
static int move_refused;

int ckpt_image_take_pages(struct ckpt_image *img, const void *src, void *dst, size_t len)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), from = (uintptr_t)src;
    uintptr_t map = (uintptr_t)img->map;
    uintptr_t to = (uintptr_t)dst;
    if (!img->pages_movable || move_refused || len == 0 || from % page || to % page ||
        len % page || from < map || from - map > img->map_size ||
        len > img->map_size - (from - map) || (to < map + img->map_size && to + len > map))
        return -1;
    /* Writable first (a private mapping may be, whatever the file's mode), so
     * that a failure leaves the pages where they were. */
    if (mprotect((void *)src, len, PROT_READ | PROT_WRITE) != 0)
        return -1;
    /* MREMAP_DONTUNMAP: the image keeps its address range (emptied), so no
     * other mapping can land in it before ckpt_image_close unmaps it whole.
     * The system call itself: UCX (under MPICH) hooks mremap and drops the
     * new address (EINVAL). Bypassing its hook is safe here: the memory at
     * dst is the heap before the program has run, never handed to MPI. */
    int flags = MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP;
    if ((void *)syscall(SYS_mremap, src, len, len, flags, dst) == dst) {
        madvise(dst, len, MADV_NORMAL); /* the image was read front to back; the program will not */
        return 0;
    }
    if (errno == EINVAL)
        move_refused = 1;
    /* The kernel unmaps dst before it checks the source (a file's pages
     * before 5.13, address-space limits): the caller copies into dst, so it
     * must be memory again. */
    void *again = mmap(dst, len, PROT_READ | PROT_WRITE,
                       MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return again == dst ? -1 : -2;
}

void ckpt_image_close(struct ckpt_image *img)
{
    if (img->parent) {
        ckpt_image_close(img->parent);
        ckpt_untracked_free(img->parent);
    }
    if (img->map)
        munmap(img->map, img->map_size);
    ckpt_untracked_free(img->sections);
    memset(img, 0, sizeof *img);
}
