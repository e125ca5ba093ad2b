/* Which job a checkpoint directory belongs to (see job.h; the files are
 * described in job_file.h).
 *
 * ARGS is argv[1..] quoted the way a shell would take it back, with control
 * characters and backslashes written \xHH: one line, and two different
 * argument lists never give the same text. */
#define _GNU_SOURCE
#include "job.h"

#include "heap.h"
#include "file_modes.h"
#include "job_file.h"
#include "log.h"
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A job whose processes are being killed may hold the lock a moment longer
 * than its launcher lives: its successor waits this long before giving up. */
#define LOCK_GRACE_SECONDS 3.0
#define JOB_TEXT_MAX ((size_t)1 << 20)

static char exe_path[PATH_MAX];
static char *arguments = ""; /* untracked memory: recovery replaces the heap */

static int plain_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr("_-./=:,+@%", c);
}

/* One argument, quoted if it needs to be; returns the length written (or
 * that would be written, when out is NULL). */
static size_t quote(const char *arg, char *out)
{
    int plain = *arg != '\0';
    for (const char *p = arg; *p; p++)
        plain = plain && plain_char((unsigned char)*p);
    size_t n = 0;
#define PUT(c) (out ? (void)(out[n] = (c)) : (void)0, n++)
    if (!plain)
        PUT('\'');
    for (const unsigned char *p = (const unsigned char *)arg; *p; p++) {
        if (*p < 0x20 || *p == 0x7f || *p == '\\') {
            char hex[5];
            snprintf(hex, sizeof hex, "\\x%02x", *p);
            for (int i = 0; i < 4; i++)
                PUT(hex[i]);
        } else if (*p == '\'') {
            PUT('\'');
            PUT('\\');
            PUT('\'');
            PUT('\'');
        } else {
            PUT((char)*p);
        }
    }
    if (!plain)
        PUT('\'');
#undef PUT
    return n;
}

void ckpt_job_note(int argc, char **argv)
{
    ssize_t len = readlink("/proc/self/exe", exe_path, sizeof exe_path - 1);
    if (len < 0)
        snprintf(exe_path, sizeof exe_path, "%s", argc > 0 ? argv[0] : "?");
    else
        exe_path[len] = '\0';
    size_t total = 1;
    for (int i = 1; i < argc; i++)
        total += quote(argv[i], NULL) + 1;
    char *text = ckpt_untracked_malloc(total);
    if (!text)
        ckpt_fatal("out of memory recording the program's arguments");
    size_t at = 0;
    for (int i = 1; i < argc; i++) {
        if (i > 1)
            text[at++] = ' ';
        at += quote(argv[i], text + at);
    }
    text[at] = '\0';
    arguments = text;
}

static char *describe(uint32_t nranks, size_t *len)
{
    size_t cap = strlen(exe_path) + strlen(arguments) + 64;
    char *text = ckpt_untracked_malloc(cap);
    if (!text)
        return NULL;
    *len = (size_t)snprintf(text, cap, "executable %s\nnranks %u\narguments %s\n", exe_path,
                            nranks, arguments);
    return text;
}

int ckpt_job_record(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen)
{
    size_t len;
    char *text = describe(nranks, &len);
    if (!text) {
        snprintf(err, errlen, "out of memory describing the job");
        return -1;
    }
    int rc = ckpt_store_write_file(dir, n, CKPT_JOB_FILE, text, len, err, errlen);
    ckpt_untracked_free(text);
    return rc;
}

static int flag_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

int ckpt_job_check(const char *dir, uint64_t n, uint32_t nranks, char *err, size_t errlen)
{
    unsigned long long number = (unsigned long long)n;
    uint32_t saved_ranks = ckpt_store_committed_nranks(dir, n);
    if (saved_ranks && saved_ranks != nranks) {
        snprintf(err, errlen,
                 "--recover: checkpoint %llu in %s was written by a job of %u rank%s; this run "
                 "has %u. A checkpoint resumes with the rank count that wrote it: recover with %u",
                 number, dir, saved_ranks, saved_ranks == 1 ? "" : "s", nranks, saved_ranks);
        return -1;
    }
    char *saved = ckpt_untracked_malloc(JOB_TEXT_MAX);
    if (!saved)
        ckpt_fatal("out of memory reading the job of checkpoint %llu", number);
    long len = ckpt_store_read_file(dir, n, CKPT_JOB_FILE, saved, JOB_TEXT_MAX);
    if (len < 0) {
        ckpt_info(1, "checkpoint %llu in %s records no job (written before AALC recorded "
                     "them): its arguments are not compared with this run's", number, dir);
        ckpt_untracked_free(saved);
        return 0;
    }
    char *args_text = ckpt_untracked_malloc((size_t)len + 1);
    char *exe_text = ckpt_untracked_malloc((size_t)len + 1);
    if (!args_text || !exe_text)
        ckpt_fatal("out of memory reading the job of checkpoint %llu", number);
    const char *their_args =
        ckpt_job_field(saved, "arguments", args_text, (size_t)len + 1) == 0 ? args_text : NULL;
    const char *their_exe =
        ckpt_job_field(saved, "executable", exe_text, (size_t)len + 1) == 0 ? exe_text : NULL;
    int rc = 0;
    if (!their_args || strcmp(their_args, arguments) != 0) {
        const char *shown = their_args ? their_args : "(unreadable)";
        if (!flag_set("CKPT_RECOVER_ANY_ARGS")) {
            snprintf(err, errlen,
                     "--recover: checkpoint %llu in %s belongs to another job:\n"
                     "  checkpointed: %s %s\n  this run:     %s %s\n"
                     "Recover with the checkpointed arguments, give this job a CKPT_DIR of "
                     "its own, or set CKPT_RECOVER_ANY_ARGS=1 to resume the checkpoint anyway "
                     "(it goes on with the checkpointed arguments)",
                     number, dir, their_exe ? their_exe : "?", shown, exe_path, arguments);
            rc = -1;
        } else {
            ckpt_warn("checkpoint %llu was taken with the arguments '%s', this run has '%s': "
                      "resuming it as CKPT_RECOVER_ANY_ARGS asks (with the checkpointed "
                      "arguments)",
                      number, shown, arguments);
        }
    }
    ckpt_untracked_free(args_text);
    ckpt_untracked_free(exe_text);
    ckpt_untracked_free(saved);
    return rc;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void ckpt_job_unlock(const char *dir)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, CKPT_LOCK_FILE) < (int)sizeof path)
        unlink(path);
}

