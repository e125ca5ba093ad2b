/* Epochs, message counts, the control channel and the coordinator (rank 0).
 *
 * Control messages (five int64: kind, checkpoint, value, sender, name) travel on a
 * private duplicate of MPI_COMM_WORLD and are polled at MPI calls and at
 * potential points:
 *   REQUEST   any -> 0    a trigger fired: please start a checkpoint
 *   START n   0 -> all    take your local checkpoint n at your next potential point
 *   SENT n c  p -> q      p sent c messages to q in the epoch that checkpoint n ended
 *   COLLSEQ n c name  p -> 0  p had called c collectives on communicator `name`
 *                          at its checkpoint (sent before SAVED; coll.h)
 *   SAVED n   p -> 0      p's image of n is durable
 *   COLLMAX n c name  0 -> all  the highest such count: log collectives up to it
 *   ALL_SAVED 0 -> all    every image is durable: stop logging
 *   COMPLETE  p -> 0      p's late messages and event log are durable too
 *   COMMITTED n flush  0 -> all  the checkpoint exists; flush=1: copy your files
 *                          of it to CKPT_DIR (levels.h)
 *   FLUSHED n ok  p -> 0  p's flush of n ended: once all have, n is committed
 *                          in CKPT_DIR too
 *   STORED n  q -> p      q stored p's partner copy of n (partner.h): p's part
 *                          is complete once that is so
 *   VOTE n keep+members key  p -> 0  per creation of communicators p holds:
 *                          may they go (comm_release.h)? (sent before SAVED)
 *   RELEASE n key  0 -> all  nobody keeps them: forget them when n commits
 *   CANCEL n  p -> 0      p cannot take part in n (its image or log failed, or
 *                          it is shutting down)
 *   ABORT n   0 -> all    n is given up: forget it and remove your files of it
 *   FINALIZING, DONE: shutting down without leaving anyone waiting */
#include "protocol.h"

#include "bsend.h"
#include "coll.h"
#include "comm_release.h"
#include "coord.h"
#include "layer.h"
#include "levels.h"
#include "partner.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <aalc/ckpt.h>
#include <aalc/ckpt_layer.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cl_state cl;

enum control_kind {
    CTRL_REQUEST = 1, CTRL_START, CTRL_SENT, CTRL_SAVED, CTRL_ALL_SAVED, CTRL_COMPLETE,
    CTRL_COMMITTED, CTRL_FINALIZING, CTRL_ABORT, CTRL_DONE, CTRL_COLLSEQ, CTRL_COLLMAX,
    CTRL_CANCEL, CTRL_VOTE, CTRL_RELEASE, CTRL_FLUSHED, CTRL_STORED
};
#define CONTROL_WORDS 5
#define CONTROL_TAG 1
#define POLL_EVERY 32 /* MPI calls between control-channel polls when nothing is going on */

/* Coordinator's view of the checkpoint in progress. */
static int saved_count, complete_count, finalizing_count, done, done_sent;
static unsigned char *finalizing; /* coordinator: which ranks are shutting down */
static uint64_t *sent_report; /* what we tell peers at our local checkpoint */
static int64_t *expected_early; /* SENT counts for a checkpoint we have not taken yet */
static uint64_t taken;          /* the last checkpoint whose local part we took */
static uint64_t last_started;   /* coordinator: numbers are never used twice in a run */
static void handle(const int64_t m[CONTROL_WORDS]);
static void cancel(uint64_t n);
static void advance_epoch(void);
/* Control messages sent to and received from each rank: at shutdown every
 * rank drains what was sent to it, so that none is left in flight. */
static uint64_t *control_sent, *control_received;
/* Test knob CKPT_DEBUG_SKEW=N: odd ranks pass N potential points after START
 * before they take their local checkpoint, so that messages cross the
 * recovery line in both directions (late and early) even in programs whose
 * ranks reach their potential points in lock-step. */
static long debug_skew, skew_left;
int cl_write_log(uint64_t n);

static void control_send_named(int dest, int kind, uint64_t n, int64_t value, uint64_t name)
{
    int64_t m[CONTROL_WORDS] = {kind, (int64_t)n, value, cl.rank, (int64_t)name};
    if (dest == cl.rank) {
        handle(m);
        return;
    }
    control_sent[dest]++;
    PMPI_Send(m, CONTROL_WORDS, MPI_INT64_T, dest, CONTROL_TAG, cl.control);
}

static void control_send(int dest, int kind, uint64_t n, int64_t value)
{
    control_send_named(dest, kind, n, value, 0);
}

