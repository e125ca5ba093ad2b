/* Pages the program never touched, found through /proc/self/pagemap: an
 * anonymous page that is neither present nor swapped out has never been
 * written (nor read), and reads as zeros. A checkpoint need not copy or
 * save such pages, so that memory allocated and never used (an array sized
 * for the worst case) costs the image nothing.
 *
 * Only anonymous mappings qualify: a page of a file mapping (the heap pages
 * a recovery moved out of an image) can leave the page tables while its
 * bytes stay in the file, so /proc/self/maps is read for them first. */
#ifndef AALC_UNTOUCHED_PAGES_H
#define AALC_UNTOUCHED_PAGES_H

#include <stddef.h>
#include <stdint.h>

struct ckpt_untouched;

/* A scan of the address range [lo, hi); NULL when the kernel does not tell
 * (no pagemap), and then nothing counts as untouched. */
struct ckpt_untouched *ckpt_untouched_open(uintptr_t lo, uintptr_t hi);
void ckpt_untouched_close(struct ckpt_untouched *u);

/* The bytes [start, start + size) as consecutive runs, in address order:
 * runs of whole untouched pages at least `min_run` bytes long with
 * untouched = 1, the rest with 0. u may be NULL (one touched run). */
typedef void (*ckpt_untouched_run_fn)(void *ctx, uintptr_t start, size_t size, int untouched);
void ckpt_untouched_runs(struct ckpt_untouched *u, uintptr_t start, size_t size, size_t min_run,
                         ckpt_untouched_run_fn fn, void *ctx);

#endif
