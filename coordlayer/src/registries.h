/* The protocol's registries (registries.c): late messages, early counts
 * and suppression, the log of non-deterministic events. */
#ifndef AALC_CL_REGISTRIES_H
#define AALC_CL_REGISTRIES_H

#include <stddef.h>
#include <stdint.h>

/* A growing array of the layer's (untracked memory): room for `needed` items. */
void *cl_grow(void *p, int *capacity, int needed, size_t item);
/* chan: cl_chan of the communicator; late messages by the communicator's
 * ranks, early counts and suppression by world ranks (they are exchanged).
 * Late messages are kept in `order` (equal ones as they come): the order in
 * which the receives that took them were posted (late_order in p2p.c), which
 * on each channel (communicator, source, tag) is the order the sender sent
 * them, whatever order the program completed the receives in. A recovery
 * hands them out per channel in that order, to receives posted again in
 * their posting order. */
void cl_late_add(int chan, int source, int tag, const void *bytes, int nbytes, uint64_t order);
/* Take the next late message of a channel (source/tag may be wildcards). 1 if found. */
int cl_late_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes);
int cl_late_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes);
void cl_early_add(int chan, int world_source, int tag);
/* 1 = this send was an early message already delivered */
int cl_suppress(int chan, int world_dest, int tag);
enum cl_event_kind {
    CL_EV_RECV = 1,
    CL_EV_TEST,
    CL_EV_TESTANY,
    CL_EV_WAITANY,
    CL_EV_SOME,
    CL_EV_INDEX,
    CL_EV_IPROBE,
    CL_EV_PROBE,
    CL_EV_WTIME
};
struct cl_event {
    int32_t kind, a, b, c;
    double value;
    uint32_t repeat, pad; /* identical events in a row (a polling loop's misses): one entry */
};
void cl_log_event(int kind, int a, int b, int c, double value);
/* Replay: the next logged event, which must be of this kind. NULL when the log is done. */
const struct cl_event *cl_replay_event(int kind, const char *call);
int cl_replay_pending(void);
/* What the wildcard receive with this posting number matched (logging), and
 * on recovery, taking it back. */
void cl_match_log(uint64_t posted, int source, int tag);
int cl_match_take(uint64_t posted, int *source, int *tag);
void cl_registries_reset_for_epoch(void);
/* Serialisation: the early registry is part of the image (saved at the local
 * checkpoint); late messages and the event log form the rank's log, written
 * when its part of the checkpoint completes. */
int cl_registries_save_early(void **bytes, size_t *n);
int cl_registries_load_early(const void *bytes, size_t n);
int cl_registries_save_log(void **bytes, size_t *n);
int cl_registries_load_log(const void *bytes, size_t n);
/* Recovery: tell every peer how many of its messages to suppress. */
void cl_registries_exchange_early(void);
void cl_replay_check_done(void);

#endif
