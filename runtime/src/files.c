#define _GNU_SOURCE /* O_DIRECT, F_DUPFD_CLOEXEC, dl_iterate_phdr */
#include "files.h"

#include "files_record.h"

#include "heap.h"
#include "image.h"
#include "log.h"
#include "program_calls.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct open_fd {
    unsigned kind;      /* 0: not the program's */
    int description;    /* shared by duplicates (dup): one open file */
    int alias_of;       /* FD_STD_ALIAS: 0, 1 or 2 */
    FILE *stream;       /* the program's stream on it, made in the heap */
    char *buffer;       /* that stream's buffer, in the heap too */
    dev_t device;       /* identity when opened, to notice a close we did not see */
    ino_t inode;
    int reported;
} table[MAX_FD];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static int next_description = 1;

int __real_open(const char *path, int flags, ...);
int __real_openat(int dir, const char *path, int flags, ...);
int __real_close(int fd);
int __real_dup(int fd);
int __real_dup2(int fd, int to);
int __real_dup3(int fd, int to, int flags);
int __real_fcntl(int fd, int cmd, ...);
FILE *__real_fopen(const char *path, const char *mode);
FILE *__real_fdopen(int fd, const char *mode);
FILE *__real_freopen(const char *path, const char *mode, FILE *stream);
FILE *__real_tmpfile(void);
int __real_fclose(FILE *stream);
int __real_setvbuf(FILE *stream, char *buf, int mode, size_t size);
int __real_pipe(int fds[2]);
int __real_pipe2(int fds[2], int flags);
int __real_socket(int domain, int type, int protocol);
int __real_socketpair(int domain, int type, int protocol, int fds[2]);
FILE *__real_popen(const char *command, const char *mode);
int __real_pclose(FILE *stream);

/* ---- the table ---- */

static struct open_fd *entry(int fd) { return fd >= 0 && fd < MAX_FD ? &table[fd] : NULL; }

static void track(int fd, unsigned kind, int description, int alias_of)
{
    struct open_fd *e = entry(fd);
    if (!e) {
        ckpt_warn("descriptor %d is beyond the %d descriptors the runtime keeps track of: it "
                  "will not be open again after a recovery",
                  fd, MAX_FD);
        return;
    }
    struct stat st;
    pthread_mutex_lock(&table_lock);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->description = description ? description : next_description++;
    e->alias_of = alias_of;
    if (fstat(fd, &st) == 0) {
        e->device = st.st_dev;
        e->inode = st.st_ino;
    }
    pthread_mutex_unlock(&table_lock);
}

/* The descriptor is closed: its stream's buffer goes too (when its stream
 * was closed: not when only the descriptor went behind the stream's back). */
static void forget(int fd)
{
    struct open_fd *e = entry(fd);
    if (!e || !e->kind)
        return;
    char *buffer = e->buffer;
    pthread_mutex_lock(&table_lock);
    memset(e, 0, sizeof *e);
    pthread_mutex_unlock(&table_lock);
    if (buffer)
        ckpt_heap_free(buffer);
}

static void forget_keeping_buffer(int fd)
{
    struct open_fd *e = entry(fd);
    if (e)
        e->buffer = NULL;
    forget(fd);
}

static int description_of(int fd)
{
    struct open_fd *e = entry(fd);
    return e && e->kind ? e->description : 0;
}

/* A descriptor the kernel gave below CKPT_FILES_FIRST_FD (but not a
 * standard one the program closed and opens again) moves up. */
static int move_up(int fd)
{
    if (fd < 3 || fd >= CKPT_FILES_FIRST_FD)
        return fd;
    int cloexec = (fcntl(fd, F_GETFD) & FD_CLOEXEC) ? 1 : 0;
    int moved = fcntl(fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, CKPT_FILES_FIRST_FD);
    if (moved < 0)
        return fd; /* out of descriptors up there: it stays, and is tracked where it is */
    __real_close(fd);
    return moved;
}

static int adopt(int fd, unsigned kind, int description)
{
    if (fd < 0)
        return fd;
    fd = move_up(fd);
    track(fd, kind, description, 0);
    return fd;
}