/* The collective counts of our checkpoint (to the coordinator), and the
 * highest ones (from it). */
static uint64_t counts_for;
static void send_count(uint64_t name, uint64_t seq)
{
    control_send_named(0, CTRL_COLLSEQ, counts_for, (int64_t)seq, name);
}
static void send_highest(int rank, uint64_t name, uint64_t seq)
{
    control_send_named(rank, CTRL_COLLMAX, counts_for, (int64_t)seq, name);
}

static void send_vote(uint64_t key, int keep, uint32_t members)
{
    control_send_named(0, CTRL_VOTE, counts_for, (int64_t)members << 1 | (keep != 0), key);
}
static void send_release(int rank, uint64_t key)
{
    control_send_named(rank, CTRL_RELEASE, counts_for, 0, key);
}

static void broadcast_value(int kind, uint64_t n, int64_t value)
{
    for (int r = 0; r < cl.size; r++)
        control_send(r, kind, n, value);
}

static void broadcast(int kind, uint64_t n)
{
    broadcast_value(kind, n, 0);
}

/* Why a checkpoint is given up (the value of CTRL_CANCEL and CTRL_ABORT):
 * a failure on some rank, or the program reaching its end first, which is
 * normal and must not read like a failure at the end of a verbose run. */
enum { GIVEN_UP_FAILED = 0, GIVEN_UP_PROGRAM_ENDED = 1 };

static uint64_t *counts(void)
{
    uint64_t *p = ckpt_untracked_malloc(sizeof *p * (size_t)cl.size);
    memset(p, 0, sizeof *p * (size_t)cl.size);
    return p;
}

void cl_protocol_init(void)
{
    PMPI_Comm_rank(MPI_COMM_WORLD, &cl.rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &cl.size);
    PMPI_Comm_dup(MPI_COMM_WORLD, &cl.control);
    PMPI_Comm_dup(MPI_COMM_WORLD, &cl.data);
    int *tag_ub, found = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &found);
    cl.tag_ub = found ? *tag_ub : 32767;
    cl.split_seq = (uint32_t *)ckpt_untracked_malloc(sizeof *cl.split_seq * (size_t)cl.size);
    memset(cl.split_seq, 0, sizeof *cl.split_seq * (size_t)cl.size);
    cl.sent = counts();
    cl.recv_current = counts();
    cl.recv_previous = counts();
    cl.recv_next = counts();
    sent_report = counts();
    cl.expected_previous = (int64_t *)counts();
    expected_early = (int64_t *)counts();
    for (int r = 0; r < cl.size; r++)
        cl.expected_previous[r] = expected_early[r] = -1;
    cl.poll_countdown = POLL_EVERY;
    cl.epoch_committed = 1; /* epoch 0: no checkpoint began it */
    control_sent = counts();
    control_received = counts();
    finalizing = ckpt_untracked_malloc((size_t)cl.size);
    memset(finalizing, 0, (size_t)cl.size);
    /* Test knob CKPT_DEBUG_NO_ALONE=1: this rank always splits data longer
     * than the combine limit, as between a checkpoint and its commit. */
    const char *no_alone = getenv("CKPT_DEBUG_NO_ALONE");
    cl.send_alone = !(no_alone && *no_alone && strcmp(no_alone, "0") != 0);
    const char *skew = getenv("CKPT_DEBUG_SKEW");
    if (skew && cl.rank % 2 == 1)
        debug_skew = strtol(skew, NULL, 10);
}

/* Coordinator: everyone is shutting down and nothing is in progress. */
static void maybe_done(void)
{
    /* Not before a flush under way is committed in CKPT_DIR (levels.h):
     * the ranks report it from the loop in cl_finalize_protocol. */
    if (cl.rank == 0 && !done_sent && finalizing_count == cl.size && !cl.in_progress &&
        !cl_levels_flush_pending()) {
        done_sent = 1;
        broadcast(CTRL_DONE, 0);
    }
}

static int late_messages_all_in(void)
{
    for (int r = 0; r < cl.size; r++)
        if (cl.expected_previous[r] < 0 || (int64_t)cl.recv_previous[r] < cl.expected_previous[r])
            return 0;
    return 1;
}

/* Our part of the checkpoint is complete once the late messages are in and
 * the log window has closed: write the log and tell the coordinator; with
 * partner copies, once the partner has stored ours too (STORED). */
