/* Copying the program's state into an in-memory image with several threads.
 *
 * The copy is the only part of a checkpoint the program waits for, and one
 * core's memcpy does not use all of a machine's memory bandwidth: idle cores
 * shorten it. The helper threads are started on first use and then wait for
 * work; they block every signal, so the program's signals stay its own. */
#ifndef AALC_PARALLEL_COPY_H
#define AALC_PARALLEL_COPY_H

#include <stddef.h>
#include <stdint.h>

/* n bytes from src to base + dst_offset. */
struct ckpt_copy_piece {
    size_t dst_offset;
    const void *src;
    size_t n;
};

/* Below this many bytes in all, waking helpers costs more than it saves. */
#define CKPT_PARALLEL_COPY_MIN_DEFAULT ((size_t)4 << 20)
#define CKPT_COPY_THREADS_MAX 16

/* Copy every piece, with up to `threads` threads (the caller's included) when
 * the pieces hold at least `parallel_min` bytes; the threads take chunks of
 * the bytes in turn, a piece may be split. Returns the number of threads that
 * copied (helpers that woke too late took nothing). */
unsigned ckpt_parallel_copy(uint8_t *base, const struct ckpt_copy_piece *pieces, size_t count,
                            unsigned threads, size_t parallel_min);

#endif
