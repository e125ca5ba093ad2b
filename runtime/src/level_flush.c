/* The flush (docs/levels.md): a rank's files of a committed checkpoint
 * copied from its local level to CKPT_DIR by a thread of the runtime's,
 * while the program computes. The layer decides which checkpoints are
 * flushed and marks one committed in CKPT_DIR once every rank's copy is
 * whole (aalc/ckpt_layer_services.h). */
#include "store_copy.h"

#include "log.h"
#include "options.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FLUSH_FILES_MAX 3 /* image, log, JOB */

static struct {
    pthread_t thread;
    int running;             /* a thread was started and not joined yet */
    atomic_int finished;     /* it has ended; not yet reported */
    uint64_t n;
    int ok;
    int nfiles;
    int fds[FLUSH_FILES_MAX];
    char names[FLUSH_FILES_MAX][CKPT_STORE_FILE_NAME_MAX];
    char err[PATH_MAX + 256];
} flush;

/* Tests: CKPT_DEBUG_KILL_IN_FLUSH=n, SIGKILL this process once its first
 * file of checkpoint n is in CKPT_DIR and before the others are. */
static int kill_now(uint64_t n)
{
    return ckpt_opts.kill_in_flush > 0 && (uint64_t)ckpt_opts.kill_in_flush == n;
}

static void *copy_files(void *unused)
{
    (void)unused;
    int ok = 1;
    for (int i = 0; i < flush.nfiles; i++) {
        if (ok && ckpt_store_copy_from_fd(flush.fds[i], ckpt_opts.dir, flush.n, flush.names[i],
                                          flush.err, sizeof flush.err) != 0)
            ok = 0;
        close(flush.fds[i]);
        if (i == 0 && kill_now(flush.n))
            raise(SIGKILL);
    }
    flush.ok = ok;
    atomic_store(&flush.finished, 1);
    return NULL;
}

void ckpt_levels_flush_wait(void)
{
    if (!flush.running)
        return;
    pthread_join(flush.thread, NULL);
    flush.running = 0;
}

int ckpt_levels_flush_start(uint64_t n, uint32_t rank, int with_job, char *err, size_t errlen)
{
    ckpt_levels_flush_wait(); /* the layer starts one only after the last one ended */
    if (ckpt_store_committed_nranks(ckpt_opts.dir, n)) { /* an older run's: never written over */
        snprintf(err, errlen, "%s: checkpoint %llu there is committed already", ckpt_opts.dir,
                 (unsigned long long)n);
        return -1;
    }
    atomic_store(&flush.finished, 0);
    flush.n = n;
    flush.nfiles = ckpt_store_rank_files(ckpt_options_dir(), n, rank, with_job, flush.names,
                                         FLUSH_FILES_MAX);
    /* The image is here, or in CKPT_DIR already (no room here for it): else
     * this flush must not be committed. */
    char shared[2][CKPT_STORE_FILE_NAME_MAX];
    int image_here = flush.nfiles > 0 && strstr(flush.names[0], ".img") != NULL;
    if (!image_here && (ckpt_store_rank_files(ckpt_opts.dir, n, rank, 0, shared, 2) == 0 ||
                        !strstr(shared[0], ".img"))) {
        snprintf(err, errlen, "rank %u's image of checkpoint %llu is at no level", rank,
                 (unsigned long long)n);
        return -1;
    }
    for (int i = 0; i < flush.nfiles; i++) {
        char path[PATH_MAX];
        ckpt_store_file_path(ckpt_options_dir(), n, flush.names[i], path, sizeof path);
        flush.fds[i] = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (flush.fds[i] < 0) {
            snprintf(err, errlen, "%s: cannot open to flush it", path);
            while (i-- > 0)
                close(flush.fds[i]);
            return -1;
        }
    }
    /* The program's signals stay with the program's thread. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    flush.running = pthread_create(&flush.thread, NULL, copy_files, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!flush.running)
        copy_files(NULL); /* no thread: now, then */
    return 0;
}

int ckpt_levels_flush_finished(uint64_t *n, int *ok)
{
    if (!atomic_load(&flush.finished))
        return 0;
    ckpt_levels_flush_wait();
    atomic_store(&flush.finished, 0);
    *n = flush.n;
    *ok = flush.ok;
    if (!flush.ok)
        ckpt_warn("checkpoint %llu not flushed to %s: %s", (unsigned long long)flush.n,
                  ckpt_opts.dir, flush.err);
    return 1;
}
