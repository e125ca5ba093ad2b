/* The three registries of the protocol:
 *   late     data of messages sent before the sender's checkpoint and received
 *            after ours; replayed to the receives that take them on recovery;
 *   early    how many messages per channel arrived from a sender that had
 *            already checkpointed; on recovery the sender suppresses them;
 *   events   outcomes of non-deterministic calls after our checkpoint, until
 *            every rank had saved; replayed in order on recovery;
 *   matches  what each wildcard receive completed in that window matched,
 *            keyed by its posting number: on recovery the receive is posted
 *            for that source and tag at once, so it takes its place in MPI's
 *            matching order (a later specific receive cannot take its message).
 * Channels are (communicator, peer, tag); the communicator by its channel
 * number (objects.h), which all its members agree on. */
#include "registries.h"

#include "coll.h"
#include "coord.h"
#include "section_bytes.h"


#include <aalc/ckpt_layer_services.h>
#include <string.h>

struct late_message {
    int32_t chan, source, tag, nbytes; /* what the log saves of it, with the bytes */
    unsigned char *bytes;
    uint64_t order; /* see cl_late_add */
};
struct channel_count {
    int32_t peer, tag, count, chan;
};
#define CHANNEL_INTS 4

static struct late_message *late;
static int nlate, late_capacity;
static struct channel_count *early, *suppress;
static int nearly, early_capacity, nsuppress;
static struct cl_event *events;
static int nevents, events_capacity, replay_next, nreplay;
struct wildcard_match {
    uint64_t posted;
    int32_t source, tag;
};
static struct wildcard_match *wildcard_matches;
static int nmatches, matches_capacity;

void *cl_grow(void *p, int *capacity, int needed, size_t item)
{
    if (needed <= *capacity)
        return p;
    int want = *capacity ? *capacity * 2 : 64;
    while (want < needed)
        want *= 2;
    p = ckpt_untracked_realloc(p, (size_t)want * item);
    if (!p)
        ckpt_fatal("out of memory in the coordination layer");
    *capacity = want;
    return p;
}

void cl_late_add(int chan, int source, int tag, const void *bytes, int nbytes, uint64_t order)
{
    late = cl_grow(late, &late_capacity, nlate + 1, sizeof *late);
    int at = nlate;
    while (at > 0 && late[at - 1].order > order)
        at--;
    memmove(&late[at + 1], &late[at], sizeof *late * (size_t)(nlate - at));
    nlate++;
    struct late_message *m = &late[at];
    m->chan = chan;
    m->source = source;
    m->tag = tag;
    m->nbytes = nbytes;
    m->order = order;
    m->bytes = ckpt_untracked_malloc(nbytes > 0 ? (size_t)nbytes : 1);
    memcpy(m->bytes, bytes, (size_t)nbytes);
}

static int channel_matches(int want_source, int want_tag, int source, int tag)
{
    return (want_source == MPI_ANY_SOURCE || want_source == source) &&
           (want_tag == MPI_ANY_TAG || want_tag == tag);
}

int cl_late_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes)
{
    for (int i = 0; i < nlate; i++)
        if (late[i].chan == chan && channel_matches(source, tag, late[i].source, late[i].tag)) {
            *src_out = late[i].source;
            *tag_out = late[i].tag;
            *nbytes = late[i].nbytes;
            return 1;
        }
    return 0;
}

int cl_late_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes)
{
    for (int i = 0; i < nlate; i++)
        if (late[i].chan == chan && channel_matches(source, tag, late[i].source, late[i].tag)) {
            *src_out = late[i].source;
            *tag_out = late[i].tag;
            *nbytes = late[i].nbytes;
            *bytes = late[i].bytes; /* the caller frees it with ckpt_untracked_free */
            memmove(&late[i], &late[i + 1], sizeof *late * (size_t)(nlate - i - 1));
            nlate--;
            cl.counters.replayed_late++;
            cl_replay_check_done();
            return 1;
        }
    return 0;
}

static void count_channel(struct channel_count **table, int *n, int *capacity, int chan,
                          int peer, int tag, int by)
{
    for (int i = 0; i < *n; i++)
        if ((*table)[i].peer == peer && (*table)[i].tag == tag && (*table)[i].chan == chan) {
            (*table)[i].count += by;
            return;
        }
    *table = cl_grow(*table, capacity, *n + 1, sizeof **table);
    struct channel_count c = {peer, tag, by, chan};
    (*table)[(*n)++] = c;
}

