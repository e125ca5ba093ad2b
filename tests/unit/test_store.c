/*
 * Unit test of the checkpoint directory (runtime/src/store.c): layout,
 * publish and commit, listing, pruning (which must never remove the newest
 * committed checkpoint or anything newer), setting damaged checkpoints aside.
 *
 * Memory comes from ckpt_untracked_malloc, not malloc: in a program linked
 * like a ckptcc program, malloc is the checkpoint heap.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "heap.h"
#include "image.h"
#include "store.h"
#include "test_support.h"

static const char *prog = "test_store";
static char tmpdir[] = "/tmp/aalc-test-store-XXXXXX";

static const uint8_t exe_id[4] = {1, 2, 3, 4};

/* snprintf into a PATH_MAX buffer; the test's paths always fit. */
static void pathf(char *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void pathf(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, PATH_MAX, fmt, ap);
    va_end(ap);
    CHECK(n >= 0 && n < PATH_MAX, "path too long: %s", out);
}

static int exists(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int exists(const char *fmt, ...)
{
    char path[PATH_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    struct stat st;
    return lstat(path, &st) == 0;
}

static void write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0, "create %s: %s", path, strerror(errno));
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text), "write %s", path);
    close(fd);
}

static void read_text(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY);
    CHECK(fd >= 0, "open %s: %s", path, strerror(errno));
    ssize_t r = read(fd, buf, len - 1);
    CHECK(r >= 0, "read %s", path);
    buf[r] = '\0';
    close(fd);
}

static void make_dir(const char *path)
{
    CHECK(mkdir(path, 0755) == 0, "mkdir %s: %s", path, strerror(errno));
}

/* rm -r, for cleaning up. */
static void remove_all(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        CHECK(d != NULL, "opendir %s", path);
        struct dirent *de;
        while ((de = readdir(d)) != NULL) {
            if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                continue;
            char sub[PATH_MAX];
            snprintf(sub, sizeof sub, "%s/%s", path, de->d_name);
            remove_all(sub);
        }
        closedir(d);
        CHECK(rmdir(path) == 0, "rmdir %s: %s", path, strerror(errno));
    } else {
        CHECK(unlink(path) == 0, "unlink %s: %s", path, strerror(errno));
    }
}

/* Write rank's image of checkpoint n under its temporary name. */
static void write_tmp_image(const char *dir, uint64_t n, uint32_t rank, uint32_t nranks)
{
    char path[PATH_MAX], err[512];
    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.checkpoint = n;
    h.rank = rank;
    h.nranks = nranks;
    h.exe_id_len = sizeof exe_id;
    memcpy(h.exe_id, exe_id, sizeof exe_id);
    ckpt_store_image_tmp_path(dir, n, rank, path, sizeof path);
    struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, sizeof err);
    CHECK(w != NULL, "create image: %s", err);
    CHECK(ckpt_image_add_section(w, CKPT_SECTION_RUNTIME, 0, &n, sizeof n, err, sizeof err) == 0,
          "add: %s", err);
    CHECK(ckpt_image_finish(w, err, sizeof err) == 0, "finish: %s", err);
}

/* A complete, committed checkpoint n with nranks images. */
static void make_checkpoint(const char *dir, uint64_t n, uint32_t nranks)
{
    char err[512];
    CHECK(ckpt_store_prepare(dir, n, err, sizeof err) == 0, "prepare %llu: %s",
          (unsigned long long)n, err);
    for (uint32_t r = 0; r < nranks; r++) {
        write_tmp_image(dir, n, r, nranks);
        CHECK(ckpt_store_publish_image(dir, n, r, err, sizeof err) == 0, "publish: %s", err);
    }
    CHECK(ckpt_store_commit(dir, n, nranks, err, sizeof err) == 0, "commit %llu: %s",
          (unsigned long long)n, err);
}

/* The committed list must be exactly want[0..nwant). */
static void expect_list(const char *dir, const uint64_t *want, int nwant, int line)
{
    uint64_t got[32];
    int n = ckpt_store_list_committed(dir, got, 32);
    char shown[256] = "";
    for (int i = 0; i < n; i++)
        snprintf(shown + strlen(shown), sizeof shown - strlen(shown), " %llu",
                 (unsigned long long)got[i]);
    int same = n == nwant;
    for (int i = 0; same && i < n; i++)
        same = got[i] == want[i];
    CHECK(same, "list at line %d is [%s ]", line, shown);
}
#define EXPECT_LIST(dir, ...)                                                         \
    do {                                                                              \
        static const uint64_t want_[] = {__VA_ARGS__};                                \
        expect_list(dir, want_, (int)(sizeof want_ / sizeof want_[0]), __LINE__);     \
    } while (0)
