/* The checkpoint heap in an image (see heap_image.h). */
#include "heap_image.h"

#include "heap.h"
#include "untouched_pages.h"

#include <aalc/ckpt_layer_services.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RECORD_HEADER 16u
/* A record with this offset is padding: its bytes are skipped. */
#define PADDING_RECORD UINT64_MAX
/* Ranges at least this long have their bytes placed in the file at an
 * offset congruent to their address modulo the page size, so that recovery
 * can move the image's pages into the heap instead of copying them
 * (ckpt_image_take_pages). At most a page and 8 bytes of padding each. */
#define MOVABLE_MIN ((size_t)64 * 1024)
/* A run of pages the program never touched, at least this long, is a zero
 * record: its length with this bit set, and no bytes (untouched_pages.h). */
#define ZERO_RECORD_BIT ((uint64_t)1 << 63)
#define ZERO_RUN_MIN ((size_t)64 * 1024)

static uint64_t padded(uint64_t n)
{
    return (n + 7) & ~(uint64_t)7;
}

struct add_pass {
    struct ckpt_image_writer *w;
    uint64_t at;        /* the file offset the next record starts at */
    uint64_t total;     /* first pass: the section's size */
    int failed;         /* second pass: a write failed (message in err) */
    char *err;
    size_t errlen;
};

/* The padding record (header included) to put before the record of a range
 * of `size` bytes at `start` that would begin at file offset `at`; 0: none. */
static uint64_t padding_before(uint64_t at, uintptr_t start, size_t size)
{
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t gap = ((uint64_t)start - (at + RECORD_HEADER)) & (page - 1);
    if (size < MOVABLE_MIN || gap == 0 || gap % 8)
        return 0;
    return gap < RECORD_HEADER ? gap + page : gap;
}

/* Both passes advance the same way: a padding record if needed, the range. */
static uint64_t advance(struct add_pass *p, uintptr_t start, size_t size, uint64_t *padding)
{
    *padding = padding_before(p->at, start, size);
    uint64_t n = *padding + RECORD_HEADER + padded(size);
    p->at += n;
    return n;
}

static void count_range(void *ctx, uintptr_t start, size_t size)
{
    struct add_pass *p = ctx;
    uint64_t padding;
    p->total += advance(p, start, size, &padding);
}

static void append_zeros(struct add_pass *p, uint64_t n)
{
    static const uint8_t zeros[256];
    for (uint64_t k; n > 0 && !p->failed; n -= k) {
        k = n < sizeof zeros ? n : sizeof zeros;
        if (ckpt_image_append(p->w, zeros, k, p->err, p->errlen) != 0)
            p->failed = 1;
    }
}

static void append_range(void *ctx, uintptr_t start, size_t size)
{
    struct add_pass *p = ctx;
    uint64_t padding;
    advance(p, start, size, &padding);
    if (padding) {
        uint64_t pad_head[2] = {PADDING_RECORD, padding - RECORD_HEADER};
        if (!p->failed && ckpt_image_append(p->w, pad_head, sizeof pad_head, p->err, p->errlen))
            p->failed = 1;
        append_zeros(p, padding - RECORD_HEADER);
    }
    uint64_t head[2] = {start - ckpt_heap_base(), size}; /* x86-64: little endian, as the image */
    if (p->failed ||
        ckpt_image_append(p->w, head, sizeof head, p->err, p->errlen) != 0 ||
        ckpt_image_append(p->w, (const void *)start, size, p->err, p->errlen) != 0)
        p->failed = 1;
    append_zeros(p, padded(size) - size);
}

/* The saved ranges cut into runs of bytes and runs of untouched pages. */
struct segment {
    uintptr_t start;
    size_t size;
    int zeros;
};
struct segments {
    struct segment *v;
    size_t n, capacity;
    struct ckpt_untouched *scan;
    int failed;
};

static void add_segment(void *ctx, uintptr_t start, size_t size, int untouched)
{
    struct segments *s = ctx;
    if (s->failed)
        return;
    if (s->n == s->capacity) {
        size_t grown = s->capacity ? 2 * s->capacity : 256;
        struct segment *v = ckpt_untracked_realloc(s->v, grown * sizeof *v);
        if (!v) {
            s->failed = 1;
            return;
        }
        s->v = v;
        s->capacity = grown;
    }
    s->v[s->n++] = (struct segment){start, size, untouched};
}

