/* Messages a probe took out of MPI before the program received them.
 *
 * A probe must report a message's data size, which for a split message only
 * its header gives: such a message is received whole when probed and held
 * here, and the next receive that matches it takes it from here first, as
 * MPI would have delivered it. Held messages were counted by the protocol
 * when they left MPI, so they are part of the process's state: they are
 * saved with the image. */
#include "held.h"


#include <aalc/ckpt_layer_services.h>
#include <mpi.h>
#include <string.h>

struct held {
    struct held *next;
    int chan, source, tag, nbytes;
    int matched; /* > 0: a matched probe's message, taken only by its number */
    void *bytes;
};
static int last_match;

struct held *cl_held_first; /* coord.h: tested inline on every receive */
static struct held **last = &cl_held_first;

static struct held *add(int chan, int source, int tag, void *bytes, int nbytes)
{
    struct held *h = ckpt_untracked_malloc(sizeof *h);
    h->next = NULL;
    h->chan = chan;
    h->source = source;
    h->tag = tag;
    h->nbytes = nbytes;
    h->matched = 0;
    h->bytes = bytes;
    *last = h;
    last = &h->next;
    return h;
}

void cl_held_add(int chan, int source, int tag, void *bytes, int nbytes)
{
    add(chan, source, tag, bytes, nbytes);
}

static struct held **find(int chan, int source, int tag)
{
    for (struct held **p = &cl_held_first; *p; p = &(*p)->next)
        if (!(*p)->matched && chan == (*p)->chan &&
            (source == MPI_ANY_SOURCE || source == (*p)->source) &&
            (tag == MPI_ANY_TAG || tag == (*p)->tag))
            return p;
    return NULL;
}

int cl_held_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes)
{
    struct held **p = cl_held_first ? find(chan, source, tag) : NULL;
    if (!p)
        return 0;
    *src_out = (*p)->source;
    *tag_out = (*p)->tag;
    *nbytes = (*p)->nbytes;
    return 1;
}

static void unlink_into(struct held **p, int *src_out, int *tag_out, void **bytes, int *nbytes);

int cl_held_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes)
{
    struct held **p = cl_held_first ? find(chan, source, tag) : NULL;
    if (!p)
        return 0;
    unlink_into(p, src_out, tag_out, bytes, nbytes);
    return 1;
}

int cl_held_match(int chan, int source, int tag)
{
    struct held **p = cl_held_first ? find(chan, source, tag) : NULL;
    if (!p)
        return 0;
    if (++last_match >= CL_MATCHED_LIMIT)
        last_match = 1;
    (*p)->matched = last_match;
    return last_match;
}

int cl_held_take_matched(int id, int *src_out, int *tag_out, void **bytes, int *nbytes)
{
    for (struct held **p = &cl_held_first; *p; p = &(*p)->next)
        if ((*p)->matched == id) {
            unlink_into(p, src_out, tag_out, bytes, nbytes);
            return 1;
        }
    return 0;
}

static void unlink_into(struct held **p, int *src_out, int *tag_out, void **bytes, int *nbytes)
{
    struct held *h = *p;
    *src_out = h->source;
    *tag_out = h->tag;
    *nbytes = h->nbytes;
    *bytes = h->bytes;
    *p = h->next;
    if (!*p)
        last = p;
    ckpt_untracked_free(h);
}

/* Saved form: per message int32 chan, source, tag, nbytes, matched, then the bytes. */
void cl_held_save(void **bytes, size_t *n)
{
    size_t size = 0;
    for (struct held *h = cl_held_first; h; h = h->next)
        size += 5 * sizeof(int32_t) + (size_t)h->nbytes;
    unsigned char *out = ckpt_untracked_malloc(size ? size : 1), *p = out;
    for (struct held *h = cl_held_first; h; h = h->next) {
        int32_t f[5] = {h->chan, h->source, h->tag, h->nbytes, h->matched};
        memcpy(p, f, sizeof f);
        memcpy(p + sizeof f, h->bytes, (size_t)h->nbytes);
        p += sizeof f + (size_t)h->nbytes;
    }
    *bytes = out;
    *n = size;
}

int cl_held_load(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    while (p < end) {
        int32_t f[5];
        if ((size_t)(end - p) < sizeof f)
            return -1;
        memcpy(f, p, sizeof f);
        p += sizeof f;
        if (f[3] < 0 || f[4] < 0 || (size_t)(end - p) < (size_t)f[3])
            return -1;
        void *data = ckpt_untracked_malloc((size_t)f[3] + 1);
        memcpy(data, p, (size_t)f[3]);
        p += f[3];
        add(f[0], f[1], f[2], data, f[3])->matched = f[4];
        if (f[4] > last_match)
            last_match = f[4];
    }
    return 0;
}