void cl_check_complete(void)
{
    if (!cl.local_saved || cl.logging || !cl.late_capture || !late_messages_all_in() ||
        !cl_coll_window_closed())
        return;
    cl.late_capture = 0;
    if (cl_write_log(cl.in_progress) != 0)
        cancel(cl.in_progress);
    else if (!cl_partner_active())
        control_send(0, CTRL_COMPLETE, cl.in_progress, 0);
    else if (cl_partner_send(cl.in_progress) != 0)
        cancel(cl.in_progress);
}

static void start_checkpoint(void)
{
    if (cl.in_progress || cl.finalizing || finalizing_count > 0)
        return;
    /* Not a number given up earlier in this run, whose directory may be gone
     * already: a rank still cleaning up after it would take the new one's files. */
    uint64_t n = ckpt_store_highest(ckpt_options_dir());
    if (n < cl_levels_number_floor())
        n = cl_levels_number_floor();
    if (n < cl.last_committed)
        n = cl.last_committed;
    if (n < last_started)
        n = last_started;
    last_started = n + 1;
    saved_count = complete_count = 0;
    cl_coll_collect_reset();
    cl_comm_release_tally_reset();
    broadcast(CTRL_START, n + 1);
}

/* Remove this rank's files of a checkpoint that will not be committed. An
 * image still being written is removed again when it is announced. */
static void discard(uint64_t n)
{
    ckpt_store_discard(ckpt_options_dir(), n, (uint32_t)cl.rank);
    if (ckpt_levels_local()) /* where an image goes when the local level is full */
        ckpt_store_discard(ckpt_options_shared_dir(), n, (uint32_t)cl.rank);
}

static void abandon(uint64_t n, int64_t why)
{
    if (cl.in_progress != n)
        return;
    if (why == GIVEN_UP_PROGRAM_ENDED)
        ckpt_info(1, "checkpoint %llu not taken: the program ended first", (unsigned long long)n);
    else
        ckpt_info(1, "checkpoint %llu abandoned", (unsigned long long)n);
    discard(n);
    cl_partner_forget(n);
    /* Not reached by this rank's program yet: it leaves the epoch here all the
     * same, without an image. The ranks that took n are one epoch ahead, and
     * the next checkpoint would put them two ahead of this one. */
    if (cl.start_pending)
        advance_epoch();
    cl.in_progress = 0;
    cl.start_pending = cl.local_saved = cl.logging = cl.late_capture = 0;
    cl.requested = 0;
    cl_coll_window_abandon();
    cl_comm_release_settled(0);
    ckpt_layer_checkpoint_settled(n, 0);
}

/* This rank cannot take part in checkpoint n: give it up here at once (so
 * that nothing waits for our part of it) and have the coordinator give it up
 * everywhere. */
static void cancel(uint64_t n)
{
    abandon(n, GIVEN_UP_FAILED);
    control_send(0, CTRL_CANCEL, n, GIVEN_UP_FAILED);
}