/* ---- descriptors ---- */

static mode_t mode_argument(int flags, va_list ap)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

int __wrap_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_argument(flags, ap);
    va_end(ap);
    int fd = __real_open(path, flags, mode);
    return CKPT_CALLED_BY_RUNTIME() ? fd : adopt(fd, FD_FILE, 0);
}

int __wrap_open64(const char *path, int flags, ...) __attribute__((alias("__wrap_open")));

int __wrap_openat(int dir, const char *path, int flags, ...);
int __wrap_openat(int dir, const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_argument(flags, ap);
    va_end(ap);
    int fd = __real_openat(dir, path, flags, mode);
    return CKPT_CALLED_BY_RUNTIME() ? fd : adopt(fd, FD_FILE, 0);
}

int __wrap_openat64(int dir, const char *path, int flags, ...)
    __attribute__((alias("__wrap_openat")));

int __wrap_creat(const char *path, mode_t mode);
int __wrap_creat(const char *path, mode_t mode)
{
    int fd = __real_open(path, O_CREAT | O_WRONLY | O_TRUNC, mode);
    return CKPT_CALLED_BY_RUNTIME() ? fd : adopt(fd, FD_FILE, 0);
}

int __wrap_creat64(const char *path, mode_t mode) __attribute__((alias("__wrap_creat")));

int __wrap_close(int fd);
int __wrap_close(int fd)
{
    if (!CKPT_CALLED_BY_RUNTIME())
        forget_keeping_buffer(fd); /* a stream may still use it: fclose frees it */
    return __real_close(fd);
}

/* A duplicate shares its original's open file; a duplicate of a standard
 * descriptor the program did not open is that descriptor again after a
 * recovery (whatever the recovering command gives it). */
static void track_duplicate(int from, int to)
{
    if (to < 0)
        return;
    if (description_of(from)) /* a copy of a copy of a standard one copies it too */
        track(to, entry(from)->kind, description_of(from), entry(from)->alias_of);
    else if (from >= 0 && from < 3)
        track(to, FD_STD_ALIAS, 0, from);
    else
        forget(to);
}

int __wrap_dup(int fd);
int __wrap_dup(int fd)
{
    int to = __real_dup(fd);
    if (CKPT_CALLED_BY_RUNTIME() || to < 0)
        return to;
    to = move_up(to);
    track_duplicate(fd, to);
    return to;
}

int __wrap_dup2(int fd, int to);
int __wrap_dup2(int fd, int to)
{
    int rc = __real_dup2(fd, to);
    if (!CKPT_CALLED_BY_RUNTIME() && rc >= 0 && fd != to)
        track_duplicate(fd, to);
    return rc;
}

int __wrap_dup3(int fd, int to, int flags);
int __wrap_dup3(int fd, int to, int flags)
{
    int rc = __real_dup3(fd, to, flags);
    if (!CKPT_CALLED_BY_RUNTIME() && rc >= 0)
        track_duplicate(fd, to);
    return rc;
}

int __wrap_fcntl(int fd, int cmd, ...);
int __wrap_fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    unsigned long arg = va_arg(ap, unsigned long); /* every fcntl argument fits */
    va_end(ap);
    int rc = __real_fcntl(fd, cmd, arg);
    if (!CKPT_CALLED_BY_RUNTIME() && rc >= 0 && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC))
        track_duplicate(fd, rc);
    return rc;
}

int __wrap_fcntl64(int fd, int cmd, ...) __attribute__((alias("__wrap_fcntl")));

static void track_pair(const int fds[2], unsigned kind)
{
    track(fds[0], kind, 0, 0);
    track(fds[1], kind, 0, 0);
}

int __wrap_pipe(int fds[2]);
int __wrap_pipe(int fds[2])
{
    int rc = __real_pipe(fds);
    if (rc == 0 && !CKPT_CALLED_BY_RUNTIME())
        track_pair(fds, FD_PIPE);
    return rc;
}

int __wrap_pipe2(int fds[2], int flags);
int __wrap_pipe2(int fds[2], int flags)
{
    int rc = __real_pipe2(fds, flags);
    if (rc == 0 && !CKPT_CALLED_BY_RUNTIME())
        track_pair(fds, FD_PIPE);
    return rc;
}