#define EXPECT_EMPTY_LIST(dir) expect_list(dir, NULL, 0, __LINE__)

static void test_open_and_paths(void)
{
    char dir[PATH_MAX], err[PATH_MAX + 256], path[PATH_MAX];
    pathf(dir, "%s/a/b/c/", tmpdir);
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open with parents: %s", err);
    CHECK(exists("%s/a/b/c", tmpdir), "directory created");
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open again: %s", err);

    pathf(path, "%s/a/file", tmpdir);
    write_text(path, "x");
    CHECK(ckpt_store_open(path, err, sizeof err) == -1 && strstr(err, "not a directory"),
          "open on a file: %s", err);
    pathf(dir, "%s/a/file/sub", tmpdir);
    CHECK(ckpt_store_open(dir, err, sizeof err) == -1 && strstr(err, "file"),
          "open below a file: %s", err);
    CHECK(ckpt_store_open("", err, sizeof err) == -1, "empty path");

    /* Paths longer than PATH_MAX are errors, not truncated names. */
    char *longdir = ckpt_untracked_malloc(PATH_MAX + 100);
    CHECK(longdir != NULL, "oom");
    memset(longdir, 'd', PATH_MAX + 99);
    longdir[0] = '/';
    longdir[PATH_MAX + 99] = '\0';
    CHECK(ckpt_store_open(longdir, err, sizeof err) == -1 && strstr(err, "too long"),
          "very long path: %s", err);
    memcpy(longdir, tmpdir, strlen(tmpdir));
    longdir[strlen(tmpdir)] = '/';
    longdir[PATH_MAX - 10] = '\0'; /* fits, but ckpt-NNNNNN/... below it does not */
    CHECK(ckpt_store_prepare(longdir, 1, err, sizeof err) == -1 && strstr(err, "too long"),
          "prepare below a long path: %s", err);
    CHECK(ckpt_store_commit(longdir, 1, 1, err, sizeof err) == -1 && strstr(err, "too long"),
          "commit below a long path: %s", err);
    CHECK(ckpt_store_publish_image(longdir, 1, 0, err, sizeof err) == -1 &&
              strstr(err, "too long"),
          "publish below a long path: %s", err);
    ckpt_store_image_path(longdir, 1, 0, path, sizeof path);
    CHECK(path[0] == '\0', "truncated image path is not empty");
    ckpt_store_set_aside(longdir, 1);
    ckpt_store_prune(longdir, 1);
    CHECK(ckpt_store_highest(longdir) == 0, "highest of a missing directory");
    ckpt_untracked_free(longdir);

    ckpt_store_image_path("/ck", 7, 3, path, sizeof path);
    CHECK(strcmp(path, "/ck/ckpt-000007/rank-000003.img") == 0, "image path: %s", path);
    ckpt_store_image_tmp_path("/ck", 7, 3, path, sizeof path);
    CHECK(strcmp(path, "/ck/ckpt-000007/rank-000003.img.tmp") == 0, "tmp path: %s", path);
    ckpt_store_image_path("/ck", 12345678, 1234567, path, sizeof path);
    CHECK(strcmp(path, "/ck/ckpt-12345678/rank-1234567.img") == 0, "wide numbers: %s", path);
    ckpt_store_image_path("/ck", 7, 3, path, 10);
    CHECK(path[0] == '\0', "small buffer gives an empty path");
    path[0] = 'q';
    ckpt_store_image_path("/ck", 7, 3, path, 0);
    CHECK(path[0] == 'q', "zero-length buffer untouched");
}

