#include "dir_claim.h"

#include "job.h"
#include "layer.h"
#include "log.h"
#include "options.h"
#include "output_forward.h"
#include "store.h"

static int claimed, locked, lock_wanted;

static void take(int lock)
{
    claimed = 1;
    if (lock && !locked) {
        ckpt_job_lock(ckpt_opts.dir);
        locked = 1;
    }
}

int ckpt_dir_claim_early_try(int lock, char *err, size_t errlen)
{
    lock_wanted |= lock;
    if (ckpt_store_exists(ckpt_opts.dir)) {
        if (ckpt_store_open(ckpt_opts.dir, err, errlen) != 0)
            return -1;
        claimed = 1;
        if (lock && !locked) {
            if (ckpt_job_try_lock(ckpt_opts.dir, err, errlen) != 0)
                return -1;
            locked = 1;
        }
        return 0;
    }
    /* --recover finds nothing there, and says so; a fresh run makes it at
     * its first checkpoint, if it can. */
    if (!ckpt_opts.recover && ckpt_store_can_create(ckpt_opts.dir, err, errlen) != 0)
        return -1;
    return 0;
}

void ckpt_dir_claim_early(int lock)
{
    char err[4096 + 512];
    if (ckpt_dir_claim_early_try(lock, err, sizeof err) != 0)
        ckpt_fatal("%s", err);
}

int ckpt_dir_claim(char *err, size_t errlen)
{
    static int local_made; /* the local level, CKPT_LOCAL_DIR/<node> (docs/levels.md) */
    if (ckpt_opts.local_dir[0] && !local_made) {
        if (ckpt_store_open(ckpt_opts.local_dir, err, errlen) != 0)
            return -1;
        local_made = 1;
    }
    if (claimed)
        return 0;
    if (ckpt_store_open(ckpt_opts.dir, err, errlen) != 0)
        return -1;
    /* Under a layer rank 0 holds the lock; its rank is known by now. */
    take(ckpt_active_layer ? ckpt_rank == 0 : lock_wanted);
    ckpt_output_forward_dir_ready();
    return 0;
}

int ckpt_dir_claimed(void)
{
    return claimed;
}
