/* The permissions of what a checkpoint creates (see file_modes.h). */
#include "file_modes.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static mode_t dir_mode = CKPT_DEFAULT_DIR_MODE;

int ckpt_file_modes_parse(const char *text, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 8);
    if (errno || end == text || *end != '\0' || v < 0 || v > 0777 || (v & 0700) != 0700) {
        snprintf(err, errlen,
                 "CKPT_DIR_MODE='%s' is not an octal mode from 0700 to 0777 (the owner keeps "
                 "rwx)", text);
        return -1;
    }
    dir_mode = (mode_t)v;
    return 0;
}

mode_t ckpt_dir_mode(void)
{
    return dir_mode;
}

mode_t ckpt_file_mode(void)
{
    return dir_mode & 0666;
}

int ckpt_make_dir(const char *path)
{
    if (mkdir(path, dir_mode) != 0)
        return -1;
    /* The umask may have taken bits CKPT_DIR_MODE asked for. */
    if ((dir_mode & 0077) && chmod(path, dir_mode) != 0) {
        int saved = errno;
        rmdir(path);
        errno = saved;
        return -1;
    }
    return 0;
}

int ckpt_create_file(const char *path, int flags)
{
    int fd = open(path, flags | O_CREAT, ckpt_file_mode());
    if (fd < 0)
        return -1;
    /* Only a regular file: a device (/dev/full in the tests) is not ours. */
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 07777) != ckpt_file_mode() &&
        fchmod(fd, ckpt_file_mode()) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}