static void test_commit_and_list(const char *dir)
{
    char err[1024], path[PATH_MAX], text[64];
    uint64_t out[4];
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open: %s", err);
    EXPECT_EMPTY_LIST(dir);
    CHECK(ckpt_store_highest(dir) == 0, "highest of an empty store");

    /* One checkpoint, step by step. */
    CHECK(ckpt_store_prepare(dir, 1, err, sizeof err) == 0, "prepare: %s", err);
    CHECK(exists("%s/ckpt-000001", dir), "checkpoint directory");
    CHECK(ckpt_store_highest(dir) == 1, "highest counts an uncommitted checkpoint");
    write_tmp_image(dir, 1, 0, 2);
    write_tmp_image(dir, 1, 1, 2);
    CHECK(exists("%s/ckpt-000001/rank-000000.img.tmp", dir) &&
              !exists("%s/ckpt-000001/rank-000000.img", dir),
          "image written under its temporary name");
    CHECK(ckpt_store_publish_image(dir, 1, 0, err, sizeof err) == 0, "publish: %s", err);
    CHECK(!exists("%s/ckpt-000001/rank-000000.img.tmp", dir) &&
              exists("%s/ckpt-000001/rank-000000.img", dir),
          "published under its final name");
    CHECK(ckpt_store_publish_image(dir, 1, 0, err, sizeof err) == -1 &&
              strstr(err, "rank-000000.img.tmp"),
          "publishing twice: %s", err);
    CHECK(ckpt_store_publish_image(dir, 1, 1, err, sizeof err) == 0, "publish: %s", err);
    EXPECT_EMPTY_LIST(dir); /* not committed yet */
    CHECK(ckpt_store_commit(dir, 1, 2, err, sizeof err) == 0, "commit: %s", err);
    pathf(path, "%s/ckpt-000001/COMMITTED", dir);
    read_text(path, text, sizeof text);
    CHECK(strcmp(text, "nranks 2\n") == 0, "COMMITTED reads \"%s\"", text);
    CHECK(!exists("%s/ckpt-000001/COMMITTED.tmp", dir), "no temporary marker left");
    EXPECT_LIST(dir, 1);

    struct ckpt_image img;
    ckpt_store_image_path(dir, 1, 1, path, sizeof path);
    CHECK(ckpt_image_open(path, exe_id, sizeof exe_id, &img, err, sizeof err) == 0,
          "published image opens: %s", err);
    CHECK(img.header.rank == 1 && img.header.nranks == 2 && img.header.checkpoint == 1,
          "image header");
    ckpt_image_close(&img);

    CHECK(ckpt_store_prepare(dir, 1, err, sizeof err) == -1 && strstr(err, "already committed"),
          "preparing a committed checkpoint: %s", err);
    CHECK(ckpt_store_commit(dir, 1, 0, err, sizeof err) == -1, "commit with 0 ranks");
    CHECK(ckpt_store_commit(dir, 99, 1, err, sizeof err) == -1 && strstr(err, "ckpt-000099"),
          "commit of a checkpoint never prepared: %s", err);

    for (uint64_t n = 2; n <= 5; n++)
        make_checkpoint(dir, n, 1);
    EXPECT_LIST(dir, 5, 4, 3, 2, 1);
    CHECK(ckpt_store_list_committed(dir, out, 3) == 3 && out[0] == 5 && out[2] == 3,
          "list limited to max");
    CHECK(ckpt_store_list_committed(dir, out, 0) == 0, "list with max 0");

    /* Leftovers of crashes, and names that are not ours: none of them is committed. */
    CHECK(ckpt_store_prepare(dir, 6, err, sizeof err) == 0, "prepare 6: %s", err);
    write_tmp_image(dir, 6, 0, 1); /* crashed while writing */
    CHECK(ckpt_store_prepare(dir, 6, err, sizeof err) == 0, "re-prepare a leftover: %s", err);
    make_checkpoint(dir, 7, 1);
    char from[PATH_MAX], to[PATH_MAX];
    pathf(from, "%s/ckpt-000007/COMMITTED", dir);
    pathf(to, "%s/ckpt-000007/COMMITTED.tmp", dir);
    CHECK(rename(from, to) == 0, "crash before the commit rename");
    static const char *bad_markers[] = {"garbage\n", "nranks 0\n", "nranks 2", "nranks 2\nx",
                                        "nranks -1\n", "nranks 99999999999\n", ""};
    for (int i = 0; i < (int)(sizeof bad_markers / sizeof bad_markers[0]); i++) {
        pathf(path, "%s/ckpt-%06d", dir, 10 + i);
        make_dir(path);
        pathf(path, "%s/ckpt-%06d/COMMITTED", dir, 10 + i);
        write_text(path, bad_markers[i]);
    }
    static const char *not_ours[] = {"ckpt-8", "ckpt-0000008", "ckpt-000008x", "ckpt-", "ckpt"};
    for (int i = 0; i < (int)(sizeof not_ours / sizeof not_ours[0]); i++) {
        pathf(path, "%s/%s", dir, not_ours[i]);
        make_dir(path);
        pathf(path, "%s/%s/COMMITTED", dir, not_ours[i]);
        write_text(path, "nranks 1\n");
    }
    pathf(path, "%s/ckpt-000009", dir); /* a file, not a directory */
    write_text(path, "nranks 1\n");
    EXPECT_LIST(dir, 5, 4, 3, 2, 1);
    CHECK(ckpt_store_highest(dir) == 16, "highest is %llu",
          (unsigned long long)ckpt_store_highest(dir));

    EXPECT_EMPTY_LIST("/nonexistent/aalc/store");
    CHECK(ckpt_store_highest("/nonexistent/aalc/store") == 0, "highest of a missing directory");
}