int __wrap_socket(int domain, int type, int protocol);
int __wrap_socket(int domain, int type, int protocol)
{
    int fd = __real_socket(domain, type, protocol);
    if (fd >= 0 && !CKPT_CALLED_BY_RUNTIME())
        track(fd, FD_SOCKET, 0, 0);
    return fd;
}

int __wrap_socketpair(int domain, int type, int protocol, int fds[2]);
int __wrap_socketpair(int domain, int type, int protocol, int fds[2])
{
    int rc = __real_socketpair(domain, type, protocol, fds);
    if (rc == 0 && !CKPT_CALLED_BY_RUNTIME())
        track_pair(fds, FD_SOCKET);
    return rc;
}

/* ---- streams ---- */

/* open(2) flags for an fopen mode; -1 for a mode fopen would refuse. */
static int mode_flags(const char *mode)
{
    int flags;
    switch (mode[0]) {
    case 'r': flags = O_RDONLY; break;
    case 'w': flags = O_WRONLY | O_CREAT | O_TRUNC; break;
    case 'a': flags = O_WRONLY | O_CREAT | O_APPEND; break;
    default: return -1;
    }
    for (const char *m = mode + 1; *m && *m != ','; m++) {
        if (*m == '+')
            flags = (flags & ~O_ACCMODE) | O_RDWR;
        else if (*m == 'x')
            flags |= O_EXCL;
        else if (*m == 'e')
            flags |= O_CLOEXEC;
    }
    return flags;
}

/* The FILE and its buffer in the checkpoint heap. The buffer is what glibc
 * would allocate itself on the first read or write (its size the file's
 * block size; lines for a terminal), only made now, where it is saved. */
static FILE *stream_on(int fd, const char *mode)
{
    ckpt_heap_route_begin();
    FILE *f = __real_fdopen(fd, mode);
    ckpt_heap_route_end();
    if (!f)
        return NULL;
    struct stat st;
    size_t size = fstat(fd, &st) == 0 && st.st_blksize > 0 ? (size_t)st.st_blksize : BUFSIZ;
    char *buffer = ckpt_heap_malloc(size);
    if (buffer)
        __real_setvbuf(f, buffer, isatty(fd) ? _IOLBF : _IOFBF, size);
    struct open_fd *e = entry(fd);
    if (e && e->kind) {
        e->stream = f;
        e->buffer = buffer;
    }
    return f;
}

FILE *__wrap_fopen(const char *path, const char *mode);
FILE *__wrap_fopen(const char *path, const char *mode)
{
    int flags = mode_flags(mode);
    if (CKPT_CALLED_BY_RUNTIME() || flags < 0 || strstr(mode, ",ccs="))
        return __real_fopen(path, mode);
    int fd = adopt(__real_open(path, flags, 0666), FD_FILE, 0);
    if (fd < 0)
        return NULL;
    char plain_mode[8];
    snprintf(plain_mode, sizeof plain_mode, "%c%s", mode[0], strchr(mode, '+') ? "+" : "");
    FILE *f = stream_on(fd, plain_mode);
    if (!f) {
        int saved = errno;
        forget(fd);
        __real_close(fd);
        errno = saved;
    }
    return f;
}

FILE *__wrap_fopen64(const char *path, const char *mode) __attribute__((alias("__wrap_fopen")));

FILE *__wrap_fdopen(int fd, const char *mode);
FILE *__wrap_fdopen(int fd, const char *mode)
{
    if (CKPT_CALLED_BY_RUNTIME())
        return __real_fdopen(fd, mode);
    if (!description_of(fd) && fd >= 0)
        track(fd, fd < 3 ? FD_STD_ALIAS : FD_FILE, 0, fd < 3 ? fd : 0);
    return stream_on(fd, mode);
}

