/* ckpt_untracked_* (heap.h) for the reader library: in a tool there is no
 * checkpoint heap to keep out of, so they are the C library's own calls
 * (a checkpointed program gets them from heap_wrap.c instead). */
#include "heap.h"

#include <stdlib.h>

void *ckpt_untracked_malloc(size_t n) { return malloc(n); }
void *ckpt_untracked_realloc(void *p, size_t n) { return realloc(p, n); }
void ckpt_untracked_free(void *p) { free(p); }