static void handle(const int64_t m[CONTROL_WORDS])
{
    uint64_t n = (uint64_t)m[1];
    int from = (int)m[3];
    switch (m[0]) {
    case CTRL_REQUEST:
        start_checkpoint();
        break;
    case CTRL_START:
        if (cl.finalizing) { /* too late for us: the checkpoint cannot complete */
            control_send(0, CTRL_CANCEL, n, GIVEN_UP_PROGRAM_ENDED);
            break;
        }
        cl.in_progress = n;
        cl.start_pending = 1;
        skew_left = debug_skew;
        ckpt_request_checkpoint(); /* the next potential point takes it */
        break;
    case CTRL_SENT:
        if (taken == n) {
            cl.expected_previous[from] = m[2];
            cl_check_complete();
        } else if (n > taken) {
            expected_early[from] = m[2]; /* the peer was faster: ours comes at our checkpoint */
        }
        /* else: of a checkpoint given up before it arrived; a later one has
         * begun this epoch and brings its own count */
        break;
    case CTRL_COLLSEQ:
        if (n == cl.in_progress)
            cl_coll_collect((uint64_t)m[4], (uint64_t)m[2]);
        break;
    case CTRL_COLLMAX:
        cl_coll_target((uint64_t)m[4], (uint64_t)m[2]);
        break;
    case CTRL_VOTE:
        if (n == cl.in_progress)
            cl_comm_release_tally((uint64_t)m[4], (int)(m[2] & 1), (uint32_t)(m[2] >> 1));
        break;
    case CTRL_RELEASE:
        if (n == cl.in_progress)
            cl_comm_release_agreed((uint64_t)m[4]);
        break;
    case CTRL_SAVED: /* (of a checkpoint given up since: not counted towards the next) */
        if (n == cl.in_progress && ++saved_count == cl.size) {
            counts_for = n;
            cl_coll_announce(send_highest, cl.size);
            cl_comm_release_announce(send_release, cl.size);
            broadcast(CTRL_ALL_SAVED, n);
        }
        break;
    case CTRL_ALL_SAVED:
        cl.logging = 0;
        cl_coll_targets_known();
        cl_check_complete();
        break;
    case CTRL_COMPLETE:
        if (n == cl.in_progress && ++complete_count == cl.size) {
            char err[PATH_MAX + 128];
            if (ckpt_debug_fail("commit", n, 0)) {
                snprintf(err, sizeof err, "%s: CKPT_DEBUG_FAIL: injected I/O error committing",
                         ckpt_options_dir());
                ckpt_warn("checkpoint %llu not committed: %s", (unsigned long long)n, err);
                broadcast(CTRL_ABORT, n);
            } else if (ckpt_job_record(ckpt_options_dir(), n, (uint32_t)cl.size, err,
                                       sizeof err) != 0 ||
                ckpt_store_commit(ckpt_options_dir(), n, (uint32_t)cl.size, err, sizeof err) != 0) {
                ckpt_warn("checkpoint %llu not committed: %s", (unsigned long long)n, err);
                broadcast(CTRL_ABORT, n);
            } else {
                ckpt_store_prune_later(ckpt_options_dir(), ckpt_options_keep(), n);
                broadcast_value(CTRL_COMMITTED, n, cl_levels_flush_due(n));
            }
        }
        break;
    case CTRL_COMMITTED:
        ckpt_info(1, "checkpoint %llu committed in %s", (unsigned long long)n, ckpt_options_dir());
        cl.last_committed = n;
        cl.epoch_committed = 1; /* n began our epoch: every rank took it */
        cl.in_progress = 0;
        cl.local_saved = cl.requested = 0;
        cl_comm_release_settled(1); /* before the next checkpoint can start */
        cl_levels_committed(n, (int)m[2]);
        ckpt_layer_checkpoint_settled(n, 1);
        break;
    case CTRL_FLUSHED:
        cl_levels_flushed(n, (int)m[2]);
        break;
    case CTRL_STORED:
        cl_partner_stored(n);
        if (n == cl.in_progress)
            control_send(0, CTRL_COMPLETE, n, 0);
        break;
    case CTRL_FINALIZING:
        if (!finalizing[from]) {
            finalizing[from] = 1;
            finalizing_count++;
        }
        /* It stopped without saving the checkpoint in progress: give that one up. */
        if (cl.in_progress && !(n == cl.in_progress && m[2]))
            broadcast_value(CTRL_ABORT, cl.in_progress, GIVEN_UP_PROGRAM_ENDED);
        break;
    case CTRL_CANCEL: /* coordinator: a rank cannot take part, so nobody does */
        if (n == cl.in_progress || n == last_started)
            broadcast_value(CTRL_ABORT, n, m[2]);
        break;
    case CTRL_ABORT:
        abandon(n, m[2]);
        break;
    case CTRL_DONE:
        done = 1;
        break;
    }
    maybe_done();
}

static void send_stored(int source, uint64_t n, int ok)
{
    if (ok)
        control_send(source, CTRL_STORED, n, 0);
    else
        cancel(n);
}

static void poll_control(void)
{
    for (;;) {
        int flag = 0;
        MPI_Status st;
        PMPI_Iprobe(MPI_ANY_SOURCE, CONTROL_TAG, cl.control, &flag, &st);
        if (!flag)
            return;
        int64_t m[CONTROL_WORDS];
        PMPI_Recv(m, CONTROL_WORDS, MPI_INT64_T, st.MPI_SOURCE, CONTROL_TAG, cl.control,
                  MPI_STATUS_IGNORE);
        control_received[st.MPI_SOURCE]++;
        handle(m);
    }
}

void cl_poll_now(void)
{
    poll_control();
    /* Partner copies that came (partner.h): stored, then STORED to their sender. */
    cl_partner_poll(cl.in_progress, send_stored);
}

/* This rank's flush to CKPT_DIR has ended: the coordinator commits it there
 * once every rank's has (levels.h). */
static void report_flush(void)
{
    uint64_t n;
    int ok;
    if (cl_levels_flush_finished(&n, &ok))
        control_send(0, CTRL_FLUSHED, n, ok);
}

