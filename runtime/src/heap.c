/*
 * The checkpoint heap: a boundary-tag allocator in one region mapped at a
 * fixed virtual address.
 *
 * Layout of the region:
 *
 *   base: struct heap_header (bins, top, counters)   -- saved with the heap
 *         chunk, chunk, ..., chunk                    -- program blocks, free blocks
 *   top:  the wilderness: everything from here to the end of the reservation
 *
 * A chunk (16-byte aligned, size a multiple of 16, at least 32 bytes):
 *
 *   +0   prev_size  footer of the previous chunk: its size, valid only while it is free
 *                   (while it is in use, these 8 bytes are the tail of its payload)
 *   +8   head       this chunk's size | CINUSE (this chunk in use) | PINUSE (previous in use)
 *   +16  payload    (free chunks keep their free-list links here)
 *
 * So an in-use chunk costs 8 bytes of overhead and the payload is 16-byte
 * aligned. Invariants: no two free chunks are adjacent (they are merged), and
 * the chunk just below top is always in use (a free one is merged into top),
 * so top's own PINUSE bit is always set.
 *
 * Free chunks sit in segregated lists: one exact list per chunk size below
 * SMALL_LIMIT, then one list per power-of-two range. A two-word bitmap of
 * non-empty lists finds the next list that can serve a request in O(1).
 *
 * Everything the allocator needs to continue lives inside the region, so
 * saving [base, top + 16) and copying it back at the same address restores
 * it exactly. The only globals are the lock, the "ready" flag and the
 * description of this process's mapping (how much is reserved, writable and
 * known to be zero), which belongs to the process and must survive a restore
 * unchanged.
 */
#define _GNU_SOURCE
#include "heap.h"
#include "fixed_addresses.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h> /* glibc >= 2.32 */
#define SINGLE_THREADED __libc_single_threaded
#else
#define SINGLE_THREADED 0
#endif

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define HEAP_BASE CKPT_HEAP_BASE_ADDRESS /* fixed_addresses.h */
#define DEFAULT_RESERVE ((size_t)64 << 30)
#define MIN_RESERVE ((size_t)1 << 20)
/* Writable memory grows in steps of this much (pages are only backed when touched). */
#define COMMIT_STEP ((size_t)64 << 20)
/* Give memory above top back to the kernel when more than this is idle there. */
#define TRIM_THRESHOLD (3 * COMMIT_STEP)

#define HEAP_MAGIC UINT64_C(0x50414548434c4141) /* "AALCHEAP" in memory */
#define HEAP_VERSION 1

#define ALIGNMENT 16
#define CHUNK_OVERHEAD 8  /* the head word; the next chunk's prev_size field is payload */
#define CHUNK_HEADER 16   /* prev_size + head: payload starts here */
#define MIN_CHUNK 32      /* header + two free-list links */
#define MAX_REQUEST (SIZE_MAX >> 2)

#define PINUSE ((size_t)1)
#define CINUSE ((size_t)2)
#define MARK ((size_t)4) /* only set transiently by ckpt_heap_check */
#define FLAG_BITS ((size_t)7)

/* Exact lists for chunk sizes 32, 48, ..., SMALL_LIMIT - 16 (index = size / 16),
 * then one list per power of two from SMALL_LIMIT up. */
#define SMALL_LIMIT ((size_t)1024)
#define SMALL_BINS 64
#define LOG2_SMALL_LIMIT 10
#define NBINS (SMALL_BINS + 64 - LOG2_SMALL_LIMIT)
#define BINMAP_WORDS 2
/* How many chunks of a range list a best-fit search looks at before settling. */
#define BEST_FIT_SCAN 16

struct chunk {
    size_t prev_size;
    size_t head;
    struct chunk *next_free; /* free chunks only */
    struct chunk *prev_free;
};

struct heap_header {
    uint64_t magic;
    uint32_t version;
    uint32_t header_size;
    struct chunk *top;
    size_t live_bytes;  /* usable bytes of in-use chunks */
    size_t live_blocks;
    size_t free_blocks; /* chunks in the lists (checked by ckpt_heap_check) */
    uint64_t binmap[BINMAP_WORDS];
    struct chunk *bins[NBINS];
};

_Static_assert(NBINS <= 64 * BINMAP_WORDS, "binmap too small");
_Static_assert(sizeof(struct chunk) == MIN_CHUNK, "chunk layout");

#define FIRST_CHUNK_OFFSET ((sizeof(struct heap_header) + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1))

static atomic_int heap_lock;
static atomic_int heap_ready;

/* This process's mapping of the region. Not in the region on purpose: a
 * restore replaces the region's bytes, not its page protections. */
