/*
 * The checkpoint heap in an image (CKPT_SECTION_HEAP_RANGES): the ranges
 * ckpt_heap_saved_ranges gives, each as (u64 offset from the heap's base,
 * u64 length, the bytes, zero padding to a multiple of 8). Free blocks keep
 * only their headers, so an image holds what the program uses, not the
 * heap's high-water mark. A long range's bytes sit at a file offset
 * congruent to their address modulo the page size, after a padding record
 * (offset UINT64_MAX, then that many bytes to skip), so that recovery can
 * move pages instead of copying them. A run of pages the program never
 * touched (untouched_pages.h) is a zero record: its offset, its length with
 * the top bit set, and no bytes; it comes back as zeros.
 */
#ifndef AALC_HEAP_IMAGE_H
#define AALC_HEAP_IMAGE_H

#include "heap_records.h" /* checking a section: ckpt_heap_image_check ... */
#include "image.h"

#include <stddef.h>

/* Append the heap section. 0, or -1 with a message. Bytes saved in *saved.
 * incremental: whole pages, each looked up in heap_delta.h's table (begun
 * by the caller), those the same as in the parent image as same records;
 * their bytes in *same. */
int ckpt_heap_image_add(struct ckpt_image_writer *w, int incremental, size_t *saved,
                        size_t *same, char *err, size_t errlen);
/* Whether a checked section has ranges long enough to be moved. */
int ckpt_heap_image_has_long_ranges(const struct ckpt_image_section *s);
/* How many ranges loads may still move out of an image, and how many runs
 * of zeros they may still replace with fresh pages: each may split a
 * mapping, and the process has at most vm.max_map_count (65530 by
 * default). One budget for all the images a recovery loads. */
struct ckpt_heap_load_budget {
    unsigned moves_left, fresh_left;
};
#define CKPT_HEAP_LOAD_BUDGET ((struct ckpt_heap_load_budget){4096, 4096})
/* Put a checked section's ranges into the (writable) heap: the whole pages
 * of long ranges moved out of img where it allows, the rest copied; the
 * bytes moved in *moved. 0, or -1 with a message (out of memory). */
int ckpt_heap_image_load(struct ckpt_image *img, const struct ckpt_image_section *s,
                         struct ckpt_heap_load_budget *budget, size_t *moved, char *err,
                         size_t errlen);

#endif
