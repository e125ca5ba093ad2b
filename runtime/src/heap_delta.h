/*
 * Incremental heap images (CKPT_INCREMENTAL): which pages of the checkpoint
 * heap are the same as in this process's previous image. A table holds,
 * per page, an XXH3-128 hash of the bytes the previous image saved and the
 * number of that image; a page is "the same" only if its entry is from the
 * parent image and the hashes agree. Hashing reads the state once (no copy
 * of it is kept), works on every kernel (soft-dirty bits do not here) and
 * needs no signal handler in the program.
 */
#ifndef AALC_HEAP_DELTA_H
#define AALC_HEAP_DELTA_H

#include <stddef.h>
#include <stdint.h>

/* Start image `number`, a delta against `parent` (0: a full image). -1
 * when the table cannot grow to the heap's pages: write a full image. */
int ckpt_heap_delta_begin(uint64_t number, uint64_t parent);
/* The page at `page` (page-aligned, in the heap) as saved now: 1 if it is
 * the same as in the parent image. Records the page for the next image. */
int ckpt_heap_delta_same(uintptr_t page);
/* A page saved as zeros (never touched): recorded without reading it. */
void ckpt_heap_delta_zero(uintptr_t page);
/* The image the table describes: its number, 0 if none. */
uint64_t ckpt_heap_delta_table_image(void);
/* The table no longer describes any image (it failed half-way). */
void ckpt_heap_delta_forget(void);

#endif
