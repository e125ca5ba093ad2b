#include "triggers.h"

#include "checkpoint.h"
#include "interval_model.h"
#include "log.h"
#include "options.h"
#include "stats.h"

#include <aalc/ckpt.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t timer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_wake;
static struct timespec next_due;
/* Before the first checkpoint: when to fault in its image's buffer. */
static struct timespec prefault_at;
static int prefault_pending;
/* The pending request is the timer's (not SIGUSR1's nor the program's). */
static atomic_int timer_asked;
/* A checkpoint is copied and not yet committed or given up: the next
 * interval has not begun. */
static int waiting_for_settle;
/* When the last checkpoint settled: with synchronous writes its cost is
 * known only after that, and moves the time it is due. */
static struct timespec last_settled;

/* The first checkpoint faults in the pages of its in-memory image; half an
 * interval before it is due, at most this long, the timer does it instead. */
#define PREFAULT_LEAD_MAX 10.0
/* With CKPT_EVERY and no timer: the countdown first stops half-way to the
 * first checkpoint, where a thread faults the buffer in (by then the program
 * has usually allocated its arrays; when the interval's timer ran before
 * that, the prefault covered 1 MiB of a 75 MB state). */
static int halfway_pending;

static struct timespec later(struct timespec t, double seconds)
{
    long long ns = (long long)(seconds * 1e9) + t.tv_nsec;
    t.tv_sec += ns / 1000000000;
    t.tv_nsec = ns % 1000000000;
    return t;
}

static struct timespec after(double seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return later(t, seconds);
}

/* Sleeps until the interval has passed since the last checkpoint, then asks
 * for one: it only sets an atomic flag. Before the first checkpoint, it also
 * faults in that checkpoint's image buffer (the runtime's memory, never the
 * program's): on a free core, off the program's time. */
static void *interval_timer(void *unused)
{
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* signals belong to the program's thread */
    pthread_mutex_lock(&timer_lock);
    for (;;) {
        if (prefault_pending &&
            pthread_cond_timedwait(&timer_wake, &timer_lock, &prefault_at) == ETIMEDOUT) {
            prefault_pending = 0;
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            double due_in = (double)(next_due.tv_sec - now.tv_sec) +
                            (double)(next_due.tv_nsec - now.tv_nsec) * 1e-9;
            pthread_mutex_unlock(&timer_lock); /* seconds, perhaps: the program may finish a
                                                  checkpoint meanwhile */
            ckpt_checkpoint_prefault(due_in);
            pthread_mutex_lock(&timer_lock);
            continue;
        }
        if (prefault_pending)
            continue; /* woken: a checkpoint was taken (no prefault then) or spurious */
        if (waiting_for_settle) {
            pthread_cond_wait(&timer_wake, &timer_lock);
            continue;
        }
        struct timespec due = next_due;
        int rc = pthread_cond_timedwait(&timer_wake, &timer_lock, &due);
        /* Not if a checkpoint was copied while this thread waited for the lock. */
        if (rc == ETIMEDOUT && memcmp(&due, &next_due, sizeof due) == 0 && !waiting_for_settle) {
            atomic_store(&timer_asked, 1);
            ckpt_request_checkpoint();
            next_due = after(ckpt_opts.interval); /* until the checkpoint resets it */
        }
    }
    return NULL;
}

static void on_sigusr1(int sig)
{
    (void)sig;
    ckpt_request_checkpoint();
}

static void *prefault_thread(void *unused)
{
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* signals belong to the program's thread */
    ckpt_checkpoint_prefault(HUGE_VAL);     /* the countdown asks for the checkpoint */
    return NULL;
}

int ckpt_triggers_halfway(void)
{
    if (!halfway_pending)
        return 0;
    halfway_pending = 0;
    if (atomic_load_explicit(&ckpt_requested, memory_order_relaxed))
        return 0; /* asked for by other means: that checkpoint is now */
    /* Points passed since it was due (where no checkpoint could start) count. */
    ckpt_points_left += ckpt_opts.every - ckpt_opts.every / 2;
    pthread_t thread;
    if (pthread_create(&thread, NULL, prefault_thread, NULL) == 0)
        pthread_detach(thread);
    return 1;
}

