#include "triggers.h"

#include "log.h"
#include "options.h"

#include <aalc/ckpt.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t timer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_wake;
static struct timespec next_due;

static struct timespec after(double seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long ns = (long long)(seconds * 1e9) + t.tv_nsec;
    t.tv_sec += ns / 1000000000;
    t.tv_nsec = ns % 1000000000;
    return t;
}

/* Sleeps until the interval has passed since the last checkpoint, then asks
 * for one. It never touches program state: it only sets an atomic flag. */
static void *interval_timer(void *unused)
{
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* signals belong to the program's thread */
    pthread_mutex_lock(&timer_lock);
    for (;;) {
        struct timespec due = next_due;
        int rc = pthread_cond_timedwait(&timer_wake, &timer_lock, &due);
        if (rc == ETIMEDOUT && memcmp(&due, &next_due, sizeof due) == 0) {
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

void ckpt_triggers_start(void)
{
    ckpt_points_left = ckpt_opts.every > 0 ? ckpt_opts.every : __LONG_MAX__;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigusr1;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    if (ckpt_opts.interval > 0) {
        pthread_condattr_t attr;
        pthread_condattr_init(&attr);
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        pthread_cond_init(&timer_wake, &attr);
        next_due = after(ckpt_opts.interval);
        pthread_t thread;
        if (pthread_create(&thread, NULL, interval_timer, NULL) != 0)
            ckpt_warn("cannot start the checkpoint timer: CKPT_INTERVAL is ignored");
        else
            pthread_detach(thread);
    }
}

void ckpt_triggers_consume(void)
{
    atomic_store_explicit(&ckpt_requested, 0, memory_order_relaxed);
    ckpt_points_left = ckpt_opts.every > 0 ? ckpt_opts.every : __LONG_MAX__;
}

void ckpt_triggers_checkpoint_done(void)
{
    if (ckpt_opts.interval <= 0)
        return;
    pthread_mutex_lock(&timer_lock);
    next_due = after(ckpt_opts.interval);
    pthread_cond_signal(&timer_wake);
    pthread_mutex_unlock(&timer_lock);
}
