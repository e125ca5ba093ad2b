/* Room in the local level (level_space.h). */
#include "level_space.h"

#include "log.h"
#include "options.h"

#include <sys/statvfs.h>

/* Bytes the local level can take now: CKPT_DEBUG_LOCAL_FREE in tests. */
static unsigned long long local_free(void)
{
    if (ckpt_opts.debug_local_free >= 0)
        return (unsigned long long)ckpt_opts.debug_local_free;
    struct statvfs fs;
    if (statvfs(ckpt_opts.local_dir, &fs) != 0)
        return (unsigned long long)-1; /* not made yet, say: the write finds out */
    return (unsigned long long)fs.f_bavail * fs.f_frsize;
}

const char *ckpt_levels_image_dir(uint64_t n, size_t expected)
{
    if (!ckpt_opts.local_dir[0])
        return ckpt_opts.dir;
    /* Room for the image and its log, with a margin for what the node's other
     * ranks write at the same moment. */
    unsigned long long want = (unsigned long long)expected + expected / 4 + ((size_t)1 << 20);
    unsigned long long room = local_free();
    if (room >= want)
        return ckpt_opts.local_dir;
    ckpt_warn("checkpoint %llu: the local level %s has %llu bytes free, too few for this "
              "rank's image (about %zu bytes): it goes to %s directly",
              (unsigned long long)n, ckpt_opts.local_dir, room, expected, ckpt_opts.dir);
    return ckpt_opts.dir;
}
