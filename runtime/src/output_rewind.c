#include "output_rewind.h"

#include "log.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static void capture(int fd, struct ckpt_output_mark *m)
{
    struct stat st;
    m->valid = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (!m->valid)
        return;
    m->device = st.st_dev;
    m->inode = st.st_ino;
    m->length = (uint64_t)st.st_size;
}

void ckpt_output_capture(struct ckpt_output_marks *marks)
{
    fflush(NULL);
    capture(STDOUT_FILENO, &marks->out);
    capture(STDERR_FILENO, &marks->err);
    ckpt_output_forward_positions(&marks->forwarded);
}

static void rewind_fd(int fd, const struct ckpt_output_mark *m, const char *name)
{
    struct stat st;
    if (!m->valid || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_dev != (dev_t)m->device || st.st_ino != (ino_t)m->inode)
        return; /* another file (or a pipe): nothing of ours to take back */
    if ((uint64_t)st.st_size < m->length) {
        ckpt_warn("%s is shorter than at the checkpoint; leaving it as it is", name);
        return;
    }
    if (ftruncate(fd, (off_t)m->length) != 0 || lseek(fd, (off_t)m->length, SEEK_SET) < 0)
        ckpt_warn("cannot rewind %s to the checkpoint's length", name);
}

void ckpt_output_rewind(const struct ckpt_output_marks *marks)
{
    ckpt_output_forward_resume_at(&marks->forwarded);
    rewind_fd(STDOUT_FILENO, &marks->out, "standard output");
    /* Both may be the same file (2>&1): the first rewind already did it. */
    if (!(marks->err.valid && marks->out.valid && marks->err.inode == marks->out.inode &&
          marks->err.device == marks->out.device))
        rewind_fd(STDERR_FILENO, &marks->err, "standard error");
}
