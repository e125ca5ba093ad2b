/*
 * The checkpoint heap in an image (CKPT_SECTION_HEAP_RANGES): the ranges
 * ckpt_heap_saved_ranges gives, each as (u64 offset from the heap's base,
 * u64 length, the bytes, zero padding to a multiple of 8). Free blocks keep
 * only their headers, so an image holds what the program uses, not the
 * heap's high-water mark.
 */
#ifndef AALC_HEAP_IMAGE_H
#define AALC_HEAP_IMAGE_H

#include "image.h"

#include <stddef.h>

/* Append the heap section. 0, or -1 with a message. Bytes saved in *saved. */
int ckpt_heap_image_add(struct ckpt_image_writer *w, size_t *saved, char *err, size_t errlen);
/* Check a heap section completely before anything is copied: records well
 * formed, in order, inside the section and the heap. Sets *used (the extent
 * to make writable). 0, or -1 with a message. */
int ckpt_heap_image_check(const struct ckpt_image_section *s, size_t *used, char *err,
                          size_t errlen);
/* Copy a checked section's ranges into the (writable) heap. */
void ckpt_heap_image_load(const struct ckpt_image_section *s);

#endif
