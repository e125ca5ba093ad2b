/* The records of a heap section: reading and checking them (heap_records.h). */
#include "heap_records.h"

#include "fixed_addresses.h"

#include <stdio.h>
#include <string.h>

int ckpt_heap_record_read(const struct ckpt_image_section *s, uint64_t *at, struct ckpt_heap_record *r,
                          char *err, size_t errlen)
{
    const uint8_t *d = s->data;
    while (*at < s->size) {
        uint64_t head[2];
        if (s->size - *at < HEAP_RECORD_HEADER) {
            snprintf(err, errlen, "saved heap: truncated range record");
            return -1;
        }
        memcpy(head, d + *at, sizeof head);
        *at += HEAP_RECORD_HEADER;
        uint64_t flags = head[1] & HEAP_RECORD_FLAGS;
        r->offset = head[0];
        r->length = head[1] & ~HEAP_RECORD_FLAGS;
        r->bytes = NULL;
        if (flags == HEAP_RECORD_FLAGS) {
            snprintf(err, errlen, "saved heap: record %llu has both the zero and the same flag",
                     (unsigned long long)r->offset);
            return -1;
        }
        if (flags) { /* no bytes follow */
            r->kind = flags == HEAP_ZERO_RECORD_BIT ? HEAP_RECORD_ZEROS : HEAP_RECORD_SAME;
            if (r->offset == HEAP_PADDING_RECORD || r->length == 0 ||
                r->length > UINT64_MAX - r->offset) {
                snprintf(err, errlen, "saved heap: %s record %llu+%llu is malformed",
                         r->kind == HEAP_RECORD_ZEROS ? "zero" : "same",
                         (unsigned long long)r->offset, (unsigned long long)r->length);
                return -1;
            }
            return 1;
        }
        if (r->offset == HEAP_PADDING_RECORD) {
            if (r->length % 8 || r->length > s->size - *at) {
                snprintf(err, errlen, "saved heap: padding record of %llu bytes is malformed",
                         (unsigned long long)r->length);
                return -1;
            }
            *at += r->length;
            continue;
        }
        /* length first: heap_record_padded() of a length near 2^64 wraps around to 0. */
        if (r->length == 0 || r->length > s->size - *at || heap_record_padded(r->length) > s->size - *at ||
            r->length > UINT64_MAX - r->offset) {
            snprintf(err, errlen, "saved heap: range record %llu+%llu is malformed",
                     (unsigned long long)r->offset, (unsigned long long)r->length);
            return -1;
        }
        r->kind = HEAP_RECORD_BYTES;
        r->bytes = d + *at;
        *at += heap_record_padded(r->length);
        return 1;
    }
    return 0;
}

int ckpt_heap_image_check(const struct ckpt_image_section *s, size_t *used, char *err,
                          size_t errlen)
{
    uint64_t at = 0, end_of_last = 0;
    struct ckpt_heap_record r;
    int rc, first = 1;
    if (s->addr != CKPT_HEAP_BASE_ADDRESS) {
        snprintf(err, errlen, "saved heap at another address");
        return -1;
    }
    while ((rc = ckpt_heap_record_read(s, &at, &r, err, errlen)) == 1) {
        /* The first record holds the allocator's header: it starts at 0, and
         * it is never untouched. Records are in order and do not overlap. */
        if (first ? r.offset != 0 || r.kind == HEAP_RECORD_ZEROS : r.offset < end_of_last) {
            static const char *const kinds[] = {"range", "zero", "same"};
            snprintf(err, errlen, "saved heap: %s record %llu+%llu is out of place",
                     kinds[r.kind], (unsigned long long)r.offset, (unsigned long long)r.length);
            return -1;
        }
        end_of_last = r.offset + r.length;
        first = 0;
    }
    if (rc < 0)
        return -1;
    if (end_of_last == 0) {
        snprintf(err, errlen, "saved heap is empty");
        return -1;
    }
    *used = (size_t)end_of_last;
    return 0;
}

int ckpt_heap_image_has_same(const struct ckpt_image_section *s)
{
    uint64_t at = 0;
    struct ckpt_heap_record r;
    char err[128]; /* unread: a malformed record just ends the search */
    while (ckpt_heap_record_read(s, &at, &r, err, sizeof err) == 1)
        if (r.kind == HEAP_RECORD_SAME)
            return 1;
    return 0;
}

int ckpt_heap_image_check_parent(const struct ckpt_image_section *s,
                                 const struct ckpt_image_section *parent, char *err,
                                 size_t errlen)
{
    /* Both checked: records in order, not overlapping. Each same run must
     * lie in what the parent's records cover, end to end. */
    uint64_t at = 0, parent_at = 0;
    struct ckpt_heap_record r, p = {0};
    int have_p = 0;
    while (ckpt_heap_record_read(s, &at, &r, err, errlen) == 1) {
        if (r.kind != HEAP_RECORD_SAME)
            continue;
        uint64_t covered = r.offset, end = r.offset + r.length;
        while (covered < end) {
            while (!have_p || p.offset + p.length <= covered) {
                if (ckpt_heap_record_read(parent, &parent_at, &p, err, errlen) != 1) {
                    have_p = 0;
                    break;
                }
                have_p = 1;
            }
            if (!have_p || p.offset > covered) {
                snprintf(err, errlen, "saved heap: the bytes at %llu+%llu are said to be the "
                         "previous image's, which does not hold them",
                         (unsigned long long)covered, (unsigned long long)(end - covered));
                return -1;
            }
            covered = p.offset + p.length;
        }
    }
    return 0;
}
