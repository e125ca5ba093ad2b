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
/* One request per directory: the local level and CKPT_DIR (docs/levels.md);
 * there is no third, and a third would share the last slot. */
#define PRUNE_DIRS 2
static struct request {
    int requested; /* asked for since the thread last began a pass on it */
    char dir[PATH_MAX];
    unsigned keep;
    uint64_t committed; /* the newest checkpoint asked for */
} requests[PRUNE_DIRS];

/* One pass per request; requests made during a pass make one more pass,
 * which sees the checkpoints committed since. */
static void *pruner(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < PRUNE_DIRS;) {
        if (!requests[i].requested) {
            i++;
            continue;
        }
        struct request r = requests[i];
        requests[i].requested = 0;
        pthread_mutex_unlock(&lock);
        ckpt_store_prune_below(r.dir, r.keep, r.committed);
        pthread_mutex_lock(&lock);
        i = 0;
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
    running = 0;
    memset(requests, 0, sizeof requests);
}

void ckpt_store_prune_later(const char *dir, unsigned keep, uint64_t committed)
{
    static int hooks;
    if (strlen(dir) >= sizeof requests[0].dir) {
        ckpt_store_prune_below(dir, keep, committed); /* not reached: CKPT_DIR fits PATH_MAX */
        return;
    }
    pthread_mutex_lock(&lock);
    if (!hooks) { /* the process does not end half-way through a removal */
        hooks = 1;
        atexit(wait_at_exit);
        pthread_atfork(NULL, NULL, after_fork_child);
    }
    int i = 0;
    while (i < PRUNE_DIRS - 1 && requests[i].dir[0] && strcmp(requests[i].dir, dir) != 0)
        i++;
    struct request *r = &requests[i];
    strcpy(r->dir, dir);
    r->keep = keep;
    r->committed = committed;
    r->requested = 1;
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
            r->requested = 0;
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
