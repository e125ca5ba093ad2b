/*
 * The checkpoint heap: every allocation the program makes (malloc & co are
 * redirected here at link time with --wrap) comes from one region mapped at
 * a fixed virtual address, so pointers into it stay valid in a new process.
 * All allocator metadata lives inside the region; saving [base, top) and
 * mapping it back at the same address restores the heap exactly.
 */
#ifndef AALC_HEAP_H
#define AALC_HEAP_H

#include <aalc/ckpt_layer_services.h>
#include <stddef.h>
#include <stdint.h>

/* Map the region (reserve_bytes of address space at the fixed address, grown
 * on demand). Returns 0 or -1 with a message in err. Idempotent. */
int ckpt_heap_init(size_t reserve_bytes, char *err, size_t errlen);

void *ckpt_heap_malloc(size_t n);
void *ckpt_heap_calloc(size_t count, size_t n);
void *ckpt_heap_realloc(void *p, size_t n);
void ckpt_heap_free(void *p);
/* alignment: a power of two multiple of sizeof(void *). Returns 0 or an errno value. */
int ckpt_heap_memalign(void **out, size_t alignment, size_t n);
/* Usable size of a block from this heap. */
size_t ckpt_heap_usable_size(const void *p);

/* Is p inside the checkpoint heap region? (free/realloc of foreign pointers go to libc) */
int ckpt_heap_owns(const void *p);

/* What a checkpoint must save: the bytes [base, base + used). */
uintptr_t ckpt_heap_base(void);
size_t ckpt_heap_used(void);
/* What of [base, base + used) a checkpoint must save, as ranges in address
 * order: the allocator's header and every chunk, but of a free chunk only
 * its header and list links (the rest of it is garbage). Restoring these
 * ranges over any bytes restores the heap. Returns the bytes covered. */
typedef void (*ckpt_heap_range_fn)(void *ctx, uintptr_t start, size_t size);
size_t ckpt_heap_saved_ranges(ckpt_heap_range_fn fn, void *ctx);
/* Bytes currently handed out to the program (for reports). */
size_t ckpt_heap_live_bytes(void);

/* Recovery: make [base, base + used) accessible so the saved bytes can be
 * read into it; with populate, map all its pages at once (quicker than a
 * fault per page, but it holds the process's memory-map lock throughout). */
int ckpt_heap_prepare_restore(size_t used, int populate, char *err, size_t errlen);
/* Replace whole pages of the writable heap with fresh ones: zeros that take
 * no memory until written, whatever mapped them before (pages moved in from
 * an image file included). 0, or -1. */
int ckpt_heap_fresh_pages(void *start, size_t length);
/* Replace the first `extent` bytes of the heap with fresh memory: a restore
 * that wrote them is being given up for another, and pages it moved out of
 * an image must not keep that image's file. 0, or -1 (out of memory). */
int ckpt_heap_discard_loaded(size_t extent);

/* Consistency check of every block (tests, CKPT_DEBUG). Returns 0 when sound. */
int ckpt_heap_check(char *err, size_t errlen);



/* From begin to end, the calling thread's allocations by any library come
 * from the checkpoint heap (heap_route.c): around a C library call that
 * allocates something the program keeps (a FILE). Not nested. */
void ckpt_heap_route_begin(void);
void ckpt_heap_route_end(void);

/* ckpt_untracked_malloc and its kin: aalc/ckpt_layer_services.h. */
#endif