void cl_poll_slow(void)
{
    /* Receives that may get split messages post their part 2 as soon as
     * their part 1 is in, whatever the program is polling: else two ranks
     * testing their sends could each wait for the other's part 2. */
    if (cl.split_pending)
        cl_requests_advance();
    if (cl.announce_pending)
        cl_announce_if_pending();
    if (cl.in_progress || --cl.poll_countdown == 0) {
        cl.poll_countdown = POLL_EVERY;
        cl_poll_now();
        report_flush();
        cl_bsend_reap(); /* buffered copies gone since */
    }
}

int cl_note_received(int source, const struct cl_header *h)
{
    if (h->epoch == cl.epoch) {
        cl.recv_current[source]++;
        /* The sender already knows everyone saved: so do we (thesis: the message
         * from a non-logging sender must not land in a logging receiver). */
        if (cl.logging && !(h->flags & CL_LOGGING) && cl.local_saved) {
            cl.logging = 0;
            cl_check_complete();
        }
        return 0;
    }
    if (h->epoch == cl.epoch + 1) { /* early: the sender has checkpointed, we have not */
        cl.recv_next[source]++;
        cl.counters.early++;
        return 0;
    }
    if (h->epoch + 1 == cl.epoch) { /* late: sent before the sender's checkpoint */
        cl.recv_previous[source]++;
        cl.counters.late++;
        return 1;
    }
    ckpt_fatal("message from rank %d has epoch %u while this rank is in epoch %u: the "
               "protocol's invariant (epochs differ by at most one) is broken",
               source, h->epoch, cl.epoch);
}

/* A sender leaves out the header only while the checkpoint that began its
 * epoch is committed and it is not logging (cl_headerless). Such a message
 * is never early (an early sender's epoch is not committed yet), and its
 * epoch is ours or the one before:
 *  - our epoch is committed too: the sender's epoch is ours (had it been
 *    the one before, the sender would not have taken our checkpoint, and a
 *    later one cannot be committed before we take it);
 *  - ours is not: the message is of our epoch only if our checkpoint was
 *    committed before it was sent; a commit waits for every rank to have
 *    all its late messages, so then we have all of this sender's. While we
 *    do not (or do not know yet how many it sent), the message is one of
 *    them: late. */
struct cl_header cl_implied_header(int source)
{
    struct cl_header h = {cl.epoch, 0, 0};
    if (!cl.epoch_committed && (cl.expected_previous[source] < 0 ||
                                (int64_t)cl.recv_previous[source] < cl.expected_previous[source])) {
        h.epoch = cl.epoch - 1;
        cl.counters.late_alone++;
    }
    return h;
}

int cl_point_due(void)
{
    /* No new checkpoint while the last recovery's registries are being
     * replayed: they would be lost from the new one. */
    if (!cl.control || cl.finalizing || cl.replaying)
        return 0;
    cl_announce_if_pending();
    cl_poll_now();
    report_flush();
    if (cl.start_pending) {
        if (skew_left-- > 0)
            return 0;
        /* A communicator being made is done when the library says so: a
         * recovery could not redo that. */
        if (cl_requests_unrepeatable_pending())
            return 0;
        /* Split messages and receives overtaken by an early message. */
        cl_requests_finish_for_checkpoint();
        return 1;
    }
    if (!cl.requested && !cl.in_progress) {
        cl.requested = 1;
        control_send(0, CTRL_REQUEST, 0, 0);
    }
    return 0;
}

uint64_t cl_checkpoint_number(void)
{
    return cl.in_progress;
}

/* The message counts move on by one epoch: what was current is now the
 * previous epoch's, what came early is current. */
static void advance_epoch(void)
{
    for (int r = 0; r < cl.size; r++) {
        sent_report[r] = cl.sent[r];
        cl.sent[r] = 0;
        cl.recv_previous[r] = cl.recv_current[r];
        cl.recv_current[r] = cl.recv_next[r];
        cl.recv_next[r] = 0;
        cl.expected_previous[r] = expected_early[r];
        expected_early[r] = -1;
    }
    taken = cl.in_progress;
    cl.epoch++;
    cl.epoch_committed = 0;
    cl.start_pending = 0;
}

/* The epoch ends where the image is taken: called while writing it, so that
 * the saved state is the one the program resumes in. */
void cl_begin_epoch(void)
{
    advance_epoch();
    /* Logging starts at the checkpoint itself: MPI_Wtime, which announces
     * nothing, may be the first call after it. */
    cl.logging = 1;
    cl.late_capture = 1;
    cl_coll_window_open();
    cl_comm_release_vote();
    cl_requests_log_pending_collectives();
}