static void split_range(void *ctx, uintptr_t start, size_t size)
{
    struct segments *s = ctx;
    ckpt_untouched_runs(s->scan, start, size, ZERO_RUN_MIN, add_segment, s);
}

/* The two passes over a segment: a zero record is its header alone. */
static void count_segment(struct add_pass *p, const struct segment *s)
{
    if (!s->zeros) {
        count_range(p, s->start, s->size);
        return;
    }
    p->total += RECORD_HEADER;
    p->at += RECORD_HEADER;
}

static void append_segment(struct add_pass *p, const struct segment *s)
{
    if (!s->zeros) {
        append_range(p, s->start, s->size);
        return;
    }
    uint64_t head[2] = {s->start - ckpt_heap_base(), s->size | ZERO_RECORD_BIT};
    p->at += RECORD_HEADER;
    if (!p->failed && ckpt_image_append(p->w, head, sizeof head, p->err, p->errlen) != 0)
        p->failed = 1;
}

int ckpt_heap_image_add(struct ckpt_image_writer *w, size_t *saved, char *err, size_t errlen)
{
    /* One walk over the chunks, cut where pages were never touched, then two
     * passes over its list: the section's size goes before its bytes. The
     * list is made once, so that both passes cut the same way even if a
     * page changes state in between. */
    struct segments segs = {0};
    segs.scan = ckpt_untouched_open(ckpt_heap_base(), ckpt_heap_base() + ckpt_heap_used());
    ckpt_heap_saved_ranges(split_range, &segs);
    ckpt_untouched_close(segs.scan);
    if (segs.failed) {
        ckpt_untracked_free(segs.v);
        snprintf(err, errlen, "out of memory listing the heap's ranges");
        return -1;
    }
    uint64_t data_at = ckpt_image_next_data_offset(w);
    struct add_pass p = {.w = w, .at = data_at, .err = err, .errlen = errlen};
    for (size_t i = 0; i < segs.n; i++)
        count_segment(&p, &segs.v[i]);
    int rc = ckpt_image_begin_section(w, CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(), p.total, err,
                                      errlen);
    p.at = data_at;
    *saved = 0;
    for (size_t i = 0; rc == 0 && i < segs.n && !p.failed; i++) {
        append_segment(&p, &segs.v[i]);
        *saved += segs.v[i].zeros ? 0 : segs.v[i].size;
    }
    ckpt_untracked_free(segs.v);
    return rc != 0 || p.failed ? -1 : 0;
}

int ckpt_heap_image_check(const struct ckpt_image_section *s, size_t *used, char *err,
                          size_t errlen)
{
    const uint8_t *d = s->data;
    uint64_t at = 0, end_of_last = 0;
    int first = 1; /* the first range holds the allocator's header: starts at 0 */
    if (s->addr != ckpt_heap_base()) {
        snprintf(err, errlen, "saved heap at another address");
        return -1;
    }
    while (at < s->size) {
        uint64_t head[2];
        if (s->size - at < RECORD_HEADER) {
            snprintf(err, errlen, "saved heap: truncated range record");
            return -1;
        }
        memcpy(head, d + at, sizeof head);
        uint64_t offset = head[0], length = head[1] & ~ZERO_RECORD_BIT;
        int zeros = (head[1] & ZERO_RECORD_BIT) != 0;
        at += RECORD_HEADER;
        if (zeros) { /* no bytes follow; never the first record (the allocator's header) */
            if (offset == PADDING_RECORD || first || length == 0 || offset < end_of_last ||
                length > UINT64_MAX - offset) {
                snprintf(err, errlen, "saved heap: zero record %llu+%llu is malformed",
                         (unsigned long long)offset, (unsigned long long)length);
                return -1;
            }
            end_of_last = offset + length;
            continue;
        }
        if (offset == PADDING_RECORD) {
            if (length % 8 || length > s->size - at) {
                snprintf(err, errlen, "saved heap: padding record of %llu bytes is malformed",
                         (unsigned long long)length);
                return -1;
            }
            at += length;
            continue;
        }
        /* length first: padded() of a length near 2^64 wraps around to 0. */
        if (length == 0 || length > s->size - at || padded(length) > s->size - at ||
            (first && offset != 0) ||
            (!first && offset < end_of_last) || length > UINT64_MAX - offset) {
            snprintf(err, errlen, "saved heap: range record %llu+%llu is malformed",
                     (unsigned long long)offset, (unsigned long long)length);
            return -1;
        }
        end_of_last = offset + length;
        at += padded(length);
        first = 0;
    }
    if (end_of_last == 0) {
        snprintf(err, errlen, "saved heap is empty");
        return -1;
    }
    *used = (size_t)end_of_last;
    return 0;
}

