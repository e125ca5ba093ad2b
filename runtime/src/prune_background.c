/* Pruning old checkpoints off the program's thread (prune_background.h). */
#include "prune_background.h"

#include "log.h"
#include "store.h"

#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static int running;   /* a pruner thread exists */
static int requested; /* asked for since the thread last began a pass */
static char prune_dir[PATH_MAX];
static unsigned prune_keep;
static uint64_t prune_committed; /* the newest checkpoint asked for */

/* One pass per request; requests made during a pass make one more pass,
 * which sees the checkpoints committed since. */
static void *pruner(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    while (requested) {
        requested = 0;
        char dir[PATH_MAX];
        unsigned keep = prune_keep;
        uint64_t committed = prune_committed;
        memcpy(dir, prune_dir, sizeof dir);
        pthread_mutex_unlock(&lock);
        ckpt_store_prune_below(dir, keep, committed);
        pthread_mutex_lock(&lock);
    }
    running = 0;
    pthread_cond_broadcast(&idle);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void wait_at_exit(void)
{
    ckpt_store_prune_wait();
}

/* A child of fork has no pruner, which may have held the lock. */
static void after_fork_child(void)
{
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&idle, NULL);
    running = requested = 0;
}

void ckpt_store_prune_later(const char *dir, unsigned keep, uint64_t committed)
{
    static int hooks;
    if (strlen(dir) >= sizeof prune_dir) {
        ckpt_store_prune_below(dir, keep, committed); /* not reached: CKPT_DIR fits PATH_MAX */
        return;
    }
    pthread_mutex_lock(&lock);
    if (!hooks) { /* the process does not end half-way through a removal */
        hooks = 1;
        atexit(wait_at_exit);
        pthread_atfork(NULL, NULL, after_fork_child);
    }
    strcpy(prune_dir, dir);
    prune_keep = keep;
    prune_committed = committed;
    requested = 1;
    if (!running) {
        /* The program's signals stay with the program's thread. */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_t thread;
        running = pthread_create(&thread, &attr, pruner, NULL) == 0;
        pthread_attr_destroy(&attr);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (!running) {
            requested = 0;
            pthread_mutex_unlock(&lock);
            ckpt_store_prune_below(dir, keep, committed); /* no thread: now, then */
            return;
        }
    }
    pthread_mutex_unlock(&lock);
}

void ckpt_store_prune_wait(void)
{
    pthread_mutex_lock(&lock);
    while (running)
        pthread_cond_wait(&idle, &lock);
    pthread_mutex_unlock(&lock);
}