FILE *__wrap_freopen(const char *path, const char *mode, FILE *stream);
FILE *__wrap_freopen(const char *path, const char *mode, FILE *stream)
{
    if (CKPT_CALLED_BY_RUNTIME())
        return __real_freopen(path, mode, stream);
    int old_fd = fileno(stream);
    struct open_fd *old = entry(old_fd);
    char *buffer = old && old->stream == stream ? old->buffer : NULL;
    if (old && old->stream == stream)
        forget_keeping_buffer(old_fd); /* the buffer moves to the reopened stream */
    int in_heap = ckpt_heap_owns(stream);
    if (in_heap)
        ckpt_heap_route_begin();
    FILE *f = __real_freopen(path, mode, stream);
    if (in_heap)
        ckpt_heap_route_end();
    if (!f) {
        if (buffer)
            ckpt_heap_free(buffer);
        return NULL;
    }
    int fd = fileno(f); /* glibc keeps the number where it can */
    track(fd, FD_FILE, 0, 0);
    if (in_heap && entry(fd)) {
        struct stat st;
        size_t size = fstat(fd, &st) == 0 && st.st_blksize > 0 ? (size_t)st.st_blksize : BUFSIZ;
        if (!buffer || ckpt_heap_usable_size(buffer) < size) {
            if (buffer)
                ckpt_heap_free(buffer);
            buffer = ckpt_heap_malloc(size);
        }
        if (buffer)
            __real_setvbuf(f, buffer, isatty(fd) ? _IOLBF : _IOFBF, size);
        entry(fd)->stream = f;
        entry(fd)->buffer = buffer;
    } else if (buffer) {
        ckpt_heap_free(buffer);
    }
    return f;
}

FILE *__wrap_freopen64(const char *path, const char *mode, FILE *stream)
    __attribute__((alias("__wrap_freopen")));

FILE *__wrap_tmpfile(void);
FILE *__wrap_tmpfile(void)
{
    if (CKPT_CALLED_BY_RUNTIME())
        return __real_tmpfile();
    ckpt_heap_route_begin();
    FILE *f = __real_tmpfile();
    ckpt_heap_route_end();
    if (f) {
        track(fileno(f), FD_FILE, 0, 0); /* reported as removed at a checkpoint */
        if (entry(fileno(f)))
            entry(fileno(f))->stream = f;
    }
    return f;
}

FILE *__wrap_tmpfile64(void) __attribute__((alias("__wrap_tmpfile")));

int __wrap_fclose(FILE *stream);
int __wrap_fclose(FILE *stream)
{
    if (CKPT_CALLED_BY_RUNTIME())
        return __real_fclose(stream);
    int fd = fileno(stream);
    struct open_fd *e = entry(fd);
    char *buffer = NULL;
    if (e && e->stream == stream) {
        buffer = e->buffer; /* glibc does not free a buffer it was given */
        e->buffer = NULL;
    }
    int rc = __real_fclose(stream);
    forget(fd);
    if (buffer)
        ckpt_heap_free(buffer);
    return rc;
}

FILE *__wrap_popen(const char *command, const char *mode);
FILE *__wrap_popen(const char *command, const char *mode)
{
    FILE *f = __real_popen(command, mode);
    if (f && !CKPT_CALLED_BY_RUNTIME())
        track(fileno(f), FD_PIPE, 0, 0);
    return f;
}

int __wrap_pclose(FILE *stream);
int __wrap_pclose(FILE *stream)
{
    if (!CKPT_CALLED_BY_RUNTIME())
        forget(fileno(stream));
    return __real_pclose(stream);
}

/* ---- at a checkpoint ---- */

/* One descriptor in the image, followed by its path (path_length bytes,
 * then zeros to a multiple of 8). */
static const char *what_it_is(mode_t mode, unsigned kind)
{
    if (S_ISFIFO(mode))
        return "a pipe";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISBLK(mode))
        return "a block device";
    return kind == FD_PIPE ? "a pipe" : kind == FD_SOCKET ? "a socket" : "not a regular file";
}

