/* The checkpoint heap in an image (see heap_image.h). */
#include "heap_image.h"

#include "heap.h"

#include <stdio.h>
#include <string.h>

#define RECORD_HEADER 16u

static uint64_t padded(uint64_t n)
{
    return (n + 7) & ~(uint64_t)7;
}

struct add_pass {
    struct ckpt_image_writer *w;
    uint64_t total;     /* first pass: the section's size */
    int failed;         /* second pass: a write failed (message in err) */
    char *err;
    size_t errlen;
};

static void count_range(void *ctx, uintptr_t start, size_t size)
{
    (void)start;
    ((struct add_pass *)ctx)->total += RECORD_HEADER + padded(size);
}

static void append_range(void *ctx, uintptr_t start, size_t size)
{
    static const uint8_t zeros[8];
    struct add_pass *p = ctx;
    uint64_t head[2] = {start - ckpt_heap_base(), size}; /* x86-64: little endian, as the image */
    if (p->failed ||
        ckpt_image_append(p->w, head, sizeof head, p->err, p->errlen) != 0 ||
        ckpt_image_append(p->w, (const void *)start, size, p->err, p->errlen) != 0 ||
        ckpt_image_append(p->w, zeros, padded(size) - size, p->err, p->errlen) != 0)
        p->failed = 1;
}

int ckpt_heap_image_add(struct ckpt_image_writer *w, size_t *saved, char *err, size_t errlen)
{
    /* Two walks over the chunks (the program is stopped, so they agree):
     * the section's size goes before its bytes. */
    struct add_pass p = {.w = w, .err = err, .errlen = errlen};
    ckpt_heap_saved_ranges(count_range, &p);
    if (ckpt_image_begin_section(w, CKPT_SECTION_HEAP_RANGES, ckpt_heap_base(), p.total, err,
                                 errlen) != 0)
        return -1;
    *saved = ckpt_heap_saved_ranges(append_range, &p);
    return p.failed ? -1 : 0;
}

int ckpt_heap_image_check(const struct ckpt_image_section *s, size_t *used, char *err,
                          size_t errlen)
{
    const uint8_t *d = s->data;
    uint64_t at = 0, end_of_last = 0;
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
        uint64_t offset = head[0], length = head[1];
        at += RECORD_HEADER;
        int first = at == RECORD_HEADER; /* holds the allocator's header: starts at 0 */
        if (length == 0 || padded(length) > s->size - at || (first && offset != 0) ||
            (!first && offset < end_of_last) || length > UINT64_MAX - offset) {
            snprintf(err, errlen, "saved heap: range record %llu+%llu is malformed",
                     (unsigned long long)offset, (unsigned long long)length);
            return -1;
        }
        end_of_last = offset + length;
        at += padded(length);
    }
    if (end_of_last == 0) {
        snprintf(err, errlen, "saved heap is empty");
        return -1;
    }
    *used = (size_t)end_of_last;
    return 0;
}

void ckpt_heap_image_load(const struct ckpt_image_section *s)
{
    const uint8_t *d = s->data;
    for (uint64_t at = 0; at < s->size;) {
        uint64_t head[2];
        memcpy(head, d + at, sizeof head);
        memcpy((void *)(ckpt_heap_base() + head[0]), d + at + RECORD_HEADER, head[1]);
        at += RECORD_HEADER + padded(head[1]);
    }
}
