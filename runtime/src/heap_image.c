/* The checkpoint heap in an image (see heap_image.h). */
#include "heap_image.h"

#include "heap.h"
#include "heap_records.h"
#include "heap_delta.h"
#include "untouched_pages.h"

#include <aalc/ckpt_layer_services.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Ranges at least this long have their bytes placed in the file at an
 * offset congruent to their address modulo the page size, so that recovery
 * can move the image's pages into the heap instead of copying them
 * (ckpt_image_take_pages). At most a page and 8 bytes of padding each. */
#define MOVABLE_MIN ((size_t)64 * 1024)
/* Runs of untouched pages at least this long are zero records. */
#define ZERO_RUN_MIN ((size_t)64 * 1024)

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
    uint64_t gap = ((uint64_t)start - (at + HEAP_RECORD_HEADER)) & (page - 1);
    if (size < MOVABLE_MIN || gap == 0 || gap % 8)
        return 0;
    return gap < HEAP_RECORD_HEADER ? gap + page : gap;
}

/* Both passes advance the same way: a padding record if needed, the range. */
static uint64_t advance(struct add_pass *p, uintptr_t start, size_t size, uint64_t *padding)
{
    *padding = padding_before(p->at, start, size);
    uint64_t n = *padding + HEAP_RECORD_HEADER + heap_record_padded(size);
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
        uint64_t pad_head[2] = {HEAP_PADDING_RECORD, padding - HEAP_RECORD_HEADER};
        if (!p->failed && ckpt_image_append(p->w, pad_head, sizeof pad_head, p->err, p->errlen))
            p->failed = 1;
        append_zeros(p, padding - HEAP_RECORD_HEADER);
    }
    uint64_t head[2] = {start - ckpt_heap_base(), size}; /* x86-64: little endian, as the image */
    if (p->failed ||
        ckpt_image_append(p->w, head, sizeof head, p->err, p->errlen) != 0 ||
        ckpt_image_append(p->w, (const void *)start, size, p->err, p->errlen) != 0)
        p->failed = 1;
    append_zeros(p, heap_record_padded(size) - size);
}

/* The saved ranges cut into runs of bytes, of untouched pages and (in an
 * incremental image) of pages the same as in the parent image. */
struct segment {
    uintptr_t start;
    size_t size;
    enum ckpt_heap_record_kind kind;
};
struct segments {
    struct segment *v;
    size_t n, capacity;
    struct ckpt_untouched *scan;
    int incremental; /* whole pages, each looked up in heap_delta.h's table */
    uintptr_t open_start, open_end; /* incremental: the page run being gathered */
    int failed;
};

static void push_segment(struct segments *s, uintptr_t start, size_t size, enum ckpt_heap_record_kind kind)
{
    if (s->failed)
        return;
    if (s->n > 0) { /* page by page, runs of a kind grow */
        struct segment *last = &s->v[s->n - 1];
        if (last->kind == kind && kind != HEAP_RECORD_ZEROS && last->start + last->size == start) {
            last->size += size;
            return;
        }
    }
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
    s->v[s->n++] = (struct segment){start, size, kind};
}