static void report_once(int fd, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void report_once(int fd, const char *format, ...)
{
    if (table[fd].reported)
        return;
    table[fd].reported = 1;
    char text[PATH_MAX + 256];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    ckpt_warn("descriptor %d %s: after a recovery it is closed (a program can open it again "
              "with ckpt_on_recovery, <aalc/ckpt.h>)",
              fd, text);
}

/* Flags and offset as the kernel has them (/proc/self/fdinfo). */
static int read_fdinfo(int fd, int *flags, int64_t *offset)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/self/fdinfo/%d", fd);
    FILE *f = __real_fopen(path, "r");
    if (!f)
        return -1;
    int found = 0;
    long long pos;
    unsigned octal;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "pos: %lld", &pos) == 1) {
            *offset = pos;
            found |= 1;
        } else if (sscanf(line, "flags: %o", &octal) == 1) {
            *flags = (int)octal;
            found |= 2;
        }
    }
    __real_fclose(f);
    return found == 3 ? 0 : -1;
}

static int libc_extent(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    if (!strstr(info->dlpi_name, "/libc.so"))
        return 0;
    struct saved_files *h = out;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD) {
            uint64_t start = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
            uint64_t end = start + info->dlpi_phdr[i].p_memsz;
            if (!h->libc_start || start < h->libc_start)
                h->libc_start = start;
            if (end > h->libc_end)
                h->libc_end = end;
        }
    return 1;
}

/* Appends one descriptor's record to *buf (grown with the untracked heap). */
static int append(char **buf, size_t *used, size_t *capacity, const void *data, size_t n)
{
    size_t padded = (n + 7) & ~(size_t)7;
    if (*used + padded > *capacity) {
        size_t grown = (*used + padded) * 2 + 4096;
        char *p = ckpt_untracked_realloc(*buf, grown);
        if (!p)
            return -1;
        *buf = p;
        *capacity = grown;
    }
    memcpy(*buf + *used, data, n);
    memset(*buf + *used + n, 0, padded - n);
    *used += padded;
    return 0;
}

/* The record of descriptor fd, or 0 when it is not saved (closed behind our
 * back: forgotten; cannot come back: reported). */
static int describe(int fd, struct saved_fd *out, char *path, size_t path_size)
{
    struct open_fd *e = &table[fd];
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_dev != e->device || st.st_ino != e->inode) {
        forget_keeping_buffer(fd); /* closed by code we do not see, or reused by it */
        return 0;
    }
    memset(out, 0, sizeof *out);
    out->fd = fd;
    out->description = e->description;
    out->kind = (int32_t)e->kind;
    out->alias_of = e->alias_of;
    out->stream = (uint64_t)(uintptr_t)e->stream;
    out->buffer = (uint64_t)(uintptr_t)e->buffer;
    if (e->kind == FD_STD_ALIAS)
        return 1;
    if (e->kind != FD_FILE || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode))) {
        report_once(fd, "is %s", what_it_is(st.st_mode, e->kind));
        return 0;
    }
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, path_size - 1);
    if (n <= 0 || n >= (ssize_t)path_size - 1)
        return 0;
    path[n] = '\0';
    const char *removed = " (deleted)";
    if (path[0] != '/' || (n > 10 && strcmp(path + n - 10, removed) == 0)) {
        report_once(fd, "is a file that was removed (%s)", path);
        return 0;
    }
    if (e->stream && fwide(e->stream, 0) > 0) {
        report_once(fd, "has a wide-character stream (%s), whose conversion state is the C "
                        "library's", path);
        return 0;
    }
    if (read_fdinfo(fd, &out->flags, &out->offset) != 0)
        return 0;
    out->length = S_ISREG(st.st_mode) ? st.st_size : 0;
    out->device = st.st_dev;
    out->inode = st.st_ino;
    out->changed_s = st.st_ctim.tv_sec;
    out->changed_ns = st.st_ctim.tv_nsec;
    out->path_length = (uint32_t)n;
    return 1;
}

