#include "cleanup.h"

#include "image_flush.h"
#include "job.h"
#include "layer.h"
#include "log.h"
#include "options.h"
#include "output_forward.h"
#include "prune_background.h"
#include "state.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ended_together;
static int exit_status = -1; /* -1: the process ends some other way (a signal, _exit) */

void ckpt_cleanup_job_ending(void)
{
    ckpt_flush_wait();
    ended_together = 1;
}

static int mine_to_remove(int status)
{
    if (status != 0 || ckpt_opts.keep_on_exit)
        return 0;
    if (ckpt_active_layer)
        return ended_together && (ckpt_rank == 0 || ckpt_node_leader);
    return 1;
}

/* A node's local level of this job goes with its node's first rank (docs/levels.md). */
static void remove_local_level(void)
{
    const char *dir = ckpt_opts.local_dir;
    if (!dir[0] || !ckpt_node_leader || access(dir, F_OK) != 0)
        return;
    if (ckpt_store_remove_all(dir) == 0 && rmdir(dir) != 0 && errno != ENOTEMPTY &&
        errno != EEXIST)
        ckpt_info(1, "%s: cannot remove the empty local checkpoint directory", dir);
    char node[PATH_MAX]; /* CKPT_LOCAL_DIR/<node> goes too once no job has a directory there */
    snprintf(node, sizeof node, "%s", dir);
    char *slash = strrchr(node, '/');
    if (slash) {
        *slash = '\0';
        rmdir(node);
    }
}

/* The job succeeded, and its checkpoints stay (CKPT_KEEP_ON_EXIT=1): the
 * output counts say that it ended, by the one process that knows it did
 * (output_forward.h). Not after a failed exit status: a recovery (ckptrun's
 * restart, say) goes on from the failed run's counts. */
static void mark_output_ended(int status)
{
    if (status != 0 || ckpt_stopping_on_error() ||
        (ckpt_active_layer && !(ended_together && ckpt_rank == 0)))
        return;
    if (access(ckpt_opts.dir, F_OK) == 0)
        ckpt_output_forward_mark_ended(ckpt_opts.dir, ckpt_active_layer ? ckpt_nranks : 1);
}

static void cleanup_at_exit(int status)
{
    static int done; /* exit called from an atexit handler, say */
    if (done)
        return;
    done = 1;
    if (!mine_to_remove(status)) {
        mark_output_ended(status);
        return;
    }
    ckpt_flush_wait(); /* a checkpoint taken just before the end */
    ckpt_levels_flush_wait();
    ckpt_store_prune_wait();
    int removes_dir = (!ckpt_active_layer || ckpt_rank == 0) && access(ckpt_opts.dir, F_OK) == 0;
    /* Said before: a job killed from here on may have lost its newest
     * checkpoints, and a recovery rightly takes an older one, or none. */
    if (removes_dir)
        ckpt_info(1, "the run ended normally: removing its checkpoints from %s "
                     "(CKPT_KEEP_ON_EXIT=1 keeps them)",
                  ckpt_opts.dir);
    remove_local_level();
    if (!removes_dir)
        return; /* another rank's, or --recover of a job that was never checkpointed */
    int left = ckpt_store_remove_all(ckpt_opts.dir);
    ckpt_output_forward_remove_counts(ckpt_opts.dir, ckpt_nranks);
    ckpt_job_unlock(ckpt_opts.dir);
    if (left > 0) {
        ckpt_info(1, "%s: %d checkpoints set aside as damaged stay, for inspection",
                  ckpt_opts.dir, left);
        return;
    }
    /* The directory goes too if nothing else is in it (ENOTEMPTY: the user's). */
    if (rmdir(ckpt_opts.dir) != 0 && errno != ENOTEMPTY && errno != EEXIST)
        ckpt_info(1, "%s: cannot remove the empty checkpoint directory", ckpt_opts.dir);
}

/* Runs last of the atexit handlers: the program's own have run, and what
 * stdio buffers is written before the checkpoints go. */
static void cleanup_handler(void)
{
    /* A child the program forked that ends with exit ends the child only:
     * the job's checkpoints and output counts are not its to touch. */
    if (exit_status < 0 || !ckpt_state_in_program_process())
        return;
    fflush(NULL);
    cleanup_at_exit(exit_status);
}

void ckpt_cleanup_register(void)
{
    if (atexit(cleanup_handler) != 0)
        ckpt_info(1, "cannot register the removal of checkpoints at exit: they are kept");
}

void ckpt_cleanup_note_status(int status)
{
    exit_status = status;
}

/* exit(status) from anywhere in the program (--wrap=exit). */
_Noreturn void __real_exit(int status);
_Noreturn void __wrap_exit(int status);
_Noreturn void __wrap_exit(int status)
{
    ckpt_cleanup_note_status(status);
    __real_exit(status);
}
