/* Copying the state into an image with several threads (see parallel_copy.h).
 *
 * The bytes are cut into chunks that the threads take in turn: a helper the
 * scheduler wakes late, or puts on the caller's own CPU, takes fewer chunks
 * or none, and the caller copies the rest.
 *
 * A large copy is made with non-temporal stores: the image is not read
 * again by the program, and a plain store first reads the destination's
 * line into the cache, a third stream of memory traffic on top of reading
 * the state and writing the image. */
#include "parallel_copy.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/* Below this in all, the state may fit in the caches, where the writer
 * thread's checksum finds it: plain memcpy. */
#define STREAM_MIN ((uint64_t)1 << 20)

/* memcpy with stores that bypass the caches (x86-64; memcpy elsewhere). */
static void stream_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
#if defined(__x86_64__)
    size_t head = (16 - ((uintptr_t)dst & 15)) & 15;
    if (n < head + 64) {
        memcpy(dst, src, n);
        return;
    }
    memcpy(dst, src, head);
    dst += head, src += head, n -= head;
    for (; n >= 64; dst += 64, src += 64, n -= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)src);
        __m128i b = _mm_loadu_si128((const __m128i *)(src + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(src + 32));
        __m128i d = _mm_loadu_si128((const __m128i *)(src + 48));
        _mm_stream_si128((__m128i *)dst, a);
        _mm_stream_si128((__m128i *)(dst + 16), b);
        _mm_stream_si128((__m128i *)(dst + 32), c);
        _mm_stream_si128((__m128i *)(dst + 48), d);
    }
    memcpy(dst, src, n);
    _mm_sfence(); /* the stores are weakly ordered: done before the thread says so */
#else
    memcpy(dst, src, n);
#endif
}

static void copy_bytes(uint8_t *dst, const void *src, size_t n, int streaming)
{
    if (streaming)
        stream_copy(dst, src, n);
    else
        memcpy(dst, src, n);
}

/* Chunks are at least this large (a lock-free counter step per chunk), and
 * there are about this many per thread, so that the last one is short. */
#define CHUNK_MIN ((uint64_t)64 << 10)
#define CHUNKS_PER_THREAD 8

static struct copy_job {
    uint8_t *base;
    const struct ckpt_copy_piece *pieces;
    size_t count;
    uint64_t total, chunk;
    unsigned helpers_wanted;
    int streaming;
} job;
static atomic_uint_fast64_t next_chunk;

static pthread_t helpers[CKPT_COPY_THREADS_MAX - 1];
static unsigned helpers_started;
/* Under `lock`: which job was posted last, whether threads may still join
 * it, and how many helpers are copying for it. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t work_done = PTHREAD_COND_INITIALIZER;
static unsigned generation, helpers_in_job, helpers_that_copied;
static int job_open;

/* A thread's walk through the pieces; its chunks come in increasing order. */
struct cursor {
    size_t piece;
    uint64_t piece_start; /* where that piece starts in the bytes laid end to end */
};

static void copy_range(struct cursor *c, uint64_t from, uint64_t to)
{
    while (c->piece < job.count && c->piece_start + job.pieces[c->piece].n <= from) {
        c->piece_start += job.pieces[c->piece].n;
        c->piece++;
    }
    uint64_t start = c->piece_start;
    for (size_t i = c->piece; i < job.count && from < to; i++) {
        const struct ckpt_copy_piece *p = &job.pieces[i];
        uint64_t end = start + p->n, hi = to < end ? to : end;
        if (from < hi) {
            copy_bytes(job.base + p->dst_offset + (from - start),
                       (const uint8_t *)p->src + (from - start), (size_t)(hi - from), job.streaming);
            from = hi;
        }
        start = end;
    }
}

/* Take chunks until none is left; returns how many this thread copied. */
static uint64_t copy_chunks(void)
{
    struct cursor c = {0, 0};
    uint64_t chunks = (job.total + job.chunk - 1) / job.chunk, copied = 0;
    for (uint64_t k; (k = atomic_fetch_add(&next_chunk, 1)) < chunks; copied++) {
        uint64_t from = k * job.chunk;
        copy_range(&c, from, from + job.chunk < job.total ? from + job.chunk : job.total);
    }
    return copied;
}

