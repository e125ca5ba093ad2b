/*
 * The checkpoint directory (see store.h).
 *
 *   DIR/ckpt-NNNNNN/               one per checkpoint (6 digits, more when needed)
 *   DIR/ckpt-NNNNNN/rank-RRRRRR.img.tmp   an image being written
 *   DIR/ckpt-NNNNNN/rank-RRRRRR.img       a finished, durable image
 *   DIR/ckpt-NNNNNN/COMMITTED      "nranks N\n": the checkpoint exists
 *   DIR/ckpt-NNNNNN/JOB            the job that wrote it (job.c), before COMMITTED
 *   DIR/ckpt-NNNNNN/INCREMENTAL    some rank's image needs checkpoint NNNNNN-1's
 *   DIR/LOCK                       held by the running job (job.c)
 *   DIR/ckpt-NNNNNN.damaged[.K]    set aside after failing to load
 *
 * Every durable step is write, fsync, rename, fsync of the containing
 * directory, so after a crash a name either refers to complete content or is
 * absent. Only names exactly as this file spells them are considered ours;
 * anything else in DIR is left alone.
 */
#define _GNU_SOURCE
#include "store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_modes.h"
#include "heap.h"
#include "job_file.h"

#define COMMITTED "COMMITTED"
#define COMMITTED_TMP "COMMITTED.tmp"
#define INCREMENTAL "INCREMENTAL"
#define DAMAGED_SUFFIX ".damaged"
#define NAME_LEN 64          /* room for "ckpt-<20 digits>.damaged.<digits>" */
#define MAX_SET_ASIDE 1000   /* ckpt-N.damaged, .damaged.1 ... .damaged.999 */
#define MAX_TREE_DEPTH 16    /* checkpoint directories are flat; guard anyway */
#define DAMAGED_KEPT 3       /* set-aside checkpoints kept for inspection, newest first */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* snprintf that reports truncation: 0, or -1 when the result did not fit. */
static int fmt_path(char *out, size_t outlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fmt_path(char *out, size_t outlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, outlen, fmt, ap);
    va_end(ap);
    return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

static void ckpt_name(uint64_t n, char *out)
{
    snprintf(out, NAME_LEN, "ckpt-%06" PRIu64, n);
}

/* Is name "ckpt-<digits>" exactly as ckpt_name spells it, optionally followed
 * by ".damaged[.K]"? Sets *n and *damaged. */
static int parse_ckpt_name(const char *name, uint64_t *n, int *damaged)
{
    if (strncmp(name, "ckpt-", 5) != 0)
        return 0;
    const char *p = name + 5;
    uint64_t v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
            return 0;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (digits == 0)
        return 0;
    char canon[NAME_LEN];
    ckpt_name(v, canon);
    size_t clen = strlen(canon);
    /* e.g. ckpt-7 or ckpt-0000007: not spelled our way, not ours */
    if ((size_t)(p - name) != clen || strncmp(name, canon, clen) != 0)
        return 0;
    if (*p == '\0') {
        *damaged = 0;
    } else if (strncmp(p, DAMAGED_SUFFIX, strlen(DAMAGED_SUFFIX)) == 0) {
        *damaged = 1;
    } else {
        return 0;
    }
    *n = v;
    return 1;
}

/* fsync a directory so the names created or removed in it are durable. */
static int fsync_dir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    /* Some file systems cannot fsync directories (EINVAL); nothing more to do there. */
    if (rc != 0 && errno == EINVAL)
        rc = 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

/* fsync the directory containing path, so a directory just created there is durable. */
static int fsync_parent(const char *path)
{
    char parent[PATH_MAX];
    if (fmt_path(parent, sizeof parent, "%s", path) != 0)
        return -1;
    size_t len = strlen(parent);
    while (len > 1 && parent[len - 1] == '/')
        parent[--len] = '\0';
    char *slash = strrchr(parent, '/');
    if (!slash)
        return fsync_dir(".");
    slash[slash == parent ? 1 : 0] = '\0';
    return fsync_dir(parent);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int ckpt_store_exists(const char *dir)
{
    return is_dir(dir);
}

/* ---- creating ---------------------------------------------------------- */

/* dir into path (PATH_MAX bytes), for walking its prefixes. */
static int copy_dir_path(const char *dir, char *path, char *err, size_t errlen)
{
    if (dir[0] == '\0') {
        set_err(err, errlen, "checkpoint directory: empty path");
        return -1;
    }
    if (fmt_path(path, PATH_MAX, "%s", dir) != 0) {
        set_err(err, errlen, "checkpoint directory: path too long");
        return -1;
    }
    return 0;
}

int ckpt_store_can_create(const char *dir, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (copy_dir_path(dir, path, err, errlen) != 0)
        return -1;
    for (;;) {
        char *slash = strrchr(path, '/');
        if (!slash) {
            strcpy(path, ".");
        } else if (slash == path) {
            path[1] = '\0';
        } else {
            *slash = '\0';
        }
        struct stat st;
        if (stat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                set_err(err, errlen, "%s: cannot make the checkpoint directory %s: not a directory",
                        path, dir);
                return -1;
            }
            if (access(path, W_OK | X_OK) != 0) {
                set_err(err, errlen, "%s: cannot make the checkpoint directory %s: %s", path, dir,
                        strerror(errno));
                return -1;
            }
            return 0;
        }
        if (errno != ENOENT) {
            set_err(err, errlen, "%s: cannot make the checkpoint directory %s: %s", path, dir,
                    strerror(errno));
            return -1;
        }
        if (strcmp(path, ".") == 0 || strcmp(path, "/") == 0)
            return 0;
    }
}

int ckpt_store_open(const char *dir, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (copy_dir_path(dir, path, err, errlen) != 0)
        return -1;
    /* mkdir -p: create each missing prefix, private (file_modes.h). */
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        /* An existing prefix may report EEXIST, EACCES or EROFS: fine if it is a directory. */
        if (ckpt_make_dir(path) != 0) {
            int e = errno;
            if (!is_dir(path)) {
                set_err(err, errlen, "%s: %s", path,
                        e == EEXIST ? "not a directory" : strerror(e));
                return -1;
            }
        } else if (fsync_parent(path) != 0) {
            set_err(err, errlen, "%s: fsync of its parent failed: %s", path, strerror(errno));
            return -1;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    if (!is_dir(dir)) {
        set_err(err, errlen, "%s: not a directory", dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        set_err(err, errlen, "%s: cannot write checkpoints here: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* On truncation out becomes "", which no open() or rename() accepts. */
static void rank_file_path(const char *dir, uint64_t n, uint32_t rank, const char *ext,
                           char *out, size_t outlen)
{
    char name[NAME_LEN];
    ckpt_name(n, name);
    if (outlen == 0)
        return;
    if (fmt_path(out, outlen, "%s/%s/rank-%06" PRIu32 "%s", dir, name, rank, ext) != 0)
        out[0] = '\0';
}

static void image_path(const char *dir, uint64_t n, uint32_t rank, const char *suffix,
                       char *out, size_t outlen)
{
    rank_file_path(dir, n, rank, *suffix ? ".img.tmp" : ".img", out, outlen);
}

void ckpt_store_log_path(const char *dir, uint64_t n, uint32_t rank, int tmp, char *out,
                         size_t outlen)
{
    rank_file_path(dir, n, rank, tmp ? ".log.tmp" : ".log", out, outlen);
}

void ckpt_store_image_tmp_path(const char *dir, uint64_t n, uint32_t rank, char *out,
                               size_t outlen)
{
    image_path(dir, n, rank, ".tmp", out, outlen);
}

void ckpt_store_image_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t outlen)
{
    image_path(dir, n, rank, "", out, outlen);
}

static int ckpt_dir_path(const char *dir, uint64_t n, char *out, size_t outlen, char *err,
                         size_t errlen)
{
    char name[NAME_LEN];
    ckpt_name(n, name);
    if (fmt_path(out, outlen, "%s/%s", dir, name) != 0) {
        set_err(err, errlen, "%s: path too long for checkpoint %" PRIu64, dir, n);
        return -1;
    }
    return 0;
}

void ckpt_store_file_path(const char *dir, uint64_t n, const char *name, char *out,
                          size_t outlen)
{
    char cname[NAME_LEN];
    ckpt_name(n, cname);
    if (outlen && fmt_path(out, outlen, "%s/%s/%s", dir, cname, name) != 0)
        out[0] = '\0';
}

int ckpt_store_file_exists(const char *dir, uint64_t n, const char *name)
{
    char path[PATH_MAX];
    struct stat st;
    ckpt_store_file_path(dir, n, name, path, sizeof path);
    return path[0] && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int ckpt_store_rank_files(const char *dir, uint64_t n, uint32_t rank, int with_job,
                          char names[][CKPT_STORE_FILE_NAME_MAX], int max)
{
    static const char *const kinds[] = {".img", ".log"};
    int count = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds + 1 && count < max; k++) {
        char name[CKPT_STORE_FILE_NAME_MAX];
        if (k < sizeof kinds / sizeof *kinds)
            snprintf(name, sizeof name, "rank-%06" PRIu32 "%s", rank, kinds[k]);
        else if (with_job)
            snprintf(name, sizeof name, "%s", CKPT_JOB_FILE);
        else
            break;
        if (ckpt_store_file_exists(dir, n, name))
            memcpy(names[count++], name, sizeof name);
    }
    return count;
}

int ckpt_store_images_present(const char *dir, uint64_t n, unsigned char *present,
                              uint32_t nranks)
{
    memset(present, 0, nranks);
    char cdir[PATH_MAX];
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, NULL, 0) != 0)
        return 0;
    DIR *d = opendir(cdir);
    if (!d) /* not there is nothing held; unreadable must not pass for that */
        return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
    int count = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        uint32_t rank;
        char again[CKPT_STORE_FILE_NAME_MAX], log[CKPT_STORE_FILE_NAME_MAX];
        if (sscanf(de->d_name, "rank-%" SCNu32 ".img", &rank) != 1 || rank >= nranks)
            continue;
        snprintf(again, sizeof again, "rank-%06" PRIu32 ".img", rank); /* exactly that name */
        snprintf(log, sizeof log, "rank-%06" PRIu32 ".log", rank);
        if (strcmp(again, de->d_name) == 0 && !present[rank] &&
            ckpt_store_file_exists(dir, n, again) && ckpt_store_file_exists(dir, n, log)) {
            present[rank] = 1;
            count++;
        }
    }
    closedir(d);
    return count;
}

int ckpt_store_make_checkpoint_dir(const char *dir, uint64_t n, char *err, size_t errlen)
{
    char cdir[PATH_MAX];
    if (ckpt_store_open(dir, err, errlen) != 0 ||
        ckpt_dir_path(dir, n, cdir, sizeof cdir, err, errlen) != 0)
        return -1;
    if (ckpt_make_dir(cdir) != 0 && (errno != EEXIST || !is_dir(cdir))) {
        set_err(err, errlen, "%s: cannot create directory: %s", cdir, strerror(errno));
        return -1;
    }
    return fsync_dir(dir) == 0 ? 0 : (set_err(err, errlen, "%s: fsync failed", dir), -1);
}

int ckpt_store_create_dir(const char *dir, uint64_t n, char *err, size_t errlen)
{
    char cdir[PATH_MAX], marker[PATH_MAX];
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, err, errlen) != 0)
        return -1;
    if (fmt_path(marker, sizeof marker, "%s/%s", cdir, COMMITTED) != 0) {
        set_err(err, errlen, "%s: path too long", cdir);
        return -1;
    }
    /* A directory left by a crash is reused, unless it was committed. */
    if (ckpt_make_dir(cdir) != 0) {
        if (errno != EEXIST || !is_dir(cdir)) {
            set_err(err, errlen, "%s: cannot create directory: %s", cdir,
                    errno == EEXIST ? "exists and is not a directory" : strerror(errno));
            return -1;
        }
        if (access(marker, F_OK) == 0) {
            set_err(err, errlen, "%s: checkpoint %" PRIu64 " is already committed", cdir, n);
            return -1;
        }
        chmod(cdir, ckpt_dir_mode()); /* a leftover keeps no wider mode */
    }
    return 0;
}