static void test_prune(const char *dir)
{
    char err[1024], path[PATH_MAX], outside[PATH_MAX];
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open: %s", err);

    /* Nothing committed: everything may be in progress, nothing is removed. */
    CHECK(ckpt_store_prepare(dir, 1, err, sizeof err) == 0, "prepare: %s", err);
    CHECK(ckpt_store_prepare(dir, 2, err, sizeof err) == 0, "prepare: %s", err);
    ckpt_store_prune(dir, 1);
    CHECK(exists("%s/ckpt-000001", dir) && exists("%s/ckpt-000002", dir),
          "prune without a committed checkpoint removed something");
    remove_all(dir);
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open: %s", err);

    /* committed 1 2 4 5 7; uncommitted 3 6 (older than 7) and 8 9 (newer: in progress) */
    static const uint64_t committed[] = {1, 2, 4, 5, 7};
    for (int i = 0; i < 5; i++)
        make_checkpoint(dir, committed[i], 2);
    static const uint64_t uncommitted[] = {3, 6, 8, 9};
    for (int i = 0; i < 4; i++) {
        CHECK(ckpt_store_prepare(dir, uncommitted[i], err, sizeof err) == 0, "prepare: %s", err);
        write_tmp_image(dir, uncommitted[i], 0, 2);
    }
    CHECK(ckpt_store_publish_image(dir, 8, 0, err, sizeof err) == 0, "publish: %s", err);
    pathf(path, "%s/ckpt-000009/COMMITTED.tmp", dir);
    write_text(path, "nranks 2\n"); /* being committed right now */
    /* Things prune must leave alone. */
    pathf(path, "%s/ckpt-000002.damaged", dir);
    make_dir(path);
    pathf(path, "%s/ckpt-2", dir);
    make_dir(path);
    pathf(path, "%s/notes.txt", dir);
    write_text(path, "mine");
    /* A committed checkpoint with a subdirectory and a symbolic link to something
     * outside: removed without following the link. */
    pathf(outside, "%s/outside.txt", tmpdir);
    write_text(outside, "keep me");
    pathf(path, "%s/ckpt-000001/extra", dir);
    make_dir(path);
    pathf(path, "%s/ckpt-000001/extra/file", dir);
    write_text(path, "x");
    pathf(path, "%s/ckpt-000001/link", dir);
    CHECK(symlink(outside, path) == 0, "symlink: %s", strerror(errno));
    pathf(path, "%s/ckpt-000001/dirlink", dir);
    CHECK(symlink(tmpdir, path) == 0, "symlink: %s", strerror(errno));

    EXPECT_LIST(dir, 7, 5, 4, 2, 1);
    ckpt_store_prune(dir, 3);
    EXPECT_LIST(dir, 7, 5, 4);
    CHECK(!exists("%s/ckpt-000001", dir) && !exists("%s/ckpt-000002", dir), "old ones removed");
    CHECK(!exists("%s/ckpt-000003", dir) && !exists("%s/ckpt-000006", dir),
          "uncommitted leftovers older than the newest committed removed");
    CHECK(exists("%s/ckpt-000008/rank-000000.img", dir) &&
              exists("%s/ckpt-000008/rank-000000.img.tmp", dir) == 0 &&
              exists("%s/ckpt-000009/rank-000000.img.tmp", dir) &&
              exists("%s/ckpt-000009/COMMITTED.tmp", dir),
          "checkpoints newer than the newest committed touched");
    CHECK(exists("%s/ckpt-000002.damaged", dir) && exists("%s/ckpt-2", dir) &&
              exists("%s/notes.txt", dir),
          "prune removed something that is not a checkpoint");
    CHECK(exists("%s", outside) && exists("%s", tmpdir), "prune followed a symbolic link");
    CHECK(exists("%s/ckpt-000004/rank-000001.img", dir) &&
              exists("%s/ckpt-000004/COMMITTED", dir),
          "kept checkpoint intact");

    ckpt_store_prune(dir, 2);
    EXPECT_LIST(dir, 7, 5);
    CHECK(!exists("%s/ckpt-000004", dir), "keep 2");
    ckpt_store_prune(dir, 1);
    EXPECT_LIST(dir, 7);
    ckpt_store_prune(dir, 0); /* treated as 1: the newest is never removed */
    ckpt_store_prune(dir, 1);
    EXPECT_LIST(dir, 7);
    CHECK(exists("%s/ckpt-000007/rank-000000.img", dir) &&
              exists("%s/ckpt-000007/rank-000001.img", dir),
          "newest committed intact");
    CHECK(exists("%s/ckpt-000008", dir) && exists("%s/ckpt-000009", dir),
          "newer checkpoints still there");

    /* 9 finishes; now 8 is an old leftover and 7 is beyond keep. */
    write_tmp_image(dir, 9, 1, 2);
    CHECK(ckpt_store_publish_image(dir, 9, 0, err, sizeof err) == 0, "publish: %s", err);
    CHECK(ckpt_store_publish_image(dir, 9, 1, err, sizeof err) == 0, "publish: %s", err);
    CHECK(ckpt_store_commit(dir, 9, 2, err, sizeof err) == 0, "commit: %s", err);
    EXPECT_LIST(dir, 9, 7);
    ckpt_store_prune(dir, 2);
    EXPECT_LIST(dir, 9, 7);
    CHECK(!exists("%s/ckpt-000008", dir), "leftover 8 removed");
    ckpt_store_prune(dir, 1);
    EXPECT_LIST(dir, 9);
    CHECK(!exists("%s/ckpt-000007", dir), "7 removed");
    CHECK(exists("%s/ckpt-000009/rank-000001.img", dir), "9 intact");

    ckpt_store_prune("/nonexistent/aalc/store", 1); /* must not crash */
    unlink(outside);
}