static void *helper_main(void *arg)
{
    unsigned index = (unsigned)(uintptr_t)arg, joined = 0;
    pthread_mutex_lock(&lock);
    for (;;) {
        /* Join each job once, while it is open, if it wants this many helpers. */
        while (!job_open || joined == generation || index >= job.helpers_wanted)
            pthread_cond_wait(&work_posted, &lock);
        joined = generation;
        helpers_in_job++;
        pthread_mutex_unlock(&lock);
        uint64_t copied = copy_chunks();
        pthread_mutex_lock(&lock);
        helpers_that_copied += copied > 0;
        if (--helpers_in_job == 0)
            pthread_cond_signal(&work_done);
    }
    return NULL;
}

/* A child of fork has none of the helpers, and `lock` may have been held by
 * one of them at the fork: it starts afresh. */
static void before_fork(void) { pthread_mutex_lock(&lock); }
static void after_fork_parent(void) { pthread_mutex_unlock(&lock); }
static void after_fork_child(void)
{
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&work_posted, NULL);
    pthread_cond_init(&work_done, NULL);
    helpers_started = helpers_in_job = 0;
    job_open = 0;
}

/* Up to `wanted` helpers running; returns how many there are. */
static unsigned start_helpers(unsigned wanted)
{
    static int fork_handlers;
    if (wanted > CKPT_COPY_THREADS_MAX - 1)
        wanted = CKPT_COPY_THREADS_MAX - 1;
    if (helpers_started >= wanted)
        return wanted;
    if (!fork_handlers && pthread_atfork(before_fork, after_fork_parent, after_fork_child) == 0)
        fork_handlers = 1;
    if (!fork_handlers)
        return 0; /* a fork could leave a child with `lock` held: copy alone */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    while (helpers_started < wanted) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, (size_t)64 << 10); /* a loop over memcpy */
        pthread_t *t = &helpers[helpers_started];
        int rc = pthread_create(t, &attr, helper_main, (void *)(uintptr_t)helpers_started);
        pthread_attr_destroy(&attr);
        if (rc != 0)
            break; /* copy with fewer threads */
        pthread_detach(*t);
        helpers_started++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return helpers_started < wanted ? helpers_started : wanted;
}

unsigned ckpt_parallel_copy(uint8_t *base, const struct ckpt_copy_piece *pieces, size_t count,
                            unsigned threads, size_t parallel_min)
{
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++)
        total += pieces[i].n;
    int streaming = total >= STREAM_MIN;
    unsigned helpers_wanted = 0;
    if (threads > 1 && total >= parallel_min && total > 0)
        helpers_wanted = start_helpers(threads - 1);
    if (helpers_wanted == 0) { /* alone: piece by piece, nothing shared */
        for (size_t i = 0; i < count; i++)
            copy_bytes(base + pieces[i].dst_offset, pieces[i].src, pieces[i].n, streaming);
        return 1;
    }
    uint64_t chunk = total / ((uint64_t)(helpers_wanted + 1) * CHUNKS_PER_THREAD);
    chunk = chunk < CHUNK_MIN ? CHUNK_MIN : (chunk + 4095) & ~(uint64_t)4095;
    pthread_mutex_lock(&lock);
    job = (struct copy_job){base, pieces, count, total, chunk, helpers_wanted, streaming};
    atomic_store(&next_chunk, 0);
    helpers_that_copied = 0;
    generation++;
    job_open = 1;
    pthread_cond_broadcast(&work_posted);
    pthread_mutex_unlock(&lock);
    copy_chunks();
    pthread_mutex_lock(&lock);
    /* Helpers not yet in stay out: every chunk is taken. */
    job_open = 0;
    while (helpers_in_job > 0)
        pthread_cond_wait(&work_done, &lock);
    unsigned copied_with = 1 + helpers_that_copied;
    pthread_mutex_unlock(&lock);
    return copied_with;
}