int ckpt_files_save(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    struct saved_files header = {0, 0, 0};
    dl_iterate_phdr(libc_extent, &header);
    char *buf = NULL, path[PATH_MAX];
    size_t used = 0, capacity = 0;
    int ok = append(&buf, &used, &capacity, &header, sizeof header) == 0;
    for (int fd = 0; ok && fd < MAX_FD; fd++) {
        struct saved_fd record;
        if (!table[fd].kind || !describe(fd, &record, path, sizeof path))
            continue;
        ok = append(&buf, &used, &capacity, &record, sizeof record) == 0 &&
             append(&buf, &used, &capacity, path, record.path_length) == 0;
        header.count++;
    }
    if (!ok) {
        ckpt_untracked_free(buf);
        snprintf(err, errlen, "out of memory recording the open files");
        return -1;
    }
    memcpy(buf, &header, sizeof header);
    int rc = ckpt_image_add_section(w, CKPT_SECTION_FILES, 0, buf, used, err, errlen);
    ckpt_untracked_free(buf);
    return rc;
}

/* ---- after a recovery ---- */

/* Files the program had open for writing at the checkpoint (inodes). */
static uint64_t written[MAX_FD];
static int written_count;

static void note_written(const struct saved_fd *r, const char *path, const struct saved_files *h)
{
    (void)path;
    (void)h;
    if (r->kind == FD_FILE && (r->flags & O_ACCMODE) != O_RDONLY && written_count < MAX_FD)
        written[written_count++] = r->inode;
}

static int written_by_program(uint64_t inode)
{
    for (int i = 0; i < written_count; i++)
        if (written[i] == inode)
            return 1;
    return 0;
}

/* The first descriptor restored for each open file: its duplicates are dups of it. */
static int restored_description[MAX_FD];
static int restored_fd[MAX_FD];
static int restored_count;

static int already_open(int description)
{
    for (int i = 0; i < restored_count; i++)
        if (restored_description[i] == description)
            return restored_fd[i];
    return -1;
}

static int open_again(const struct saved_fd *r, const char *path)
{
    int keep = O_ACCMODE | O_APPEND | O_NONBLOCK | O_DSYNC | O_SYNC | O_DIRECT | O_NOATIME |
               O_CLOEXEC | O_DIRECTORY | O_LARGEFILE;
    int fd = __real_open(path, r->flags & keep);
    if (fd < 0)
        ckpt_fatal("cannot open %s again (descriptor %d of the program at the checkpoint): %s",
                   path, r->fd, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_ino != (ino_t)r->inode)
        ckpt_fatal("%s was replaced by another file since the checkpoint (descriptor %d of the "
                   "program): it cannot be continued with",
                   path, r->fd);
    int writes = (r->flags & O_ACCMODE) != O_RDONLY;
    /* A new inode can have the old one's number: a file the program only
     * reads (through every descriptor it has on it) must also be unchanged
     * since (its status change time). */
    if (!writes && !written_by_program(r->inode) && S_ISREG(st.st_mode) &&
        (st.st_ctim.tv_sec != r->changed_s || st.st_ctim.tv_nsec != r->changed_ns))
        ckpt_fatal("%s was replaced by another file or changed since the checkpoint (descriptor "
                   "%d of the program, which reads it): it cannot be continued with",
                   path, r->fd);
    if (S_ISREG(st.st_mode) && st.st_size < r->length)
        ckpt_fatal("%s is shorter than at the checkpoint (%lld bytes, %lld then; descriptor %d "
                   "of the program): it was changed by someone else",
                   path, (long long)st.st_size, (long long)r->length, r->fd);
    /* What the program wrote after the checkpoint is written again from there. */
    if (writes && S_ISREG(st.st_mode) && st.st_size > r->length && ftruncate(fd, r->length) != 0)
        ckpt_fatal("cannot cut %s back to its length at the checkpoint: %s", path,
                   strerror(errno));
    if (S_ISREG(st.st_mode) && lseek(fd, r->offset, SEEK_SET) < 0)
        ckpt_fatal("cannot move to offset %lld in %s: %s", (long long)r->offset, path,
                   strerror(errno));
    return fd;
}

static void put_on(int fd, int to)
{
    if (fd == to)
        return;
    if (__real_dup2(fd, to) < 0)
        ckpt_fatal("cannot give the program its descriptor %d again: %s", to, strerror(errno));
    __real_close(fd);
}

/* glibc's flag for a stream in its list of streams (libio.h); cleared so
 * that _IO_link_in (part of glibc's ABI) adds the restored stream, which
 * the new process's list does not have, for fflush(NULL) and exit. */
