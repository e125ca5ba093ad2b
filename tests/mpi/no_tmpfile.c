/* Preloaded by spill_fallback.py: a file system without O_TMPFILE (as NFS
 * and some parallel file systems are). open() and openat() refuse it as
 * such a file system does, and say so once on stderr, so that the test knows
 * the refusal happened; every other open goes to the C library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/types.h>
#include <unistd.h>

static int refused(int flags)
{
    static int said;
    if ((flags & O_TMPFILE) != O_TMPFILE)
        return 0;
    if (!said) {
        static const char msg[] = "no_tmpfile: O_TMPFILE refused\n";
        said = write(2, msg, sizeof msg - 1) > 0;
    }
    errno = EOPNOTSUPP;
    return 1;
}

static mode_t mode_of(int flags, va_list ap)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

/* Both entry points end here: open() is openat() from the working directory. */
static int open_or_refuse(int dir, const char *path, int flags, mode_t mode)
{
    if (refused(flags))
        return -1;
    int (*next)(int, const char *, int, ...) =
        (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
    return next(dir, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return open_or_refuse(AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int openat(int dir, const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return open_or_refuse(dir, path, flags, mode);
}

int openat64(int dir, const char *path, int flags, ...) __attribute__((alias("openat")));