/* Untouched pages come back as zeros: whole pages fresh (MADV_DONTNEED
 * would bring back a file's bytes where an earlier load moved pages in),
 * the partial pages at the ends cleared. Past `fresh_left` replacements
 * (each may split a mapping, see MOVED_RANGES_MAX) the pages are cleared. */
static void zero_range(uintptr_t start, size_t length, unsigned *fresh_left)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (start + page - 1) & ~(page - 1), last = (start + length) & ~(page - 1);
    if (last <= first || *fresh_left == 0 ||
        ckpt_heap_fresh_pages((void *)first, last - first) != 0) {
        memset((void *)start, 0, length);
        return;
    }
    (*fresh_left)--;
    memset((void *)start, 0, first - start);
    memset((void *)last, 0, start + length - last);
}

/* Moving a range leaves it a mapping of its own (and its neighbours split):
 * past this many, ranges are copied, so that a fragmented heap cannot use
 * up the process's mappings (vm.max_map_count, 65530 by default). */
#define MOVED_RANGES_MAX 4096

/* A long range's whole pages moved out of the image, the bytes before and
 * after them copied. Returns the bytes moved (0: copy the range instead), or
 * -1 when the range's place in the heap was lost. */
static long long move_range(struct ckpt_image *img, const uint8_t *src, uintptr_t dst,
                            size_t length)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (dst + page - 1) & ~(page - 1), last = (dst + length) & ~(page - 1);
    if (length < MOVABLE_MIN || last <= first || ((uintptr_t)src - dst) & (page - 1))
        return 0;
    size_t before = first - dst, pages = last - first;
    int rc = ckpt_image_take_pages(img, src + before, (void *)first, pages);
    if (rc != 0)
        return rc == -1 ? 0 : -1;
    memcpy((void *)dst, src, before);
    memcpy((void *)last, src + before + pages, length - before - pages);
    return (long long)pages;
}

/* The next range record of a checked section from *at, padding skipped:
 * 1 with its offset, length and bytes, 0 at the end. */
static int next_range(const struct ckpt_image_section *s, uint64_t *at, uint64_t head[2],
                      const uint8_t **bytes)
{
    const uint8_t *d = s->data;
    while (*at < s->size) {
        memcpy(head, d + *at, 2 * sizeof head[0]);
        *at += RECORD_HEADER;
        if (head[1] & ZERO_RECORD_BIT) {
            head[1] &= ~ZERO_RECORD_BIT;
            *bytes = NULL; /* zeros */
            return 1;
        }
        if (head[0] == PADDING_RECORD) {
            *at += head[1];
            continue;
        }
        *bytes = d + *at;
        *at += padded(head[1]);
        return 1;
    }
    return 0;
}

int ckpt_heap_image_has_long_ranges(const struct ckpt_image_section *s)
{
    uint64_t at = 0, head[2];
    const uint8_t *bytes;
    while (next_range(s, &at, head, &bytes))
        if (bytes && head[1] >= MOVABLE_MIN)
            return 1;
    return 0;
}

int ckpt_heap_image_load(struct ckpt_image *img, const struct ckpt_image_section *s,
                         size_t *moved, char *err, size_t errlen)
{
    uint64_t at = 0, head[2];
    const uint8_t *bytes;
    unsigned ranges_moved = 0, fresh_left = MOVED_RANGES_MAX;
    *moved = 0;
    while (next_range(s, &at, head, &bytes)) {
        uintptr_t dst = ckpt_heap_base() + head[0];
        if (!bytes) {
            zero_range(dst, head[1], &fresh_left);
            continue;
        }
        long long n = ranges_moved < MOVED_RANGES_MAX ? move_range(img, bytes, dst, head[1]) : 0;
        if (n < 0) {
            snprintf(err, errlen, "out of memory while loading the heap at offset %llu",
                     (unsigned long long)head[0]);
            return -1;
        }
        if (n > 0) {
            *moved += (size_t)n;
            ranges_moved++;
        } else {
            memcpy((void *)dst, bytes, head[1]);
        }
    }
    return 0;
}