void cl_early_add(int chan, int world_source, int tag)
{
    count_channel(&early, &nearly, &early_capacity, chan, world_source, tag, 1);
}

int cl_suppress(int chan, int world_dest, int tag)
{
    for (int i = 0; i < nsuppress; i++)
        if (suppress[i].peer == world_dest && suppress[i].tag == tag &&
            suppress[i].chan == chan && suppress[i].count > 0) {
            suppress[i].count--;
            cl.counters.suppressed_early++;
            cl_replay_check_done();
            return 1;
        }
    return 0;
}

void cl_log_event(int kind, int a, int b, int c, double value)
{
    cl.counters.nondet++;
    if (nevents > nreplay) {
        struct cl_event *last = &events[nevents - 1];
        if (last->kind == kind && last->a == a && last->b == b && last->c == c &&
            last->value == value) {
            last->repeat++;
            return;
        }
    }
    events = cl_grow(events, &events_capacity, nevents + 1, sizeof *events);
    struct cl_event e = {kind, a, b, c, value, 1, 0};
    events[nevents++] = e;
}

const struct cl_event *cl_replay_event(int kind, const char *call)
{
    if (replay_next >= nreplay)
        return NULL;
    static struct cl_event current; /* the caller reads it before the next replay */
    struct cl_event *e = &events[replay_next];
    if (e->kind != kind)
        ckpt_fatal("replaying non-deterministic events: %s does not match the logged event "
                   "(kind %d, expected %d); the program did not take the same path after "
                   "recovery", call, e->kind, kind);
    current = *e;
    if (--e->repeat == 0)
        replay_next++;
    cl.counters.replayed_nondet++;
    if (replay_next == nreplay) {
        nevents = nreplay = replay_next = 0; /* new events are logged from here on */
        cl_replay_check_done();
    }
    return &current;
}

void cl_match_log(uint64_t posted, int source, int tag)
{
    cl.counters.nondet++;
    wildcard_matches =
        cl_grow(wildcard_matches, &matches_capacity, nmatches + 1, sizeof *wildcard_matches);
    struct wildcard_match m = {posted, source, tag};
    wildcard_matches[nmatches++] = m;
}

int cl_match_take(uint64_t posted, int *source, int *tag)
{
    for (int i = 0; i < nmatches; i++)
        if (wildcard_matches[i].posted == posted) {
            *source = wildcard_matches[i].source;
            *tag = wildcard_matches[i].tag;
            wildcard_matches[i] = wildcard_matches[--nmatches];
            cl.counters.replayed_nondet++;
            cl_replay_check_done();
            return 1;
        }
    return 0;
}

int cl_replay_pending(void)
{
    return replay_next < nreplay;
}

void cl_replay_check_done(void)
{
    if (!cl.replaying || nlate > 0 || replay_next < nreplay || nmatches > 0 ||
        cl_coll_replay_pending())
        return;
    for (int i = 0; i < nsuppress; i++)
        if (suppress[i].count > 0)
            return;
    cl.replaying = 0;
}

/* Called when a new local checkpoint is taken: registries start afresh. */
void cl_registries_reset_for_epoch(void)
{
    nearly = 0;
    for (int i = 0; i < nlate; i++)
        ckpt_untracked_free(late[i].bytes);
    nlate = 0;
    nevents = nreplay = replay_next = 0;
    nmatches = 0;
}

/* ---- serialisation ---- */

int cl_registries_save_early(void **bytes, size_t *n)
{
    struct cl_section_bytes b = {0};
    int32_t count = nearly;
    cl_section_put(&b, &count, sizeof count);
    cl_section_put(&b, early, sizeof *early * (size_t)nearly);
    *bytes = b.p;
    *n = b.n;
    nearly = 0; /* these belong to the checkpoint just taken */
    return 0;
}