/* The descriptor that holds the lock, and whether a child forked now
 * keeps its copy (daemon: the child goes on with the job). */
static int lock_fd = -1;
static int lock_kept_by_child;

/* A helper process the program forks (a compressor, a post-processor) that
 * outlives a killed program must not keep the job's lock: the recovery
 * would find the directory in use. The parent's copy still holds it. */
static void close_lock_in_child(void)
{
    if (lock_fd >= 0 && !lock_kept_by_child) {
        close(lock_fd);
        lock_fd = -1;
    }
}

void ckpt_job_lock_follows_fork(int on)
{
    lock_kept_by_child = on;
}

/* Whether fd is the file at path now: the job that held the lock may have
 * ended while this one waited, removing the file with its directory
 * (cleanup.c), and a lock on a removed file keeps no one out. */
static int is_file_at(int fd, const char *path)
{
    struct stat held, there;
    return fstat(fd, &held) == 0 && stat(path, &there) == 0 && held.st_dev == there.st_dev &&
           held.st_ino == there.st_ino;
}

/* 0: locked (fd open on the lock), 1: try again (the file was removed
 * meanwhile), -1: err says why not. */
static int lock_once(const char *dir, const char *path, double give_up, int *locked_fd,
                     char *err, size_t errlen)
{
    int fd = ckpt_create_file(path, O_RDWR | O_CLOEXEC); /* private, as every file here */
    if (fd < 0 && errno == ENOENT)
        return 1; /* the directory went with the other job's end */
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open the checkpoint directory's lock: %s", path,
                 strerror(errno));
        return -1;
    }
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        if (e == EINTR)
            continue;
        if (e != EWOULDBLOCK) { /* e.g. a file system without locks (ENOLCK, EOPNOTSUPP) */
            ckpt_warn("%s: cannot lock (%s): nothing keeps a second job out of %s", path,
                      strerror(e), dir);
            close(fd);
            *locked_fd = -1;
            return 0;
        }
        if (now() >= give_up) {
            char holder[128] = "";
            ssize_t r = pread(fd, holder, sizeof holder - 1, 0);
            holder[r > 0 ? r : 0] = '\0';
            holder[strcspn(holder, "\n")] = '\0';
            close(fd);
            snprintf(err, errlen,
                     "checkpoint directory %s is in use by another job (%s; lock %s): two "
                     "jobs in one directory would take each other's checkpoints. Give this "
                     "job its own CKPT_DIR, or wait until the other one ends",
                     dir, *holder ? holder : "holder unknown", path);
            return -1;
        }
        usleep(50 * 1000);
    }
    if (!is_file_at(fd, path)) {
        close(fd);
        return 1;
    }
    *locked_fd = fd;
    return 0;
}

int ckpt_job_try_lock(const char *dir, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, CKPT_LOCK_FILE) >= (int)sizeof path) {
        snprintf(err, errlen, "%s: path too long for its lock file", dir);
        return -1;
    }
    double give_up = now() + LOCK_GRACE_SECONDS;
    int fd = -1;
    for (int attempt = 0;; attempt++) {
        int rc = lock_once(dir, path, give_up, &fd, err, errlen);
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        /* The directory goes with the other job's end: make it again. */
        if (attempt == 20 || ckpt_store_open(dir, err, errlen) != 0) {
            if (attempt == 20)
                snprintf(err, errlen, "%s: the lock file keeps being removed", path);
            return -1;
        }
    }
    if (fd < 0)
        return 0; /* no locks here: warned */
    char host[64] = "?", line[128];
    gethostname(host, sizeof host - 1);
    host[sizeof host - 1] = '\0';
    int len = snprintf(line, sizeof line, "pid %d host %s\n", (int)getpid(), host);
    if (ftruncate(fd, 0) != 0 || pwrite(fd, line, (size_t)len, 0) != len)
        ckpt_info(1, "%s: cannot note the holder in the lock file", path);
    /* fd stays open: the lock lasts as long as the process (not its children). */
    static int hooked;
    if (!hooked++ && pthread_atfork(NULL, NULL, close_lock_in_child) != 0)
        ckpt_info(1, "%s: a child the program forks keeps the lock", path);
    lock_fd = fd;
    return 0;
}

void ckpt_job_lock(const char *dir)
{
    char err[PATH_MAX * 3];
    if (ckpt_job_try_lock(dir, err, sizeof err) != 0)
        ckpt_fatal("%s", err);
}