static void test_set_aside(const char *dir)
{
    char err[1024], path[PATH_MAX];
    CHECK(ckpt_store_open(dir, err, sizeof err) == 0, "open: %s", err);
    make_checkpoint(dir, 1, 1);
    make_checkpoint(dir, 2, 1);
    EXPECT_LIST(dir, 2, 1);

    ckpt_store_set_aside(dir, 2);
    CHECK(!exists("%s/ckpt-000002", dir) && exists("%s/ckpt-000002.damaged/COMMITTED", dir),
          "set aside as ckpt-000002.damaged");
    EXPECT_LIST(dir, 1);
    CHECK(ckpt_store_highest(dir) == 2, "a set-aside number still counts as used");

    make_checkpoint(dir, 2, 1);
    ckpt_store_set_aside(dir, 2);
    CHECK(exists("%s/ckpt-000002.damaged.1/COMMITTED", dir), "second one gets a suffix");
    make_checkpoint(dir, 2, 1);
    ckpt_store_set_aside(dir, 2);
    CHECK(exists("%s/ckpt-000002.damaged.2/COMMITTED", dir), "third one gets another suffix");
    CHECK(exists("%s/ckpt-000002.damaged/COMMITTED", dir) &&
              exists("%s/ckpt-000002.damaged.1/COMMITTED", dir),
          "earlier ones kept");

    /* An empty directory in the way must not be replaced (rename() would). */
    pathf(path, "%s/ckpt-000003.damaged", dir);
    make_dir(path);
    make_checkpoint(dir, 3, 1);
    ckpt_store_set_aside(dir, 3);
    CHECK(!exists("%s/ckpt-000003", dir) && !exists("%s/ckpt-000003.damaged/COMMITTED", dir) &&
              exists("%s/ckpt-000003.damaged.1/COMMITTED", dir),
          "empty directory in the way replaced");
    EXPECT_LIST(dir, 1);
    CHECK(ckpt_store_highest(dir) == 3, "highest after set aside");

    ckpt_store_set_aside(dir, 77); /* nothing to set aside */
    CHECK(!exists("%s/ckpt-000077.damaged", dir), "set aside of a missing checkpoint");
    ckpt_store_prune(dir, 1);
    EXPECT_LIST(dir, 1);
    CHECK(exists("%s/ckpt-000002.damaged.2", dir), "prune keeps set-aside checkpoints");
}

int main(void)
{
    checks_stop = 1;
    checks_files_left = tmpdir;
    CHECK(mkdtemp(tmpdir) != NULL, "mkdtemp: %s", strerror(errno));
    char dir[PATH_MAX];

    test_open_and_paths();
    pathf(dir, "%s/list", tmpdir);
    test_commit_and_list(dir);
    pathf(dir, "%s/prune", tmpdir);
    test_prune(dir);
    pathf(dir, "%s/aside", tmpdir);
    test_set_aside(dir);

    remove_all(tmpdir);
    return checks_summary(prog);
}