static void add_segment(void *ctx, uintptr_t start, size_t size, int untouched)
{
    struct segments *s = ctx;
    if (!s->incremental) {
        push_segment(s, start, size, untouched ? HEAP_RECORD_ZEROS : HEAP_RECORD_BYTES);
        return;
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (untouched) {
        for (uintptr_t at = start; at < start + size; at += page)
            ckpt_heap_delta_zero(at);
        push_segment(s, start, size, HEAP_RECORD_ZEROS);
        return;
    }
    for (uintptr_t at = start; at < start + size; at += page)
        push_segment(s, at, page, ckpt_heap_delta_same(at) ? HEAP_RECORD_SAME : HEAP_RECORD_BYTES);
}

/* Incremental: the page run gathered so far, cut where pages were never touched. */
static void flush_pages(struct segments *s)
{
    if (s->open_end > s->open_start)
        ckpt_untouched_runs(s->scan, s->open_start, s->open_end - s->open_start, ZERO_RUN_MIN,
                            add_segment, s);
    s->open_start = s->open_end = 0;
}

static void split_range(void *ctx, uintptr_t start, size_t size)
{
    struct segments *s = ctx;
    if (!s->incremental) {
        ckpt_untouched_runs(s->scan, start, size, ZERO_RUN_MIN, add_segment, s);
        return;
    }
    /* Whole pages, so that a page is saved whole or not at all: the free
     * bytes in a saved page are saved too, and a page of the parent's is
     * either all of it or none. Neighbouring ranges share pages: merged. */
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = start & ~(page - 1), end = (start + size + page - 1) & ~(page - 1);
    if (first <= s->open_end && s->open_end > s->open_start) {
        if (end > s->open_end)
            s->open_end = end;
        return;
    }
    flush_pages(s);
    s->open_start = first;
    s->open_end = end;
}

/* The two passes over a segment: a zero or same record is its header alone. */
static void count_segment(struct add_pass *p, const struct segment *s)
{
    if (s->kind == HEAP_RECORD_BYTES) {
        count_range(p, s->start, s->size);
        return;
    }
    p->total += HEAP_RECORD_HEADER;
    p->at += HEAP_RECORD_HEADER;
}

static void append_segment(struct add_pass *p, const struct segment *s)
{
    if (s->kind == HEAP_RECORD_BYTES) {
        append_range(p, s->start, s->size);
        return;
    }
    uint64_t flag = s->kind == HEAP_RECORD_ZEROS ? HEAP_ZERO_RECORD_BIT : HEAP_SAME_RECORD_BIT;
    uint64_t head[2] = {s->start - ckpt_heap_base(), s->size | flag};
    p->at += HEAP_RECORD_HEADER;
    if (!p->failed && ckpt_image_append(p->w, head, sizeof head, p->err, p->errlen) != 0)
        p->failed = 1;
}

int ckpt_heap_image_add(struct ckpt_image_writer *w, int incremental, size_t *saved,
                        size_t *same, char *err, size_t errlen)
{
    /* One walk over the chunks, cut where pages were never touched, then two
     * passes over its list: the section's size goes before its bytes. The
     * list is made once, so that both passes cut the same way even if a
     * page changes state in between. */
    struct segments segs = {0};
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    segs.incremental = incremental;
    segs.scan = ckpt_untouched_open(ckpt_heap_base(),
                                    ckpt_heap_base() + ckpt_heap_used() + (incremental ? page : 0));
    ckpt_heap_saved_ranges(split_range, &segs);
    if (incremental)
        flush_pages(&segs);
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
    *saved = *same = 0;
    for (size_t i = 0; rc == 0 && i < segs.n && !p.failed; i++) {
        append_segment(&p, &segs.v[i]);
        if (segs.v[i].kind == HEAP_RECORD_BYTES)
            *saved += segs.v[i].size;
        else if (segs.v[i].kind == HEAP_RECORD_SAME)
            *same += segs.v[i].size;
    }
    ckpt_untracked_free(segs.v);
    return rc != 0 || p.failed ? -1 : 0;
}

/* Untouched pages come back as zeros: whole pages fresh (MADV_DONTNEED
 * would bring back a file's bytes where an earlier load moved pages in),
 * the partial pages at the ends cleared. Past `fresh_left` replacements
 * (each may split a mapping: struct ckpt_heap_load_budget) the pages are
 * cleared. */
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

int ckpt_heap_image_has_long_ranges(const struct ckpt_image_section *s)
{
    uint64_t at = 0;
    struct ckpt_heap_record r;
    char err[8];
    while (ckpt_heap_record_read(s, &at, &r, err, sizeof err) == 1)
        if (r.kind == HEAP_RECORD_BYTES && r.length >= MOVABLE_MIN)
            return 1;
    return 0;
}

int ckpt_heap_image_load(struct ckpt_image *img, const struct ckpt_image_section *s,
                         struct ckpt_heap_load_budget *budget, size_t *moved, char *err,
                         size_t errlen)
{
    /* Moving a range leaves it a mapping of its own (and its neighbours
     * split): past the budget, ranges are copied, so that a fragmented heap
     * cannot use up the process's mappings. */
    uint64_t at = 0;
    struct ckpt_heap_record r;
    *moved = 0;
    while (ckpt_heap_record_read(s, &at, &r, err, errlen) == 1) {
        uintptr_t dst = ckpt_heap_base() + r.offset;
        if (r.kind == HEAP_RECORD_SAME) /* the parent's load put them there */
            continue;
        if (r.kind == HEAP_RECORD_ZEROS) {
            zero_range(dst, r.length, &budget->fresh_left);
            continue;
        }
        long long n = budget->moves_left > 0 ? move_range(img, r.bytes, dst, r.length) : 0;
        if (n < 0) {
            snprintf(err, errlen, "out of memory while loading the heap at offset %llu",
                     (unsigned long long)r.offset);
            return -1;
        }
        if (n > 0) {
            *moved += (size_t)n;
            budget->moves_left--;
        } else {
            memcpy((void *)dst, r.bytes, r.length);
        }
    }
    return 0;
}
