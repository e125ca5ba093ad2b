/* Copying the state into an image with several threads (see parallel_copy.h).
 *
 * The bytes are cut into chunks that the threads take in turn: a helper the
 * scheduler wakes late, or puts on the caller's own CPU, then takes fewer or
 * none, and the copy is never slower than the caller copying alone by more
 * than the wake-up. */
#include "parallel_copy.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

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
            memcpy(job.base + p->dst_offset + (from - start),
                   (const uint8_t *)p->src + (from - start), (size_t)(hi - from));
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

/* Up to `wanted` helpers running; returns how many there are. */
static unsigned start_helpers(unsigned wanted)
{
    if (wanted > CKPT_COPY_THREADS_MAX - 1)
        wanted = CKPT_COPY_THREADS_MAX - 1;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    while (helpers_started < wanted) {
        pthread_t *t = &helpers[helpers_started];
        if (pthread_create(t, NULL, helper_main, (void *)(uintptr_t)helpers_started) != 0)
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
    unsigned helpers_wanted = 0;
    if (threads > 1 && total >= parallel_min && total > 0)
        helpers_wanted = start_helpers(threads - 1);
    uint64_t chunk = total / ((uint64_t)(helpers_wanted + 1) * CHUNKS_PER_THREAD);
    chunk = chunk < CHUNK_MIN ? CHUNK_MIN : (chunk + 4095) & ~(uint64_t)4095;
    pthread_mutex_lock(&lock);
    job = (struct copy_job){base, pieces, count, total, chunk, helpers_wanted};
    atomic_store(&next_chunk, 0);
    helpers_that_copied = 0;
    if (helpers_wanted) {
        generation++;
        job_open = 1;
        pthread_cond_broadcast(&work_posted);
    }
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