static void start_timer(int prefault)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&timer_wake, &attr);
    next_due = after(ckpt_opts.interval);
    double lead = ckpt_opts.interval / 2 < PREFAULT_LEAD_MAX ? ckpt_opts.interval / 2
                                                              : PREFAULT_LEAD_MAX;
    prefault_at = after(ckpt_opts.interval - lead);
    prefault_pending = prefault;
    pthread_t thread;
    if (pthread_create(&thread, NULL, interval_timer, NULL) != 0)
        ckpt_warn("cannot start the checkpoint timer: CKPT_INTERVAL is ignored");
    else
        pthread_detach(thread);
}

void ckpt_triggers_start(void)
{
    ckpt_points_left = ckpt_opts.every > 0 ? ckpt_opts.every : __LONG_MAX__;
    if (ckpt_opts.every >= 2 && ckpt_opts.interval <= 0 && ckpt_opts.prefault) {
        halfway_pending = 1;
        ckpt_points_left = ckpt_opts.every / 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigusr1;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    if (ckpt_opts.interval > 0)
        start_timer(ckpt_opts.prefault);
}

void ckpt_triggers_after_daemon(void)
{
    if (ckpt_opts.interval <= 0)
        return;
    /* The parent's timer may have held the lock at the fork. */
    pthread_mutex_init(&timer_lock, NULL);
    waiting_for_settle = 0;
    start_timer(0);
}

void ckpt_triggers_consume(void)
{
    atomic_store(&timer_asked, 0);
    atomic_store_explicit(&ckpt_requested, 0, memory_order_relaxed);
    ckpt_points_left = ckpt_opts.every > 0 ? ckpt_opts.every : __LONG_MAX__;
}

void ckpt_triggers_checkpoint_done(void)
{
    if (ckpt_opts.interval <= 0)
        return;
    pthread_mutex_lock(&timer_lock);
    waiting_for_settle = 1;
    /* The timer may have asked again while this checkpoint was being taken
     * (a copy longer than the interval): that request is this one's. */
    if (atomic_exchange(&timer_asked, 0))
        atomic_store_explicit(&ckpt_requested, 0, memory_order_relaxed);
    prefault_pending = 0; /* its buffer exists now */
    pthread_cond_signal(&timer_wake);
    pthread_mutex_unlock(&timer_lock);
}

void ckpt_triggers_checkpoint_settled(void)
{
    if (ckpt_opts.interval <= 0)
        return;
    pthread_mutex_lock(&timer_lock);
    waiting_for_settle = 0;
    clock_gettime(CLOCK_MONOTONIC, &last_settled);
    next_due = later(last_settled, ckpt_opts.interval);
    if (atomic_exchange(&timer_asked, 0))
        atomic_store_explicit(&ckpt_requested, 0, memory_order_relaxed);
    pthread_cond_signal(&timer_wake);
    pthread_mutex_unlock(&timer_lock);
}

void ckpt_triggers_checkpoint_cost(uint64_t n, double seconds)
{
    static double learned = -1;
    if (ckpt_opts.mtbf <= 0)
        return;
    learned = ckpt_cost_learn(learned, seconds);
    double interval = ckpt_daly_interval(learned, ckpt_opts.mtbf);
    pthread_mutex_lock(&timer_lock); /* the timer thread reads it */
    ckpt_opts.interval = interval;
    if (!waiting_for_settle && last_settled.tv_sec) { /* it settled first */
        next_due = later(last_settled, interval);
        pthread_cond_signal(&timer_wake);
    }
    pthread_mutex_unlock(&timer_lock);
    ckpt_stats_interval(n, seconds, learned, ckpt_opts.mtbf, interval);
    ckpt_info(2, "CKPT_MTBF=%g s: checkpoint %llu cost %.6f s (learned %.6f s): the interval "
                 "is now %.3f s",
              ckpt_opts.mtbf, (unsigned long long)n, seconds, learned, interval);
}
