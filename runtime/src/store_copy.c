/* Copying a checkpoint's files between levels (store_copy.h). */
#define _GNU_SOURCE /* copy_file_range */
#include "store_copy.h"

#include "file_modes.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The kernel copies where it can (copy_file_range: no trip through user
 * memory, and a reflink on file systems that have them); else read/write. */
static int copy_bytes(int from, int to)
{
    if (lseek(from, 0, SEEK_SET) != 0)
        return -1;
    for (;;) {
        ssize_t r = copy_file_range(from, NULL, to, NULL, (size_t)1 << 30, 0);
        if (r == 0)
            return 0;
        if (r > 0)
            continue;
        if (errno == EINTR)
            continue;
        if (errno != EXDEV && errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
            return -1;
        break; /* not between these two: by hand, from where it stopped */
    }
    char buf[1 << 16];
    for (;;) {
        ssize_t r = read(from, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            return 0;
        for (ssize_t done = 0; done < r;) {
            ssize_t w = write(to, buf + done, (size_t)(r - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return -1;
            done += w;
        }
    }
}

int ckpt_store_copy_from_fd(int from, const char *to_dir, uint64_t n, const char *name,
                            char *err, size_t errlen)
{
    char path[PATH_MAX], tmp[PATH_MAX + 8], cdir[PATH_MAX];
    if (ckpt_store_make_checkpoint_dir(to_dir, n, err, errlen) != 0)
        return -1;
    ckpt_store_file_path(to_dir, n, name, path, sizeof path);
    if (!path[0] || snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: path too long for checkpoint %llu", to_dir,
                 (unsigned long long)n);
        return -1;
    }
    int to = ckpt_create_file(tmp, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (to < 0) {
        snprintf(err, errlen, "%s: cannot create: %s", tmp, strerror(errno));
        return -1;
    }
    if (copy_bytes(from, to) != 0 || fsync(to) != 0) {
        snprintf(err, errlen, "%s: cannot copy into it: %s", tmp, strerror(errno));
        close(to);
        unlink(tmp);
        return -1;
    }
    if (close(to) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot put in place: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    ckpt_store_file_path(to_dir, n, ".", cdir, sizeof cdir);
    return ckpt_store_sync_dir(cdir, err, errlen);
}

int ckpt_store_copy_file(const char *from_dir, const char *to_dir, uint64_t n, const char *name,
                         char *err, size_t errlen)
{
    char path[PATH_MAX];
    ckpt_store_file_path(from_dir, n, name, path, sizeof path);
    int from = path[0] ? open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1;
    if (from < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path[0] ? path : from_dir, strerror(errno));
        return -1;
    }
    int rc = ckpt_store_copy_from_fd(from, to_dir, n, name, err, errlen);
    close(from);
    return rc;
}
