/* The flags the generated code tests, and the transitions between
 * running, collapsing (saving) and restoring. */
#include "state.h"

#include "frames.h"
#include "log.h"
#include "openmp_state.h"
#include "recovery_callbacks.h"
#include "triggers.h"

#include <aalc/ckpt.h>
#include <pthread.h>
#include <unistd.h>

int ckpt_collapsing;
int ckpt_restoring;
int ckpt_recovering;
atomic_int ckpt_requested;
long ckpt_points_left = __LONG_MAX__;

/* Not a thread-local: the executable's thread-locals are the program's
 * alone (openmp_state.c tells by their size whether it has any). */
static pthread_t program_thread;
/* A child the program forks runs its code too, and may reach potential
 * points: its stack is not the job's, and neither is the directory. */
static pid_t program_process;

static ckpt_point_hook point_hook;
static ckpt_resumed_hook resumed_hook;

void ckpt_state_mark_program_thread(void)
{
    program_thread = pthread_self();
    program_process = getpid();
}

int ckpt_state_in_program_process(void)
{
    return getpid() == program_process;
}

void ckpt_state_program_moved(void)
{
    program_process = getpid();
}

void ckpt_set_point_hook(ckpt_point_hook hook)
{
    point_hook = hook;
}

void ckpt_set_resumed_hook(ckpt_resumed_hook hook)
{
    resumed_hook = hook;
}

void ckpt_request_checkpoint(void)
{
    atomic_store_explicit(&ckpt_requested, 1, memory_order_relaxed);
}

/* The OpenMP constructs the program thread is in that may reach a potential
 * checkpoint (ckpt_openmp_construct). Other threads run only inside
 * parallel regions, where no checkpoint starts anyway. */
static int openmp_constructs;

void ckpt_openmp_construct(int delta)
{
    if (pthread_equal(pthread_self(), program_thread))
        openmp_constructs += delta;
}

int ckpt_begin_collapse(void)
{
    if (ckpt_restoring || ckpt_collapsing || ckpt_in_recovery_callbacks)
        return 0;
    /* Not on another thread, nor inside an OpenMP parallel region: the
     * checkpoint waits for the program thread's next point outside one. */
    if (ckpt_openmp_in_parallel() || openmp_constructs > 0)
        return 0;
    if (!pthread_equal(pthread_self(), program_thread)) {
        static atomic_flag said = ATOMIC_FLAG_INIT;
        if (!atomic_flag_test_and_set(&said))
            ckpt_warn("a potential checkpoint was reached on a thread other than the one that "
                      "runs main: checkpoints are taken only on that one (docs/limitations.md)");
        return 0;
    }
    if (!ckpt_state_in_program_process()) {
        static int said; /* the child's own copy */
        if (!said++)
            ckpt_warn("a potential checkpoint was reached in a child process the program "
                      "forked: checkpoints are taken only in the program's own process");
        return 0;
    }
    if (ckpt_triggers_halfway())
        return 0;
    if (point_hook && !point_hook())
        return 0;
    ckpt_triggers_consume();
    ckpt_frames_reset();
    ckpt_collapsing = 1;
    return 1;
}

void ckpt_resume_finished(void)
{
    if (!ckpt_frames_all_restored())
        ckpt_fatal("reached the checkpoint's potential point with saved frames left over: the "
                   "checkpoint does not match this program");
    ckpt_restoring = 0;
    if (ckpt_recovering) {
        ckpt_recovering = 0;
        if (resumed_hook)
            resumed_hook();
    }
}
