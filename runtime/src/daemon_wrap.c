/* daemon(3) from the program (--wrap=daemon): the program goes on in a
 * child and the parent ends with _exit. From then on the child is the job's
 * process: it takes the checkpoints, holds the directory's lock, and removes
 * the checkpoints when it ends (state.h, job.h, cleanup.c). */
#include "job.h"
#include "state.h"

int __real_daemon(int nochdir, int noclose);
int __wrap_daemon(int nochdir, int noclose);
int __wrap_daemon(int nochdir, int noclose)
{
    ckpt_job_lock_follows_fork(1);
    int rc = __real_daemon(nochdir, noclose);
    ckpt_job_lock_follows_fork(0);
    if (rc == 0)
        ckpt_state_program_moved();
    return rc;
}