static struct {
    size_t reserve_bytes;
    char *reserve_end;
    char *writable_end; /* [base, writable_end) is PROT_READ|PROT_WRITE */
    char *zero_from;    /* every byte in [zero_from, writable_end) is known to be zero */
} mapping;

static inline struct heap_header *header(void) { return (struct heap_header *)HEAP_BASE; }
static inline struct chunk *first_chunk(void) { return (struct chunk *)(HEAP_BASE + FIRST_CHUNK_OFFSET); }
static inline size_t chunk_size(const struct chunk *c) { return c->head & ~FLAG_BITS; }
static inline struct chunk *chunk_at(void *c, size_t offset) { return (struct chunk *)((char *)c + offset); }
static inline void *payload_of(struct chunk *c) { return (char *)c + CHUNK_HEADER; }
static inline struct chunk *chunk_of(const void *p) { return (struct chunk *)((char *)p - CHUNK_HEADER); }
static inline size_t usable_of(size_t size) { return size - CHUNK_OVERHEAD; }
static inline uintptr_t align_up(uintptr_t x, uintptr_t a) { return (x + a - 1) & ~(a - 1); }

/* Chunk size for a request of n bytes; 0 when n is too large to ever fit. */
static inline size_t chunk_size_for(size_t n)
{
    if (n > MAX_REQUEST)
        return 0;
    size_t size = (n + CHUNK_OVERHEAD + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
    return size < MIN_CHUNK ? MIN_CHUNK : size;
}

static inline unsigned bin_index(size_t size)
{
    if (size < SMALL_LIMIT)
        return (unsigned)(size >> 4);
    return SMALL_BINS + (unsigned)(63 - __builtin_clzll(size)) - LOG2_SMALL_LIMIT;
}

/* ---- mapping ---------------------------------------------------------- */

static int parse_reserve(const char *text, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno || end == text)
        return -1;
    unsigned shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (*end == 'i' && end[1] == 'B')
        end += 2;
    else if (*end == 'B')
        end++;
    if (*end != '\0' || value > (SIZE_MAX >> shift))
        return -1;
    *out = (size_t)value << shift;
    return 0;
}

/* Make [base, end) writable; end is rounded up to a COMMIT_STEP. */
static int make_writable_to(char *end)
{
    if (end <= mapping.writable_end)
        return 0;
    if (end > mapping.reserve_end)
        return -1;
    char *base = (char *)HEAP_BASE;
    char *new_end = base + align_up((uintptr_t)(end - base), COMMIT_STEP);
    if (new_end > mapping.reserve_end)
        new_end = mapping.reserve_end;
    if (mprotect(mapping.writable_end, (size_t)(new_end - mapping.writable_end), PROT_READ | PROT_WRITE) != 0)
        return -1;
    mapping.writable_end = new_end;
    return 0;
}

/* Return idle memory far above top to the kernel (mapping fresh PROT_NONE
 * pages over it discards the old ones), keeping one step of slack. */
static void trim_above(char *in_use_end)
{
    if ((size_t)(mapping.writable_end - in_use_end) <= TRIM_THRESHOLD)
        return;
    char *base = (char *)HEAP_BASE;
    char *keep_end = base + align_up((uintptr_t)(in_use_end - base), COMMIT_STEP) + COMMIT_STEP;
    if (keep_end >= mapping.writable_end)
        return;
    void *r = mmap(keep_end, (size_t)(mapping.writable_end - keep_end), PROT_NONE,
                   MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED)
        return; /* harmless: the memory just stays */
    mapping.writable_end = keep_end;
    if (mapping.zero_from > keep_end)
        mapping.zero_from = keep_end;
}

static void set_top(struct heap_header *h, struct chunk *top)
{
    h->top = top;
    top->head = PINUSE; /* top has no size; the chunk below it is always in use */
    char *written_end = (char *)top + CHUNK_HEADER;
    if (written_end > mapping.zero_from)
        mapping.zero_from = written_end;
}