int cl_registries_load_early(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int32_t count;
    if (cl_section_take(&p, end, &count, sizeof count) || count < 0 ||
        (size_t)(end - p) != sizeof *early * (size_t)count)
        return -1;
    early = cl_grow(early, &early_capacity, count, sizeof *early);
    memcpy(early, p, sizeof *early * (size_t)count);
    nearly = count;
    return 0;
}

int cl_registries_save_log(void **bytes, size_t *n)
{
    struct cl_section_bytes b = {0};
    int32_t counts[3] = {nlate, nevents, nmatches};
    cl_section_put(&b, counts, sizeof counts);
    for (int i = 0; i < nlate; i++) {
        cl_section_put(&b, &late[i], 4 * sizeof(int32_t));
        cl_section_put(&b, late[i].bytes, (size_t)late[i].nbytes);
    }
    cl_section_put(&b, events, sizeof *events * (size_t)nevents);
    cl_section_put(&b, wildcard_matches, sizeof *wildcard_matches * (size_t)nmatches);
    *bytes = b.p;
    *n = b.n;
    return 0;
}

int cl_registries_load_log(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int32_t counts[3];
    if (cl_section_take(&p, end, counts, sizeof counts) || counts[0] < 0 || counts[1] < 0 ||
        counts[2] < 0)
        return -1;
    for (int i = 0; i < counts[0]; i++) {
        int32_t head[4];
        if (cl_section_take(&p, end, head, sizeof head) || head[3] < 0 || end - p < head[3])
            return -1;
        cl_late_add(head[0], head[1], head[2], p, head[3], 0); /* in the order saved */
        p += head[3];
    }
    if ((size_t)(end - p) != sizeof *events * (size_t)counts[1] +
                                sizeof *wildcard_matches * (size_t)counts[2])
        return -1;
    events = cl_grow(events, &events_capacity, counts[1], sizeof *events);
    memcpy(events, p, sizeof *events * (size_t)counts[1]);
    p += sizeof *events * (size_t)counts[1];
    nevents = nreplay = counts[1];
    replay_next = 0;
    wildcard_matches =
        cl_grow(wildcard_matches, &matches_capacity, counts[2], sizeof *wildcard_matches);
    memcpy(wildcard_matches, p, sizeof *wildcard_matches * (size_t)counts[2]);
    nmatches = counts[2];
    return 0;
}

/* Recovery: every rank tells each sender how many of its messages it already
 * holds (the early ones); the sender will suppress that many re-sends. */
void cl_registries_exchange_early(void)
{
    int *outgoing = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    int *incoming = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    int *sdispl = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    int *rdispl = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    memset(outgoing, 0, sizeof(int) * (size_t)cl.size);
    /* Sorted by peer: entries for peer r are contiguous. */
    struct channel_count *sorted = ckpt_untracked_malloc(sizeof *sorted * (size_t)(nearly + 1));
    int k = 0;
    for (int r = 0; r < cl.size; r++)
        for (int i = 0; i < nearly; i++)
            if (early[i].peer == r) {
                sorted[k] = early[i];
                sorted[k++].peer = cl.rank; /* for the receiver of this list: the dest */
                outgoing[r] += CHANNEL_INTS;
            }
    PMPI_Alltoall(outgoing, 1, MPI_INT, incoming, 1, MPI_INT, cl.control);
    int total = 0;
    for (int r = 0, s = 0; r < cl.size; r++) {
        sdispl[r] = s;
        s += outgoing[r];
        rdispl[r] = total;
        total += incoming[r];
    }
    struct channel_count *received =
        ckpt_untracked_malloc(sizeof(int) * (size_t)(total + CHANNEL_INTS));
    PMPI_Alltoallv(sorted, outgoing, sdispl, MPI_INT, received, incoming, rdispl, MPI_INT,
                   cl.control);
    nsuppress = 0;
    int suppress_capacity = 0;
    suppress = NULL;
    for (int i = 0; i < total / CHANNEL_INTS; i++)
        count_channel(&suppress, &nsuppress, &suppress_capacity, received[i].chan,
                      received[i].peer, received[i].tag, received[i].count);
    nearly = 0;
    ckpt_untracked_free(outgoing);
    ckpt_untracked_free(incoming);
    ckpt_untracked_free(sdispl);
    ckpt_untracked_free(rdispl);
    ckpt_untracked_free(sorted);
    ckpt_untracked_free(received);
}
