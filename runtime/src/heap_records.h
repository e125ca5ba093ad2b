/*
 * The records of a heap section (CKPT_SECTION_HEAP_RANGES, heap_image.h):
 * their format, and reading and checking them. Used by the writer and the
 * loader (heap_image.c) and by the checkpoint reader, so that `ckpt verify`
 * judges a heap as a recovery does.
 *
 * A record is a u64 offset from the heap's base and a u64 length; the
 * length's top bits say what follows:
 *   - neither bit: the bytes, then zero padding to a multiple of 8;
 *   - HEAP_ZERO_RECORD_BIT: nothing; the range comes back as zeros (pages the
 *     program never touched, untouched_pages.h);
 *   - HEAP_SAME_RECORD_BIT: nothing; the range holds what the parent image of an
 *     incremental image gave it.
 * A record whose offset is HEAP_PADDING_RECORD is padding: its length in bytes
 * follow, to be skipped.
 */
#ifndef AALC_HEAP_RECORDS_H
#define AALC_HEAP_RECORDS_H

#include "image.h"

#include <stddef.h>
#include <stdint.h>

#define HEAP_RECORD_HEADER 16u
#define HEAP_PADDING_RECORD UINT64_MAX
#define HEAP_ZERO_RECORD_BIT ((uint64_t)1 << 63)
#define HEAP_SAME_RECORD_BIT ((uint64_t)1 << 62)
#define HEAP_RECORD_FLAGS (HEAP_ZERO_RECORD_BIT | HEAP_SAME_RECORD_BIT)

enum ckpt_heap_record_kind { HEAP_RECORD_BYTES, HEAP_RECORD_ZEROS, HEAP_RECORD_SAME };

static inline uint64_t heap_record_padded(uint64_t n)
{
    return (n + 7) & ~(uint64_t)7;
}

struct ckpt_heap_record {
    enum ckpt_heap_record_kind kind;
    uint64_t offset, length;
    const uint8_t *bytes;
};

/* The record at *at of a section, header checked against the section's
 * size: its kind, offset, length and (bytes only) data; padding skipped.
 * 1 with a record, 0 at the end, -1 with a message if malformed. */
int ckpt_heap_record_read(const struct ckpt_image_section *s, uint64_t *at, struct ckpt_heap_record *r,
                          char *err, size_t errlen);

/* Check a heap section completely before anything is copied: records well
 * formed, in order, inside the section and the heap. Sets *used (the extent
 * to make writable). 0, or -1 with a message. */
int ckpt_heap_image_check(const struct ckpt_image_section *s, size_t *used, char *err,
                          size_t errlen);
/* Whether a checked section has same records (needs its parent image). */
int ckpt_heap_image_has_same(const struct ckpt_image_section *s);
/* Whether every same record of a checked section lies in what the records
 * of its parent's checked section cover. 0, or -1 with a message. */
int ckpt_heap_image_check_parent(const struct ckpt_image_section *s,
                                 const struct ckpt_image_section *parent, char *err,
                                 size_t errlen);

#endif