#define GLIBC_IO_LINKED 0x80
void _IO_link_in(void *stream);

static void relink(FILE *stream, const struct saved_files *h)
{
    if (!stream || !ckpt_heap_owns(stream))
        return;
    struct saved_files now = {0, 0, 0};
    dl_iterate_phdr(libc_extent, &now);
    if (now.libc_start != h->libc_start) {
        /* The C library moved (address-space randomization was on): its
         * pointers in the FILE (function table, list links) move with it. */
        size_t words = ckpt_heap_usable_size(stream) / sizeof(uint64_t);
        uint64_t *w = (uint64_t *)(void *)stream;
        for (size_t i = 0; i < words; i++)
            if (w[i] >= h->libc_start && w[i] < h->libc_end)
                w[i] = w[i] - h->libc_start + now.libc_start;
    }
    stream->_flags &= ~GLIBC_IO_LINKED;
    _IO_link_in(stream);
}

/* Descriptors 0, 1 and 2 as the recovering command gave them, while the
 * copies of them are restored: a copy may itself be 1 (dup2(2, 1)). */
static int started_std[3] = {-1, -1, -1};

static void restore_one(const struct saved_fd *r, const char *path, const struct saved_files *h)
{
    if (fcntl(r->fd, F_GETFD) >= 0 && r->kind != FD_STD_ALIAS && r->fd >= 3)
        ckpt_fatal("descriptor %d, the program's %s at the checkpoint, is taken in the "
                   "recovering process",
                   r->fd, path);
    if (r->kind == FD_STD_ALIAS) {
        int from = started_std[r->alias_of] >= 0 ? started_std[r->alias_of] : r->alias_of;
        if (r->fd != from && __real_dup2(from, r->fd) < 0)
            ckpt_fatal("cannot make descriptor %d a copy of %d again", r->fd, r->alias_of);
    } else {
        int first = already_open(r->description);
        if (first >= 0) {
            if (__real_dup2(first, r->fd) < 0)
                ckpt_fatal("cannot make descriptor %d a copy of %d again", r->fd, first);
        } else {
            put_on(open_again(r, path), r->fd);
            restored_description[restored_count] = r->description;
            restored_fd[restored_count++] = r->fd;
        }
    }
    track(r->fd, (unsigned)r->kind, r->description, r->alias_of);
    table[r->fd].stream = (FILE *)(uintptr_t)r->stream;
    table[r->fd].buffer = (char *)(uintptr_t)r->buffer;
    if (table[r->fd].stream && ckpt_heap_owns(table[r->fd].stream))
        relink(table[r->fd].stream, h);
    if (r->description >= next_description)
        next_description = r->description + 1;
}

static void restore_alias(const struct saved_fd *r, const char *path, const struct saved_files *h)
{
    if (r->kind == FD_STD_ALIAS)
        restore_one(r, path, h);
}

static void restore_other(const struct saved_fd *r, const char *path, const struct saved_files *h)
{
    if (r->kind != FD_STD_ALIAS)
        restore_one(r, path, h);
}

void ckpt_files_restore(const struct ckpt_image *img)
{
    const struct ckpt_image_section *s = ckpt_image_find(img, CKPT_SECTION_FILES, 0);
    restored_count = written_count = 0;
    ckpt_files_each_saved(s, note_written, NULL);
    /* Copies of a standard descriptor first, while 0, 1 and 2 are still what
     * the recovering command gave: a program that kept a copy of its stdout
     * and then sent stdout to a file has the file put on 1 in the second
     * pass, and its copy must not follow it there. */
    for (int i = 0; i < 3; i++)
        started_std[i] = fcntl(i, F_DUPFD_CLOEXEC, CKPT_FILES_FIRST_FD - 12);
    ckpt_files_each_saved(s, restore_alias, NULL);
    for (int i = 0; i < 3; i++) {
        if (started_std[i] >= 0)
            __real_close(started_std[i]);
        started_std[i] = -1;
    }
    ckpt_files_each_saved(s, restore_other, NULL);
}