static int map_region_locked(size_t reserve_bytes, char *err, size_t errlen)
{
    if (atomic_load_explicit(&heap_ready, memory_order_relaxed))
        return 0;
    if (reserve_bytes == 0) {
        reserve_bytes = DEFAULT_RESERVE;
        const char *env = getenv("CKPT_HEAP_RESERVE");
        if (env && *env && parse_reserve(env, &reserve_bytes) != 0) {
            snprintf(err, errlen, "invalid CKPT_HEAP_RESERVE=%s (expected bytes, with an optional K/M/G suffix)", env);
            return -1;
        }
    }
    if (reserve_bytes < MIN_RESERVE)
        reserve_bytes = MIN_RESERVE;
    reserve_bytes = align_up(reserve_bytes, (uintptr_t)sysconf(_SC_PAGESIZE));

    void *want = (void *)HEAP_BASE;
    void *got = mmap(want, reserve_bytes, PROT_NONE,
                     MAP_FIXED_NOREPLACE | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (got != want) {
        int e = errno;
        const char *why = got != MAP_FAILED ? "the address is taken (kernel without MAP_FIXED_NOREPLACE)"
                          : e == EEXIST     ? "the address range is already in use by another mapping"
                          : e == ENOMEM     ? "not enough address space (lower CKPT_HEAP_RESERVE?)"
                                            : strerror(e);
        if (got != MAP_FAILED)
            munmap(got, reserve_bytes);
        snprintf(err, errlen, "cannot map the checkpoint heap at 0x%" PRIxPTR ": %s (%zu bytes requested)",
                 HEAP_BASE, why, reserve_bytes);
        return -1;
    }
    mapping.reserve_bytes = reserve_bytes;
    mapping.reserve_end = (char *)want + reserve_bytes;
    mapping.writable_end = want;
    mapping.zero_from = want;
    if (make_writable_to((char *)first_chunk() + MIN_CHUNK) != 0) {
        snprintf(err, errlen, "cannot map the checkpoint heap at 0x%" PRIxPTR ": mprotect: %s",
                 HEAP_BASE, strerror(errno));
        munmap(want, reserve_bytes);
        return -1;
    }
    struct heap_header *h = header();
    memset(h, 0, sizeof *h);
    h->magic = HEAP_MAGIC;
    h->version = HEAP_VERSION;
    h->header_size = (uint32_t)FIRST_CHUNK_OFFSET;
    set_top(h, first_chunk());
    atomic_store_explicit(&heap_ready, 1, memory_order_release);
    return 0;
}

/* First use from malloc (possibly in a constructor, before the runtime has
 * started): there is nobody to report to, and no program can run without its
 * heap, so say why and stop. */
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void register_atfork(void);

static void lazy_init_locked(void)
{
    char err[256];
    pthread_once(&atfork_once, register_atfork);
    if (map_region_locked(0, err, sizeof err) == 0)
        return;
    char line[300];
    int n = snprintf(line, sizeof line, "aalc: %s\n", err);
    if (n > 0 && write(STDERR_FILENO, line, (size_t)n) < 0) {
        /* nothing more we can do */
    }
    _exit(1);
}

/* A spin lock: held only for a few instructions, and cheaper than a mutex
 * where it counts (unlocking is a plain store, not an atomic exchange). A
 * waiter that spins too long yields, in case the holder was preempted. */
static void acquire_heap_lock(void)
{
    while (atomic_exchange_explicit(&heap_lock, 1, memory_order_acquire)) {
        for (unsigned spins = 0; atomic_load_explicit(&heap_lock, memory_order_relaxed); spins++) {
            if (spins < 200) {
#if defined(__x86_64__) || defined(__i386__)
                __builtin_ia32_pause();
#endif
            } else {
                sched_yield();
            }
        }
    }
}

static inline void release_heap_lock(void) { atomic_store_explicit(&heap_lock, 0, memory_order_release); }

/* Locking costs more than the allocation itself, and most scientific codes
 * are single-threaded: glibc tells us when no other thread exists (only this
 * thread could change that, by creating one). Returns whether it locked. */
static inline int lock_heap(void)
{
    int threaded = !SINGLE_THREADED;
    if (threaded)
        acquire_heap_lock();
    if (__builtin_expect(!atomic_load_explicit(&heap_ready, memory_order_relaxed), 0))
        lazy_init_locked();
    return threaded;
}

static inline void unlock_heap(int threaded)
{
    if (threaded)
        release_heap_lock();
}

/* A fork while another thread holds the lock must not leave the child locked. */
static void before_fork(void) { acquire_heap_lock(); }
static void after_fork(void) { release_heap_lock(); }
static void after_fork_child(void) { release_heap_lock(); }

static void register_atfork(void) { pthread_atfork(before_fork, after_fork, after_fork_child); }

int ckpt_heap_init(size_t reserve_bytes, char *err, size_t errlen)
{
    pthread_once(&atfork_once, register_atfork);
    acquire_heap_lock();
    int rc = map_region_locked(reserve_bytes, err, errlen);
    release_heap_lock();
    return rc;
}

/* ---- free lists ----------------------------------------------------------- */

static inline void binmap_set(struct heap_header *h, unsigned i) { h->binmap[i >> 6] |= UINT64_C(1) << (i & 63); }
static inline void binmap_clear(struct heap_header *h, unsigned i) { h->binmap[i >> 6] &= ~(UINT64_C(1) << (i & 63)); }

/* The first non-empty list at index >= from, or NBINS. */
static inline unsigned next_nonempty_bin(const struct heap_header *h, unsigned from)
{
    for (unsigned w = from >> 6; w < BINMAP_WORDS; w++) {
        uint64_t bits = h->binmap[w];
        if (w == from >> 6)
            bits &= ~UINT64_C(0) << (from & 63);
        if (bits)
            return w * 64 + (unsigned)__builtin_ctzll(bits);
    }
    return NBINS;
}

static inline void push_free(struct heap_header *h, struct chunk *c, size_t size)
{
    unsigned i = bin_index(size);
    struct chunk *first = h->bins[i];
    c->next_free = first;
    c->prev_free = NULL;
    if (first)
        first->prev_free = c;
    else
        binmap_set(h, i);
    h->bins[i] = c;
    h->free_blocks++;
}

static inline void unlink_free(struct heap_header *h, struct chunk *c, size_t size)
{
    struct chunk *next = c->next_free, *prev = c->prev_free;
    if (next)
        next->prev_free = prev;
    if (prev) {
        prev->next_free = next;
    } else {
        unsigned i = bin_index(size);
        h->bins[i] = next;
        if (!next)
            binmap_clear(h, i);
    }
    h->free_blocks--;
}

/* Turn c (whose previous chunk is in use) into a free chunk of the given size:
 * head, footer, the next chunk's PINUSE, and list membership. */
static inline void make_free(struct heap_header *h, struct chunk *c, size_t size)
{
    c->head = size | PINUSE;
    struct chunk *next = chunk_at(c, size);
    next->prev_size = size;
    next->head &= ~PINUSE;
    push_free(h, c, size);
}

/* ---- chunk operations (lock held, counters untouched) -------------------- */

/* Give chunk c back: merge with free neighbours or top. */
static void release_chunk(struct heap_header *h, struct chunk *c)
{
    size_t size = chunk_size(c);
    if (!(c->head & PINUSE)) {
        struct chunk *prev = (struct chunk *)((char *)c - c->prev_size);
        unlink_free(h, prev, c->prev_size);
        size += c->prev_size;
        c = prev;
    }
    struct chunk *next = chunk_at(c, size);
    if (next == h->top) {
        set_top(h, c);
        trim_above((char *)c + CHUNK_HEADER);
        return;
    }
    if (!(next->head & CINUSE)) {
        size_t next_size = chunk_size(next);
        unlink_free(h, next, next_size);
        size += next_size;
    }
    make_free(h, c, size);
}

/* c is in use with room for more than `size`: keep `size`, give the rest back. */
static void shrink_chunk(struct heap_header *h, struct chunk *c, size_t size)
{
    size_t old_size = chunk_size(c);
    if (old_size - size < MIN_CHUNK)
        return;
    c->head = size | (c->head & FLAG_BITS);
    struct chunk *rest = chunk_at(c, size);
    rest->head = (old_size - size) | CINUSE | PINUSE;
    release_chunk(h, rest);
}

/* Hand out free chunk c (already unlinked) for a request of `size` bytes. */
static inline struct chunk *use_free_chunk(struct heap_header *h, struct chunk *c, size_t size)
{
    size_t have = chunk_size(c);
    if (have - size >= MIN_CHUNK) {
        c->head = size | CINUSE | PINUSE;
        make_free(h, chunk_at(c, size), have - size); /* the next chunk is in use: no merge */
    } else {
        c->head |= CINUSE;
        chunk_at(c, have)->head |= PINUSE;
    }
    return c;
}

static struct chunk *carve_from_top(struct heap_header *h, size_t size)
{
    struct chunk *c = h->top;
    if (size > (size_t)(mapping.reserve_end - (char *)c) - CHUNK_HEADER)
        return NULL;
    char *needed_end = (char *)c + size + CHUNK_HEADER;
    if (needed_end > mapping.writable_end && make_writable_to(needed_end) != 0)
        return NULL;
    c->head = size | CINUSE | PINUSE;
    set_top(h, chunk_at(c, size));
    return c;
}

/* Best fit among the first few chunks of a power-of-two range list. */
static struct chunk *best_fit_in_bin(struct heap_header *h, unsigned i, size_t size)
{
    struct chunk *best = NULL;
    size_t best_size = SIZE_MAX;
    int looked = 0;
    for (struct chunk *c = h->bins[i]; c && looked < BEST_FIT_SCAN; c = c->next_free, looked++) {
        size_t s = chunk_size(c);
        if (s >= size && s < best_size) {
            best = c;
            best_size = s;
            if (s == size)
                break;
        }
    }
    return best;
}

static struct chunk *allocate_chunk(struct heap_header *h, size_t size)
{
    unsigned i = bin_index(size);
    struct chunk *c;
    if (size < SMALL_LIMIT) {
        /* Fast path: an exact-size list. */
        c = h->bins[i];
        if (c) {
            struct chunk *next = c->next_free;
            h->bins[i] = next;
            if (next)
                next->prev_free = NULL;
            else
                binmap_clear(h, i);
            h->free_blocks--;
            c->head |= CINUSE;
            chunk_at(c, size)->head |= PINUSE;
            return c;
        }
    } else {
        c = best_fit_in_bin(h, i, size);
        if (c) {
            unlink_free(h, c, chunk_size(c));
            return use_free_chunk(h, c, size);
        }
    }
    /* Any chunk of a larger list fits. */
    unsigned j = next_nonempty_bin(h, i + 1);
    if (j < NBINS) {
        c = h->bins[j];
        unlink_free(h, c, chunk_size(c));
        return use_free_chunk(h, c, size);
    }
    return carve_from_top(h, size);
}

/* Grow in-use chunk c to `size` without moving it, if its neighbour allows. */
static int grow_in_place(struct heap_header *h, struct chunk *c, size_t size)
{
    size_t have = chunk_size(c);
    struct chunk *next = chunk_at(c, have);
    if (next == h->top) {
        if (size - have > (size_t)(mapping.reserve_end - (char *)next) - CHUNK_HEADER)
            return 0;
        char *needed_end = (char *)c + size + CHUNK_HEADER;
        if (needed_end > mapping.writable_end && make_writable_to(needed_end) != 0)
            return 0;
        c->head = size | (c->head & FLAG_BITS);
        set_top(h, chunk_at(c, size));
        return 1;
    }
    if (next->head & CINUSE)
        return 0;
    size_t next_size = chunk_size(next);
    if (have + next_size < size)
        return 0;
    unlink_free(h, next, next_size);
    size_t total = have + next_size;
    if (total - size >= MIN_CHUNK) {
        c->head = size | (c->head & FLAG_BITS);
        make_free(h, chunk_at(c, size), total - size);
    } else {
        c->head = total | (c->head & FLAG_BITS);
        chunk_at(c, total)->head |= PINUSE;
    }
    return 1;
}

/* ---- checks on pointers from the program -------------------------------- */

static int is_live_chunk(const struct heap_header *h, const void *p)
{
    uintptr_t a = (uintptr_t)p;
    if (a & (ALIGNMENT - 1))
        return 0;
    if (a < (uintptr_t)first_chunk() + CHUNK_HEADER || a >= (uintptr_t)h->top + CHUNK_HEADER)
        return 0;
    const struct chunk *c = chunk_of(p);
    size_t size = chunk_size(c);
    return (c->head & CINUSE) && size >= MIN_CHUNK && size <= (size_t)((char *)h->top - (char *)c);
}

static void die_bad_pointer(const char *what, const void *p)
{
    char line[160];
    int n = snprintf(line, sizeof line,
                     "aalc: %s(): invalid pointer %p (not a live block of the checkpoint heap: double free or corruption)\n",
                     what, p);
    if (n > 0 && write(STDERR_FILENO, line, (size_t)n) < 0) {
        /* nothing more we can do */
    }
    abort();
}

/* ---- public interface ----------------------------------------------------- */

void *ckpt_heap_malloc(size_t n)
{
    size_t size = chunk_size_for(n);
    if (!size) {
        errno = ENOMEM;
        return NULL;
    }
    int locked = lock_heap();
    struct heap_header *h = header();
    struct chunk *c = allocate_chunk(h, size);
    if (c) {
        h->live_bytes += usable_of(chunk_size(c));
        h->live_blocks++;
    }
    unlock_heap(locked);
    if (!c) {
        errno = ENOMEM;
        return NULL;
    }
    return payload_of(c);
}

void *ckpt_heap_calloc(size_t count, size_t n)
{
    size_t total;
    if (__builtin_mul_overflow(count, n, &total) || !chunk_size_for(total)) {
        errno = ENOMEM;
        return NULL;
    }
    size_t size = chunk_size_for(total);
    int locked = lock_heap();
    struct heap_header *h = header();
    char *zero_from = mapping.zero_from; /* before allocating: set_top moves it */
    struct chunk *c = allocate_chunk(h, size);
    if (c) {
        h->live_bytes += usable_of(chunk_size(c));
        h->live_blocks++;
    }
    unlock_heap(locked);
    if (!c) {
        errno = ENOMEM;
        return NULL;
    }
    /* Memory never written since it was mapped is already zero: clearing it
     * would only touch pages the program may never use. */
    char *p = payload_of(c);
    char *end = p + total;
    if (zero_from < p)
        zero_from = p;
    memset(p, 0, (size_t)((end < zero_from ? end : zero_from) - p));
    return p;
}

void ckpt_heap_free(void *p)
{
    if (!p)
        return;
    int locked = lock_heap();
    struct heap_header *h = header();
    if (__builtin_expect(!is_live_chunk(h, p), 0)) {
        unlock_heap(locked);
        die_bad_pointer("free", p);
    }
    struct chunk *c = chunk_of(p);
    h->live_bytes -= usable_of(chunk_size(c));
    h->live_blocks--;
    release_chunk(h, c);
    unlock_heap(locked);
}

void *ckpt_heap_realloc(void *p, size_t n)
{
    if (!p)
        return ckpt_heap_malloc(n);
    if (n == 0) { /* glibc's behaviour, which Linux programs rely on */
        ckpt_heap_free(p);
        return NULL;
    }
    size_t size = chunk_size_for(n);
    int locked = lock_heap();
    struct heap_header *h = header();
    if (__builtin_expect(!is_live_chunk(h, p), 0)) {
        unlock_heap(locked);
        die_bad_pointer("realloc", p);
    }
    if (!size) {
        unlock_heap(locked);
        errno = ENOMEM;
        return NULL;
    }
    struct chunk *c = chunk_of(p);
    size_t old_size = chunk_size(c);
    void *result = p;
    if (size <= old_size) {
        shrink_chunk(h, c, size);
    } else if (!grow_in_place(h, c, size)) {
        struct chunk *moved = allocate_chunk(h, size);
        if (!moved) {
            unlock_heap(locked);
            errno = ENOMEM;
            return NULL;
        }
        result = payload_of(moved);
        memcpy(result, p, usable_of(old_size));
        release_chunk(h, c);
        c = moved;
    }
    h->live_bytes += usable_of(chunk_size(c));
    h->live_bytes -= usable_of(old_size);
    unlock_heap(locked);
    return result;
}

int ckpt_heap_memalign(void **out, size_t alignment, size_t n)
{
    if (alignment == 0 || (alignment & (alignment - 1)))
        return EINVAL;
    if (alignment <= ALIGNMENT) {
        void *p = ckpt_heap_malloc(n);
        if (!p)
            return ENOMEM;
        *out = p;
        return 0;
    }
    size_t size = chunk_size_for(n);
    /* Room to move the payload forward to an aligned address while leaving a
     * whole free chunk in front. */
    size_t padded;
    if (!size || alignment > MAX_REQUEST || __builtin_add_overflow(size, alignment + MIN_CHUNK, &padded))
        return ENOMEM;
    int locked = lock_heap();
    struct heap_header *h = header();
    struct chunk *c = allocate_chunk(h, padded);
    if (!c) {
        unlock_heap(locked);
        return ENOMEM;
    }
    uintptr_t p = (uintptr_t)payload_of(c);
    uintptr_t aligned = align_up(p, alignment);
    if (aligned != p) {
        if (aligned - p < MIN_CHUNK)
            aligned += alignment;
        size_t front = aligned - p;
        struct chunk *ac = chunk_of((void *)aligned);
        ac->head = (chunk_size(c) - front) | CINUSE | PINUSE;
        c->head = front | (c->head & FLAG_BITS);
        release_chunk(h, c); /* the front piece: becomes free, clears ac's PINUSE */
        c = ac;
    }
    shrink_chunk(h, c, size);
    h->live_bytes += usable_of(chunk_size(c));
    h->live_blocks++;
    unlock_heap(locked);
    *out = payload_of(c);
    return 0;
}

size_t ckpt_heap_usable_size(const void *p)
{
    if (!p)
        return 0;
    int locked = lock_heap();
    size_t n = is_live_chunk(header(), p) ? usable_of(chunk_size(chunk_of(p))) : 0;
    unlock_heap(locked);
    return n;
}

int ckpt_heap_owns(const void *p)
{
    if (!atomic_load_explicit(&heap_ready, memory_order_acquire))
        return 0;
    return (uintptr_t)p - HEAP_BASE < mapping.reserve_bytes;
}

uintptr_t ckpt_heap_base(void) { return HEAP_BASE; }

size_t ckpt_heap_used(void)
{
    if (!atomic_load_explicit(&heap_ready, memory_order_acquire))
        return 0;
    acquire_heap_lock();
    /* Up to and including top's header: the last chunk's payload ends in top's prev_size. */
    size_t used = (size_t)((char *)header()->top + CHUNK_HEADER - (char *)HEAP_BASE);
    release_heap_lock();
    return used;
}

size_t ckpt_heap_saved_ranges(ckpt_heap_range_fn fn, void *ctx)
{
    if (!atomic_load_explicit(&heap_ready, memory_order_acquire))
        return 0;
    acquire_heap_lock();
    struct heap_header *h = header();
    uintptr_t start = HEAP_BASE, end = (uintptr_t)first_chunk(), covered = 0;
    for (struct chunk *c = first_chunk(); c != h->top; c = chunk_at(c, chunk_size(c))) {
        /* An in-use chunk whole; a free one only up to its list links. Each
         * range starts at a chunk's prev_size, which holds the payload's
         * tail of an in-use chunk before it, or a free one's footer. */
        uintptr_t from = (uintptr_t)c;
        uintptr_t to = from + ((c->head & CINUSE) ? chunk_size(c) : sizeof(struct chunk));
        if (from != end) {
            fn(ctx, start, end - start);
            covered += end - start;
            start = from;
        }
        end = to;
    }
    /* top's prev_size and head end the heap (see ckpt_heap_used). */
    uintptr_t top = (uintptr_t)h->top;
    if (top != end) {
        fn(ctx, start, end - start);
        covered += end - start;
        start = top;
    }
    end = top + CHUNK_HEADER;
    fn(ctx, start, end - start);
    covered += end - start;
    release_heap_lock();
    return covered;
}

size_t ckpt_heap_live_bytes(void)
{
    if (!atomic_load_explicit(&heap_ready, memory_order_acquire))
        return 0;
    acquire_heap_lock();
    size_t n = header()->live_bytes;
    release_heap_lock();
    return n;
}

int ckpt_heap_prepare_restore(size_t used, int populate, char *err, size_t errlen)
{
    pthread_once(&atfork_once, register_atfork);
    acquire_heap_lock();
    int rc = map_region_locked(0, err, errlen);
    if (rc == 0 && used > mapping.reserve_bytes) {
        snprintf(err, errlen,
                 "the saved checkpoint heap (%zu bytes) is larger than the reserved region (%zu bytes; raise CKPT_HEAP_RESERVE)",
                 used, mapping.reserve_bytes);
        rc = -1;
    }
    if (rc == 0 && make_writable_to((char *)HEAP_BASE + used) != 0) {
        snprintf(err, errlen, "cannot make %zu bytes of the checkpoint heap writable: %s", used, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && (char *)HEAP_BASE + used > mapping.zero_from)
        mapping.zero_from = (char *)HEAP_BASE + used; /* the caller writes up to there */
#ifdef MADV_POPULATE_WRITE
    /* The caller is about to write all of it: one call maps every page,
     * rather than a fault per page (costly in a virtual machine). A hint.
     * Not MADV_HUGEPAGE: where the kernel compacts memory for huge pages on
     * demand (defrag=madvise), that took 11 ms instead of 2 in 2 of 5 CG
     * recoveries (CKPT_STATS load_s in cg_benchmark.py's runs). */
    if (rc == 0 && populate)
        madvise((void *)HEAP_BASE, used, MADV_POPULATE_WRITE);
#endif
    release_heap_lock();
    return rc;
}

int ckpt_heap_fresh_pages(void *start, size_t length)
{
    void *r = mmap(start, length, PROT_READ | PROT_WRITE,
                   MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return r == start ? 0 : -1;
}

int ckpt_heap_discard_loaded(size_t extent)
{
    acquire_heap_lock();
    char *base = (char *)HEAP_BASE;
    char *end = base + align_up(extent, (size_t)sysconf(_SC_PAGESIZE));
    if (end > mapping.writable_end)
        end = mapping.writable_end;
    int rc = end > base ? ckpt_heap_fresh_pages(base, (size_t)(end - base)) : 0;
    release_heap_lock();
    return rc;
}

/* ---- consistency check ---------------------------------------------------- */

#define CHECK_FAIL(...)                          \
    do {                                         \
        snprintf(err, errlen, __VA_ARGS__);      \
        goto done;                               \
    } while (0)

static int chunk_in_heap(const struct heap_header *h, const struct chunk *c)
{
    return (uintptr_t)c >= (uintptr_t)first_chunk() && (uintptr_t)c < (uintptr_t)h->top &&
           ((uintptr_t)c & (ALIGNMENT - 1)) == 0;
}

int ckpt_heap_check(char *err, size_t errlen)
{
    if (!atomic_load_explicit(&heap_ready, memory_order_acquire)) {
        snprintf(err, errlen, "checkpoint heap not initialised");
        return -1;
    }
    acquire_heap_lock();
    struct heap_header *h = header();
    int rc = -1;
    unsigned marked_bins = 0; /* lists whose chunks carry MARK, to clear afterwards */

    if (h->magic != HEAP_MAGIC || h->version != HEAP_VERSION || h->header_size != FIRST_CHUNK_OFFSET)
        CHECK_FAIL("heap header damaged (magic %#" PRIx64 ", version %u)", h->magic, h->version);
    if (!((uintptr_t)h->top >= (uintptr_t)first_chunk() && ((uintptr_t)h->top & (ALIGNMENT - 1)) == 0 &&
          (char *)h->top + CHUNK_HEADER <= mapping.writable_end))
        CHECK_FAIL("top %p outside the writable heap", (void *)h->top);
    if (h->top->head != PINUSE)
        CHECK_FAIL("top %p head %#zx, expected PINUSE only", (void *)h->top, h->top->head);

    /* 1. Every list: well-linked, chunks free and of the list's size; mark them. */
    size_t max_chunks = (size_t)((char *)h->top - (char *)first_chunk()) / MIN_CHUNK;
    size_t listed = 0;
    for (unsigned i = 0; i < NBINS; i++) {
        int bit = (int)((h->binmap[i >> 6] >> (i & 63)) & 1);
        if (bit != (h->bins[i] != NULL))
            CHECK_FAIL("list %u: bitmap bit %d but list %s", i, bit, h->bins[i] ? "non-empty" : "empty");
        struct chunk *prev = NULL;
        for (struct chunk *c = h->bins[i]; c; prev = c, c = c->next_free) {
            if (!chunk_in_heap(h, c))
                CHECK_FAIL("list %u: chunk %p outside the heap", i, (void *)c);
            if (c->head & (CINUSE | MARK))
                CHECK_FAIL("list %u: chunk %p is %s", i, (void *)c, c->head & MARK ? "listed twice" : "in use");
            if (c->prev_free != prev)
                CHECK_FAIL("list %u: chunk %p has a wrong back link", i, (void *)c);
            size_t size = chunk_size(c);
            if (size < MIN_CHUNK || size > (size_t)((char *)h->top - (char *)c) || bin_index(size) != i)
                CHECK_FAIL("list %u: chunk %p has size %zu", i, (void *)c, size);
            if (++listed > max_chunks)
                CHECK_FAIL("list %u: cycle", i);
            c->head |= MARK;
            marked_bins = i + 1;
        }
    }
    if (listed != h->free_blocks)
        CHECK_FAIL("%zu chunks in the lists, header says %zu", listed, h->free_blocks);

    /* 2. Walk every chunk from the first to top. */
    size_t live_bytes = 0, live_blocks = 0, free_seen = 0;
    int prev_in_use = 1;
    size_t prev_size = 0;
    struct chunk *c = first_chunk();
    while (c != h->top) {
        size_t size = chunk_size(c);
        if (size < MIN_CHUNK || size > (size_t)((char *)h->top - (char *)c))
            CHECK_FAIL("chunk %p: bad size %zu", (void *)c, size);
        if (!!(c->head & PINUSE) != prev_in_use)
            CHECK_FAIL("chunk %p: PINUSE bit disagrees with the previous chunk", (void *)c);
        if (!prev_in_use && c->prev_size != prev_size)
            CHECK_FAIL("chunk %p: footer of the free previous chunk says %zu, its size is %zu",
                       (void *)c, c->prev_size, prev_size);
        int in_use = !!(c->head & CINUSE);
        if (in_use) {
            if (c->head & MARK)
                CHECK_FAIL("chunk %p: in use but in a free list", (void *)c);
            live_bytes += usable_of(size);
            live_blocks++;
        } else {
            if (!prev_in_use)
                CHECK_FAIL("chunk %p: free and adjacent to a free chunk", (void *)c);
            if (!(c->head & MARK))
                CHECK_FAIL("chunk %p: free but in no list", (void *)c);
            free_seen++;
        }
        prev_in_use = in_use;
        prev_size = size;
        c = chunk_at(c, size);
    }
    if (!prev_in_use)
        CHECK_FAIL("the chunk below top is free (should have merged into top)");
    if (free_seen != listed)
        CHECK_FAIL("%zu free chunks in the heap, %zu in the lists", free_seen, listed);
    if (live_bytes != h->live_bytes || live_blocks != h->live_blocks)
        CHECK_FAIL("counters say %zu blocks / %zu bytes live, walk found %zu / %zu",
                   h->live_blocks, h->live_bytes, live_blocks, live_bytes);
    rc = 0;
done:
    /* Clear the marks (the lists up to marked_bins were validated before marking). */
    for (unsigned i = 0; i < marked_bins; i++)
        for (struct chunk *m = h->bins[i]; m && (m->head & MARK); m = m->next_free)
            m->head &= ~MARK;
    release_heap_lock();
    return rc;
}
