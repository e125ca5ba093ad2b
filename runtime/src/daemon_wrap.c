/* daemon(3) from the program (--wrap=daemon): the program goes on in a
 * child and the parent ends with _exit. From then on the child is the job's
 * process: it takes the checkpoints (also by CKPT_INTERVAL: triggers.h),
 * holds the directory's lock, and removes the checkpoints when it ends
 * (state.h, job.h, cleanup.c). */
#include "image_flush.h"
#include "job.h"
#include "prune_background.h"
#include "state.h"
#include "triggers.h"

int __real_daemon(int nochdir, int noclose);
int __wrap_daemon(int nochdir, int noclose);
int __wrap_daemon(int nochdir, int noclose)
{
    /* The runtime's threads stay with the parent, which ends at once: a
     * checkpoint it is writing in the background is committed first. */
    ckpt_flush_wait();
    ckpt_store_prune_wait();
    ckpt_job_lock_follows_fork(1);
    int rc = __real_daemon(nochdir, noclose);
    ckpt_job_lock_follows_fork(0);
    if (rc == 0) {
        ckpt_state_program_moved();
        ckpt_triggers_after_daemon();
    }
    return rc;
}
