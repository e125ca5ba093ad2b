/* Copying the state into an image with several threads (see parallel_copy.h). */
#include "parallel_copy.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

/* One thread's part: bytes [from, to) of the pieces laid end to end. */
struct share {
    uint8_t *base;
    const struct ckpt_copy_piece *pieces;
    size_t count;
    uint64_t from, to;
};

static struct helper {
    pthread_t thread;
    struct share work;
    int pending; /* work posted and not yet done; under `lock` */
} helpers[CKPT_COPY_THREADS_MAX - 1];
static unsigned helpers_started;
static unsigned outstanding; /* helpers still copying; under `lock` */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t work_done = PTHREAD_COND_INITIALIZER;

static void copy_share(const struct share *s)
{
    uint64_t at = 0; /* where the current piece starts in the stream */
    for (size_t i = 0; i < s->count && at < s->to; at += s->pieces[i].n, i++) {
        const struct ckpt_copy_piece *p = &s->pieces[i];
        uint64_t lo = s->from > at ? s->from : at;
        uint64_t hi = s->to < at + p->n ? s->to : at + p->n;
        if (lo < hi)
            memcpy(s->base + p->dst_offset + (lo - at), (const uint8_t *)p->src + (lo - at),
                   (size_t)(hi - lo));
    }
}

static void *helper_main(void *arg)
{
    struct helper *h = arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!h->pending)
            pthread_cond_wait(&work_posted, &lock);
        struct share work = h->work;
        pthread_mutex_unlock(&lock);
        copy_share(&work);
        pthread_mutex_lock(&lock);
        h->pending = 0;
        if (--outstanding == 0)
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
        struct helper *h = &helpers[helpers_started];
        if (pthread_create(&h->thread, NULL, helper_main, h) != 0)
            break; /* copy with fewer threads */
        pthread_detach(h->thread);
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
    unsigned helpers_used = 0;
    if (threads > 1 && total >= parallel_min && total > 0)
        helpers_used = start_helpers(threads - 1);
    unsigned parts = helpers_used + 1;
    /* Part k is [total * k / parts, total * (k+1) / parts), cut at page
     * multiples of the stream so that two threads rarely write one page. */
    uint64_t cut[CKPT_COPY_THREADS_MAX + 1];
    for (unsigned k = 0; k <= parts; k++)
        cut[k] = k == parts ? total : (total / parts * k) & ~(uint64_t)4095;
    if (helpers_used) {
        pthread_mutex_lock(&lock);
        for (unsigned k = 0; k < helpers_used; k++) {
            helpers[k].work = (struct share){base, pieces, count, cut[k + 1], cut[k + 2]};
            helpers[k].pending = 1;
        }
        outstanding = helpers_used;
        pthread_cond_broadcast(&work_posted);
        pthread_mutex_unlock(&lock);
    }
    copy_share(&(struct share){base, pieces, count, cut[0], cut[1]});
    if (helpers_used) {
        pthread_mutex_lock(&lock);
        while (outstanding > 0)
            pthread_cond_wait(&work_done, &lock);
        pthread_mutex_unlock(&lock);
    }
    return parts;
}
