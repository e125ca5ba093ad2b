/* Writing in-memory images to disk in the background (see image_flush.h). */
#define _GNU_SOURCE
#include "image_flush.h"

#include "clock.h"
#include "file_modes.h"
#include "image_compress.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* O_DIRECT wants offsets, lengths and addresses aligned to the device's
 * block; a page covers every block size in use. */
#define DIRECT_ALIGN 4096u
/* Below this, the page cache and one fsync are as fast: O_DIRECT pays off
 * for large images, where it spares copying them once more into the cache. */
#define DIRECT_MIN ((size_t)16 << 20)
/* Large writes keep the device busy; O_DIRECT writes are synchronous. */
#define WRITE_CHUNK ((size_t)8 << 20)

static pthread_t writer;
static int writer_running;
/* The compressed form of the image in flight, reused like the image. */
static struct ckpt_image_buffer compressed;

static int write_all(int fd, const uint8_t *p, size_t n)
{
    size_t written = 0;
    while (written < n) {
        size_t chunk = n - written < WRITE_CHUNK ? n - written : WRITE_CHUNK;
        ssize_t r = write(fd, p + written, chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r == 0)
                errno = EIO;
            return -1;
        }
        written += (size_t)r;
    }
    return 0;
}

/* Write the image's n bytes; fault-injection tests die half-way instead
 * (at a block boundary, so that O_DIRECT takes the first half). */
static int write_image(int fd, const uint8_t *p, size_t n, int kill_halfway)
{
    if (kill_halfway) {
        write_all(fd, p, (n / 2) & ~(size_t)(DIRECT_ALIGN - 1));
        raise(SIGKILL);
    }
    return write_all(fd, p, n);
}

/* The image, padded with zeros to a whole number of blocks, written with
 * O_DIRECT, then cut to its length. -1 with errno if the file system will not
 * take it that way (the caller writes it through the page cache instead). */
static int write_direct(struct ckpt_flush_job *job, struct ckpt_image_buffer *b, int *fd_out)
{
    size_t padded = (b->size + DIRECT_ALIGN - 1) & ~(size_t)(DIRECT_ALIGN - 1);
    if (padded > b->capacity || ((uintptr_t)b->data & (DIRECT_ALIGN - 1))) {
        errno = EINVAL;
        return -1;
    }
    int fd = ckpt_create_file(job->path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_DIRECT);
    if (fd < 0)
        return -1;
    memset(b->data + b->size, 0, padded - b->size);
    if (write_image(fd, b->data, padded, job->kill_halfway) != 0 ||
        ftruncate(fd, (off_t)b->size) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *fd_out = fd;
    return 0;
}

static int write_buffered(struct ckpt_flush_job *job, const struct ckpt_image_buffer *b,
                          int *fd_out)
{
    int fd = ckpt_create_file(job->path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (write_image(fd, b->data, b->size, job->kill_halfway) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *fd_out = fd;
    return 0;
}

/* The file written and fsynced: 0, or -1 with a message in err. */
static int write_file(struct ckpt_flush_job *job, struct ckpt_image_buffer *b, char *err,
                      size_t errlen)
{
    int fd = -1;
    job->used_direct = job->direct && b->size >= DIRECT_MIN && write_direct(job, b, &fd) == 0;
    if (!job->used_direct && write_buffered(job, b, &fd) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", job->path, strerror(errno));
        return -1;
    }
    if (fsync(fd) != 0) { /* durable before anyone renames or commits it */
        snprintf(err, errlen, "%s: fsync failed: %s", job->path, strerror(errno));
        close(fd);
        return -1;
    }
    if (close(fd) != 0) {
        snprintf(err, errlen, "%s: close failed: %s", job->path, strerror(errno));
        return -1;
    }
    return 0;
}

/* An image in the page cache already: only the waiting for the device is
 * left, which costs no CPU. */
static void make_durable(struct ckpt_flush_job *job)
{
    char err[PATH_MAX + 128] = "";
    double t0 = ckpt_seconds();
    struct stat st;
    job->file_bytes = fstat(job->fd, &st) == 0 ? (size_t)st.st_size : 0;
    if (job->kill_halfway) { /* fault injection: as a write killed half-way leaves it */
        if (ftruncate(job->fd, (off_t)(job->file_bytes / 2)) == 0)
            fsync(job->fd);
        raise(SIGKILL);
    }
    int ok = !job->prepare || job->prepare(job, err, sizeof err) == 0;
    if (ok && fsync(job->fd) != 0) {
        snprintf(err, sizeof err, "%s: fsync failed: %s", job->path, strerror(errno));
        ok = 0;
    }
    if (close(job->fd) != 0 && ok) {
        snprintf(err, sizeof err, "%s: close failed: %s", job->path, strerror(errno));
        ok = 0;
    }
    job->fd = -1;
    job->write_seconds = ckpt_seconds() - t0;
    job->done(job, ok, err);
}

static void flush(struct ckpt_flush_job *job)
{
    if (job->in_file) {
        make_durable(job);
        return;
    }
    char err[PATH_MAX + 128] = "";
    double t0 = ckpt_seconds();
    ckpt_image_seal(job->image);
    struct ckpt_image_buffer *file = job->image;
    int ok = 1;
    if (job->compress_level > 0) {
        ok = ckpt_image_compress(job->image, &compressed, job->compress_level, err,
                                 sizeof err) == 0;
        file = &compressed;
    }
    double t1 = ckpt_seconds();
    ok = ok && (!job->prepare || job->prepare(job, err, sizeof err) == 0) &&
         write_file(job, file, err, sizeof err) == 0;
    job->file_bytes = file->size;
    job->seal_seconds = t1 - t0;
    job->write_seconds = ckpt_seconds() - t1;
    job->done(job, ok, err);
}

static void *writer_main(void *arg)
{
    flush(arg);
    return NULL;
}

static void wait_at_exit(void)
{
    ckpt_flush_wait();
}

void ckpt_flush_start(struct ckpt_flush_job *job)
{
    static int exit_hook;
    ckpt_flush_wait();
    if (!exit_hook) { /* a program that ends right after a checkpoint still gets it committed */
        exit_hook = 1;
        atexit(wait_at_exit);
    }
    if (job->in_background) {
        /* The program's signals stay with the program's thread. */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        int rc = pthread_create(&writer, NULL, writer_main, job);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (rc == 0) {
            writer_running = 1;
            return;
        }
        ckpt_warn("cannot start a thread to write the checkpoint (%s): writing it now",
                  strerror(rc));
    }
    flush(job);
}

void ckpt_flush_wait(void)
{
    if (!writer_running)
        return;
    pthread_join(writer, NULL);
    writer_running = 0;
}