/* Called once the image is durable, from the runtime's writing thread, or
 * between writing the image and rebuilding the stack: no MPI call may happen
 * here (MPI may not be initialised for threads, and progress could complete
 * a receive into a stack buffer that the rebuild then overwrites). The
 * announcements wait for the next MPI call or potential point; the flag is
 * set last, so the number and outcome are in place when it is seen. */
static int announce_ok;
static uint64_t announce_number;

void cl_image_written(uint64_t n, int ok)
{
    announce_ok = ok;
    announce_number = n;
    /* Last (an atomic store): set first, the main thread could announce the
     * previous checkpoint's number, and this one would never complete. */
    cl.announce_pending = 1;
}

void cl_announce_if_pending(void)
{
    if (!cl.announce_pending)
        return;
    cl.announce_pending = 0;
    uint64_t n = announce_number;
    if (!announce_ok) {
        if (cl.in_progress == n)
            cancel(n);
        discard(n);
        return;
    }
    if (cl.in_progress != n) { /* given up while the image was being written */
        discard(n);
        return;
    }
    cl.local_saved = 1;
    for (int r = 0; r < cl.size; r++)
        control_send(r, CTRL_SENT, n, (int64_t)sent_report[r]);
    counts_for = n;
    cl_coll_report(send_count);
    cl_comm_release_report(send_vote);
    control_send(0, CTRL_SAVED, n, 0);
    cl_check_complete();
}

/* Our image of the checkpoint in progress may still be on its way to disk
 * (the runtime writes it in the background): wait for it, so that a
 * checkpoint taken just before the end is committed, not abandoned. */
static void wait_for_own_image(void)
{
    if (!cl.in_progress || taken != cl.in_progress || cl.local_saved)
        return;
    while (!cl.announce_pending) {
        cl_poll_now();
        sched_yield();
    }
    cl_announce_if_pending();
}

void cl_finalize_protocol(void)
{
    wait_for_own_image();
    cl_levels_flush_wait(); /* reported before FINALIZING: the coordinator counts it first */
    report_flush();
    cl.finalizing = 1;
    control_send(0, CTRL_FINALIZING, cl.in_progress, cl.local_saved);
    double since = PMPI_Wtime();
    while (!done) {
        cl_poll_now();
        report_flush(); /* a checkpoint committed meanwhile may be flushed */
        if (PMPI_Wtime() - since > 5) { /* say what we wait for, once */
            since = 1e300;
            for (int r = 0; r < cl.size; r++)
                ckpt_info(2, "finalize waits: checkpoint %llu saved=%d logging=%d late=%d "
                             "peer %d expected %lld received %llu", (unsigned long long)cl.in_progress,
                          cl.local_saved, cl.logging, cl.late_capture, r,
                          (long long)cl.expected_previous[r],
                          (unsigned long long)cl.recv_previous[r]);
        }
    }
    cl_partner_quiesce();
    /* Nothing is in progress any more: what still arrives (the SENT counts of
     * an abandoned checkpoint, say) only has to be taken off the wire. */
    uint64_t *expected = counts();
    PMPI_Alltoall(control_sent, 1, MPI_UINT64_T, expected, 1, MPI_UINT64_T, cl.control);
    for (int r = 0; r < cl.size; r++)
        while (control_received[r] < expected[r]) {
            int64_t m[CONTROL_WORDS];
            PMPI_Recv(m, CONTROL_WORDS, MPI_INT64_T, r, CONTROL_TAG, cl.control,
                      MPI_STATUS_IGNORE);
            control_received[r]++;
        }
    ckpt_untracked_free(expected);
}

uint64_t *cl_allgather_words(const uint64_t *mine, int n, int *total)
{
    int *counts = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    int *displs = ckpt_untracked_malloc(sizeof(int) * (size_t)cl.size);
    PMPI_Allgather(&n, 1, MPI_INT, counts, 1, MPI_INT, cl.control);
    *total = 0;
    for (int r = 0; r < cl.size; r++) {
        displs[r] = *total;
        *total += counts[r];
    }
    uint64_t *all = ckpt_untracked_malloc(sizeof(uint64_t) * (size_t)(*total + 2));
    PMPI_Allgatherv(mine, n, MPI_UINT64_T, all, counts, displs, MPI_UINT64_T, cl.control);
    ckpt_untracked_free(counts);
    ckpt_untracked_free(displs);
    return all;
}