int ckpt_store_sync_dir(const char *dir, char *err, size_t errlen)
{
    if (fsync_dir(dir) != 0) {
        set_err(err, errlen, "%s: fsync failed: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

int ckpt_store_prepare(const char *dir, uint64_t n, char *err, size_t errlen)
{
    if (ckpt_store_create_dir(dir, n, err, errlen) != 0)
        return -1;
    return ckpt_store_sync_dir(dir, err, errlen);
}

int ckpt_store_publish_image(const char *dir, uint64_t n, uint32_t rank, char *err,
                             size_t errlen)
{
    char tmp[PATH_MAX], final[PATH_MAX], cdir[PATH_MAX];
    ckpt_store_image_tmp_path(dir, n, rank, tmp, sizeof tmp);
    ckpt_store_image_path(dir, n, rank, final, sizeof final);
    if (tmp[0] == '\0' || final[0] == '\0') {
        set_err(err, errlen, "%s: path too long for checkpoint %" PRIu64, dir, n);
        return -1;
    }
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, err, errlen) != 0)
        return -1;
    if (rename(tmp, final) != 0) {
        set_err(err, errlen, "%s: cannot rename to %s: %s", tmp, final, strerror(errno));
        return -1;
    }
    if (fsync_dir(cdir) != 0) {
        set_err(err, errlen, "%s: fsync failed: %s", cdir, strerror(errno));
        return -1;
    }
    return 0;
}

int ckpt_store_mark_incremental(const char *dir, uint64_t n, char *err, size_t errlen)
{
    char marker[PATH_MAX];
    ckpt_store_file_path(dir, n, INCREMENTAL, marker, sizeof marker);
    if (marker[0] == '\0') {
        set_err(err, errlen, "%s: path too long for checkpoint %" PRIu64, dir, n);
        return -1;
    }
    /* Every rank with an incremental image makes it: empty, the name is
     * all. ckpt_store_publish_image's fsync of the directory makes it
     * durable before the image is. */
    int fd = ckpt_create_file(marker, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        set_err(err, errlen, "%s: cannot create: %s", marker, strerror(errno));
        return -1;
    }
    close(fd);
    return 0;
}

/* Write all of buf to a new file and fsync it. */
static int write_file_synced(const char *path, const char *buf, size_t len, char *err,
                             size_t errlen)
{
    int fd = ckpt_create_file(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
        set_err(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t r = write(fd, buf + done, len - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            set_err(err, errlen, "%s: write failed: %s", path,
                    r < 0 ? strerror(errno) : "no progress");
            close(fd);
            return -1;
        }
        done += (size_t)r;
    }
    if (fsync(fd) != 0) {
        set_err(err, errlen, "%s: fsync failed: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (close(fd) != 0) {
        set_err(err, errlen, "%s: close failed: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int ckpt_store_commit(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen)
{
    char cdir[PATH_MAX], tmp[PATH_MAX], marker[PATH_MAX];
    if (nranks == 0) {
        set_err(err, errlen, "%s: cannot commit checkpoint %" PRIu64 " with 0 ranks", dir, n);
        return -1;
    }
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, err, errlen) != 0)
        return -1;
    if (fmt_path(tmp, sizeof tmp, "%s/%s", cdir, COMMITTED_TMP) != 0 ||
        fmt_path(marker, sizeof marker, "%s/%s", cdir, COMMITTED) != 0) {
        set_err(err, errlen, "%s: path too long", cdir);
        return -1;
    }
    char content[32];
    int len = snprintf(content, sizeof content, "nranks %" PRIu32 "\n", nranks);
    if (write_file_synced(tmp, content, (size_t)len, err, errlen) != 0)
        return -1;
    if (rename(tmp, marker) != 0) {
        set_err(err, errlen, "%s: cannot rename to %s: %s", tmp, marker, strerror(errno));
        return -1;
    }
    /* The rename is the commit point; it counts once the directory is on disk. */
    if (fsync_dir(cdir) != 0) {
        set_err(err, errlen, "%s: fsync failed: %s", cdir, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- reading the directory ---------------------------------------------- */

/* A committed checkpoint has a COMMITTED marker reading exactly "nranks N\n", N >= 1:
 * returns N, or 0 when name is not committed. */
static uint32_t committed_nranks(int dfd, const char *name)
{
    char path[NAME_LEN + sizeof COMMITTED + 1];
    snprintf(path, sizeof path, "%s/%s", name, COMMITTED);
    /* O_NONBLOCK: a FIFO planted under that name must not hang the scan. */
    int fd = openat(dfd, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[32];
    size_t len = 0;
    for (;;) {
        ssize_t r = read(fd, buf + len, sizeof buf - 1 - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
        if (len == sizeof buf - 1)
            break;
    }
    close(fd);
    buf[len] = '\0';
    if (strncmp(buf, "nranks ", 7) != 0)
        return 0;
    const char *p = buf + 7;
    uint64_t v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9' && digits < 11; p++, digits++)
        v = v * 10 + (uint64_t)(*p - '0');
    int ok = digits > 0 && v >= 1 && v <= UINT32_MAX && p[0] == '\n' && p[1] == '\0' &&
             len == (size_t)(p + 1 - buf);
    return ok ? (uint32_t)v : 0;
}

static int is_committed(int dfd, const char *name)
{
    return committed_nranks(dfd, name) != 0;
}

uint32_t ckpt_store_committed_nranks(const char *dir, uint64_t n)
{
    char name[NAME_LEN];
    ckpt_name(n, name);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return 0;
    uint32_t nranks = committed_nranks(dfd, name);
    close(dfd);
    return nranks;
}

int ckpt_store_write_file(const char *dir, uint64_t n, const char *name, const void *buf,
                          size_t len, char *err, size_t errlen)
{
    char cdir[PATH_MAX], tmp[PATH_MAX], path[PATH_MAX];
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, err, errlen) != 0)
        return -1;
    if (fmt_path(tmp, sizeof tmp, "%s/%s.tmp", cdir, name) != 0 ||
        fmt_path(path, sizeof path, "%s/%s", cdir, name) != 0) {
        set_err(err, errlen, "%s: path too long", cdir);
        return -1;
    }
    if (write_file_synced(tmp, buf, len, err, errlen) != 0) {
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        set_err(err, errlen, "%s: cannot rename to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0; /* durable with the commit's fsync of the directory */
}

long ckpt_store_read_file(const char *dir, uint64_t n, const char *name, char *buf, size_t cap)
{
    char cdir[PATH_MAX], path[PATH_MAX];
    if (cap == 0 || ckpt_dir_path(dir, n, cdir, sizeof cdir, NULL, 0) != 0 ||
        fmt_path(path, sizeof path, "%s/%s", cdir, name) != 0)
        return -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t len = 0;
    while (len < cap - 1) {
        ssize_t r = read(fd, buf + len, cap - 1 - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = '\0';
    return (long)len;
}

struct entry {
    uint64_t n;
    int damaged;   /* ckpt-N.damaged[.K] */
    int committed; /* a directory with a valid COMMITTED marker */
    char name[NAME_LEN];
};

struct scan {
    struct entry *e;
    size_t count;
};

/* All of our entries in dir. -1 if dir cannot be read or memory runs out. */
static int scan_dir(const char *dir, struct scan *s)
{
    s->e = NULL;
    s->count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    size_t cap = 0;
    int rc = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        struct entry e;
        memset(&e, 0, sizeof e);
        if (strlen(de->d_name) >= NAME_LEN || !parse_ckpt_name(de->d_name, &e.n, &e.damaged))
            continue;
        strcpy(e.name, de->d_name);
        e.committed = !e.damaged && is_committed(dirfd(d), e.name);
        if (s->count == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            struct entry *ne = ckpt_untracked_realloc(s->e, ncap * sizeof *ne);
            if (!ne) {
                rc = -1;
                break;
            }
            s->e = ne;
            cap = ncap;
        }
        s->e[s->count++] = e;
    }
    closedir(d);
    return rc;
}

static void scan_free(struct scan *s)
{
    ckpt_untracked_free(s->e);
    s->e = NULL;
    s->count = 0;
}

static int by_committed_then_newest(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->committed != y->committed)
        return x->committed ? -1 : 1;
    return x->n > y->n ? -1 : x->n < y->n ? 1 : 0;
}

/* Committed first, newest first; then the rest, newest first. */
static void scan_sort(struct scan *s)
{
    if (s->count > 1) /* qsort must not see the NULL array of an empty scan */
        qsort(s->e, s->count, sizeof *s->e, by_committed_then_newest);
}

int ckpt_store_list_committed(const char *dir, uint64_t *out, int max)
{
    struct scan s;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return 0;
    }
    scan_sort(&s);
    int k = 0;
    for (size_t i = 0; i < s.count && k < max && s.e[i].committed; i++)
        out[k++] = s.e[i].n;
    scan_free(&s);
    return k;
}

long ckpt_store_list_all(const char *dir, struct ckpt_store_entry **out)
{
    struct scan s;
    *out = NULL;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return -1;
    }
    struct ckpt_store_entry *list = ckpt_untracked_malloc((s.count ? s.count : 1) * sizeof *list);
    if (!list) {
        scan_free(&s);
        return -1;
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; i < s.count; i++) {
        list[i].n = s.e[i].n;
        list[i].damaged = s.e[i].damaged;
        list[i].nranks = s.e[i].committed && dfd >= 0 ? committed_nranks(dfd, s.e[i].name) : 0;
        snprintf(list[i].name, sizeof list[i].name, "%s", s.e[i].name);
    }
    if (dfd >= 0)
        close(dfd);
    long count = (long)s.count;
    scan_free(&s);
    *out = list;
    return count;
}

uint64_t ckpt_store_highest(const char *dir)
{
    struct scan s;
    uint64_t hi = 0;
    scan_dir(dir, &s); /* on failure, whatever was seen so far */
    /* Set-aside ones count too, so a number is never used twice. */
    for (size_t i = 0; i < s.count; i++)
        if (s.e[i].n > hi)
            hi = s.e[i].n;
    scan_free(&s);
    return hi;
}

/* ---- removing ------------------------------------------------------------ */

/* rm -r of name inside dfd, without following symbolic links. */
static int remove_tree(int dfd, const char *name, int depth)
{
    struct stat st;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlinkat(dfd, name, 0);
    if (depth >= MAX_TREE_DEPTH)
        return -1;
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return -1;
    }
    int rc = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (remove_tree(dirfd(d), de->d_name, depth + 1) != 0)
            rc = -1;
    }
    closedir(d);
    if (unlinkat(dfd, name, AT_REMOVEDIR) != 0)
        rc = -1;
    return rc;
}

/* Remove one checkpoint directory. The marker goes first, durably, so a crash
 * halfway leaves an uncommitted leftover, never a committed checkpoint with
 * missing images. */
static void remove_checkpoint(const char *dir, int dfd, const struct entry *e)
{
    if (e->committed) {
        char cdir[PATH_MAX], marker[NAME_LEN + sizeof COMMITTED + 1];
        snprintf(marker, sizeof marker, "%s/%s", e->name, COMMITTED);
        if (unlinkat(dfd, marker, 0) != 0)
            return;
        if (fmt_path(cdir, sizeof cdir, "%s/%s", dir, e->name) != 0 || fsync_dir(cdir) != 0)
            return; /* not sure the marker is gone: leave the rest */
    }
    remove_tree(dfd, e->name, 0);
}

/* ckpt_store_prune, seeing nothing numbered above `upto`. */
static void prune_upto(const char *dir, unsigned keep, uint64_t upto)
{
    if (keep == 0)
        keep = 1;
    struct scan s;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return; /* an incomplete view could make us remove the wrong thing */
    }
    scan_sort(&s);
    size_t first = 0;
    while (first < s.count && s.e[first].n > upto)
        first++;
    if (first == s.count || !s.e[first].committed) {
        scan_free(&s); /* nothing committed: everything may still be in progress */
        return;
    }
    uint64_t newest = s.e[first].n;
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        scan_free(&s);
        return;
    }
    unsigned seen_committed = 0;
    int removed = 0;
    uint64_t needed = 0; /* the parent of a kept checkpoint's incremental images */
    for (size_t i = first; i < s.count; i++) {
        const struct entry *e = &s.e[i];
        if (e->damaged)
            continue; /* kept for inspection */
        if (e->committed && (seen_committed++ < keep || e->n == needed)) {
            char marker[NAME_LEN + sizeof INCREMENTAL + 1];
            snprintf(marker, sizeof marker, "%s/%s", e->name, INCREMENTAL);
            /* Unless the marker is surely absent, the one before is kept. */
            int absent = faccessat(dfd, marker, F_OK, AT_SYMLINK_NOFOLLOW) != 0 &&
                         errno == ENOENT;
            needed = absent ? 0 : e->n - 1;
            continue;
        }
        /* Never the newest committed, nor anything newer: it may be being written. */
        if (e->n >= newest)
            continue;
        remove_checkpoint(dir, dfd, e);
        removed = 1;
    }
    if (removed)
        fsync(dfd);
    close(dfd);
    scan_free(&s);
}

void ckpt_store_prune(const char *dir, unsigned keep)
{
    prune_upto(dir, keep, UINT64_MAX);
}

void ckpt_store_prune_below(const char *dir, unsigned keep, uint64_t committed)
{
    prune_upto(dir, keep, committed);
}

void ckpt_store_remove_above(const char *dir, uint64_t n)
{
    struct scan s;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return;
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    for (size_t i = 0; dfd >= 0 && i < s.count; i++)
        if (!s.e[i].damaged && s.e[i].n > n)
            remove_checkpoint(dir, dfd, &s.e[i]);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    scan_free(&s);
}

int ckpt_store_remove_all(const char *dir)
{
    struct scan s;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return -1;
    }
    /* Newest first: a removal cut short (the process killed as it ends)
     * leaves older checkpoints whole, each with the one its incremental
     * image builds on, not one whose parent went first. */
    scan_sort(&s);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int left = 0;
    for (size_t i = 0; i < s.count; i++) {
        if (s.e[i].damaged || dfd < 0) {
            left++;
            continue;
        }
        remove_checkpoint(dir, dfd, &s.e[i]);
        if (faccessat(dfd, s.e[i].name, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
            left++;
    }
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    scan_free(&s);
    return left;
}

void ckpt_store_discard(const char *dir, uint64_t n, uint32_t rank)
{
    char cdir[PATH_MAX], prefix[32];
    if (ckpt_dir_path(dir, n, cdir, sizeof cdir, NULL, 0) != 0)
        return;
    int dfd = open(cdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0)
        return; /* nothing left, or never created */
    if (faccessat(dfd, COMMITTED, F_OK, 0) == 0) {
        close(dfd); /* committed after all: not ours to remove */
        return;
    }
    snprintf(prefix, sizeof prefix, "rank-%06" PRIu32 ".", rank);
    int lfd = dup(dfd);
    DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
    if (d) {
        struct dirent *de;
        while ((de = readdir(d)) != NULL)
            if (strncmp(de->d_name, prefix, strlen(prefix)) == 0 ||
                strcmp(de->d_name, COMMITTED_TMP) == 0 || strcmp(de->d_name, CKPT_JOB_FILE) == 0 ||
                strcmp(de->d_name, CKPT_JOB_FILE ".tmp") == 0)
                unlinkat(dfd, de->d_name, 0);
        closedir(d);
    } else if (lfd >= 0) {
        close(lfd);
    }
    close(dfd);
    /* The last rank to clean up finds it empty. */
    if (rmdir(cdir) == 0)
        fsync_dir(dir);
}

static int by_newest_damaged(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(y->name, x->name); /* .damaged.2 was set aside after .damaged.1 */
}

/* Only the newest DAMAGED_KEPT set-aside checkpoints stay: a job recovered
 * again and again from a bad medium must not fill the directory with them. */
static void bound_set_aside(const char *dir)
{
    struct scan s;
    if (scan_dir(dir, &s) != 0) {
        scan_free(&s);
        return;
    }
    size_t k = 0;
    for (size_t i = 0; i < s.count; i++)
        if (s.e[i].damaged)
            s.e[k++] = s.e[i];
    if (k > DAMAGED_KEPT) {
        qsort(s.e, k, sizeof *s.e, by_newest_damaged);
        int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            for (size_t i = DAMAGED_KEPT; i < k; i++)
                remove_tree(dfd, s.e[i].name, 0);
            fsync(dfd);
            close(dfd);
        }
    }
    scan_free(&s);
}

void ckpt_store_set_aside(const char *dir, uint64_t n)
{
    char src[PATH_MAX], dst[PATH_MAX];
    if (ckpt_dir_path(dir, n, src, sizeof src, NULL, 0) != 0)
        return;
    for (int k = 0; k < MAX_SET_ASIDE; k++) {
        int bad = k == 0 ? fmt_path(dst, sizeof dst, "%s%s", src, DAMAGED_SUFFIX)
                         : fmt_path(dst, sizeof dst, "%s%s.%d", src, DAMAGED_SUFFIX, k);
        if (bad)
            return;
        /* rename() would silently replace an empty directory: refuse to. */
        if (renameat2(AT_FDCWD, src, AT_FDCWD, dst, RENAME_NOREPLACE) == 0)
            break;
        if (errno == EEXIST || errno == ENOTEMPTY)
            continue;
        if (errno != EINVAL && errno != ENOSYS)
            return; /* e.g. src does not exist */
        /* File system without RENAME_NOREPLACE: check, then rename. */
        struct stat st;
        if (lstat(dst, &st) == 0)
            continue;
        if (rename(src, dst) != 0)
            return;
        break;
    }
    fsync_dir(dir);
    bound_set_aside(dir);
}
