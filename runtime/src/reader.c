/* The checkpoint reader for tools (see aalc/ckpt_reader.h): a thin public
 * face over the store, the image reader and the trust checks, so that
 * tools never parse the private formats themselves. */
#define _GNU_SOURCE
#include "aalc/ckpt_reader.h"

#include "file_modes.h"
#include "heap.h"
#include "heap_records.h"
#include "job_file.h"
#include "image.h"
#include "image_chain.h"
#include "image_compress.h"
#include "options.h"
#include "store.h"
#include "trust.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int ckpt_reader_init(char *err, size_t errlen)
{
    const char *mode = getenv("CKPT_DIR_MODE");
    if (mode && *mode)
        return ckpt_file_modes_parse(mode, err, errlen);
    return 0;
}

/* ---- the directory ------------------------------------------------------ */

/* Sum of the sizes of the files in path, and the newest change among them. */
static void measure(const char *path, uint64_t *bytes, time_t *changed)
{
    *bytes = 0;
    struct stat st;
    *changed = stat(path, &st) == 0 ? st.st_mtime : 0;
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        *bytes += (uint64_t)st.st_size;
        if (st.st_mtime > *changed)
            *changed = st.st_mtime;
    }
    closedir(d);
}

static int oldest_first(const void *a, const void *b)
{
    const struct ckpt_reader_checkpoint *x = a, *y = b;
    if (x->number != y->number)
        return x->number < y->number ? -1 : 1;
    return strcmp(x->name, y->name);
}

int ckpt_reader_list(const char *dir, struct ckpt_reader_checkpoint **out, size_t *count,
                     char *err, size_t errlen)
{
    struct ckpt_store_entry *entries;
    long n = ckpt_store_list_all(dir, &entries);
    *out = NULL;
    *count = 0;
    if (n < 0) {
        snprintf(err, errlen, "%s: cannot read the checkpoint directory: %s", dir,
                 strerror(errno));
        return -1;
    }
    struct ckpt_reader_checkpoint *list = calloc((size_t)n + 1, sizeof *list);
    if (!list) {
        ckpt_untracked_free(entries);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (long i = 0; i < n; i++) {
        struct ckpt_reader_checkpoint *c = &list[i];
        c->number = entries[i].n;
        c->set_aside = entries[i].damaged;
        c->nranks = entries[i].nranks;
        c->committed = c->nranks != 0;
        snprintf(c->name, sizeof c->name, "%s", entries[i].name);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, c->name);
        measure(path, &c->bytes, &c->time);
        struct stat st;
        snprintf(path, sizeof path, "%s/%s/COMMITTED", dir, c->name);
        if (c->committed && stat(path, &st) == 0)
            c->time = st.st_mtime;
    }
    ckpt_untracked_free(entries);
    qsort(list, (size_t)n, sizeof *list, oldest_first);
    *out = list;
    *count = (size_t)n;
    return 0;
}

uint64_t ckpt_reader_newest_committed(const char *dir)
{
    uint64_t newest;
    return ckpt_store_list_committed(dir, &newest, 1) == 1 ? newest : 0;
}

void ckpt_reader_prune(const char *dir, unsigned keep)
{
    ckpt_store_prune(dir, keep);
}

int ckpt_reader_in_use(const char *dir)
{
    return ckpt_job_dir_in_use(dir);
}

void ckpt_reader_image_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t len)
{
    ckpt_store_image_path(dir, n, rank, out, len);
}

void ckpt_reader_log_path(const char *dir, uint64_t n, uint32_t rank, char *out, size_t len)
{
    ckpt_store_log_path(dir, n, rank, 0, out, len);
}

int ckpt_reader_job(const char *dir, uint64_t n, struct ckpt_reader_job *job, char *err,
                    size_t errlen)
{
    static char text[16384];
    memset(job, 0, sizeof *job);
    if (ckpt_store_read_file(dir, n, CKPT_JOB_FILE, text, sizeof text) < 0) {
        snprintf(err, errlen, "checkpoint %llu records no job", (unsigned long long)n);
        return -1;
    }
    char ranks[32] = "";
    if (ckpt_job_field(text, "executable", job->executable, sizeof job->executable) != 0 ||
        ckpt_job_field(text, "nranks", ranks, sizeof ranks) != 0 ||
        ckpt_job_field(text, "arguments", job->arguments, sizeof job->arguments) != 0) {
        snprintf(err, errlen, "checkpoint %llu: its JOB file is damaged", (unsigned long long)n);
        return -1;
    }
    job->nranks = (uint32_t)strtoul(ranks, NULL, 10);
    return 0;
}

int ckpt_reader_trust(const char *path, char *err, size_t errlen)
{
    return ckpt_trust_path(path, err, errlen);
}

/* ---- one image ---------------------------------------------------------- */

static int starts_compressed(const char *path)
{
    uint8_t head[8];
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t got = read(fd, head, sizeof head);
    close(fd);
    return got > 0 && ckpt_image_is_compressed(head, (size_t)got);
}

/* A program's image (one with a runtime record; a message log has none):
 * its heap well formed, as
 * a recovery checks it first, and the checkpoint its incremental heap
 * needs (0: none). 0, or -1 with a message. */
static int heap_and_parent(const char *path, const struct ckpt_image *img, uint64_t *parent,
                           char *err, size_t errlen)
{
    char why[512];
    size_t used;
    const struct ckpt_image_section *heap = ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0);
    *parent = 0;
    if (!ckpt_image_find(img, CKPT_SECTION_RUNTIME, 0))
        return 0; /* a message log */
    if (!heap) {
        snprintf(err, errlen, "%s: saved heap missing", path);
        return -1;
    }
    if (ckpt_heap_image_check(heap, &used, why, sizeof why) != 0 ||
        ckpt_image_chain_parent(img, img->header.checkpoint, 0, CKPT_READER_CHAIN_MAX, parent,
                                why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    return 0;
}

int ckpt_reader_image(const char *path, struct ckpt_reader_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct ckpt_image img;
    int rc = ckpt_image_open(path, NULL, 0, &img, err, errlen);
    if (rc == CKPT_IMAGE_UNREADABLE)
        return CKPT_READER_UNREADABLE;
    if (rc != 0) /* without an executable to compare, foreign means another format */
        return CKPT_READER_DAMAGED;
    struct stat st;
    out->file_bytes = stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
    out->image_bytes = img.map_size;
    out->compressed = starts_compressed(path);
    out->checkpoint = img.header.checkpoint;
    out->rank = img.header.rank;
    out->nranks = img.header.nranks;
    out->build_id_len = img.header.exe_id_len;
    memcpy(out->build_id, img.header.exe_id, img.header.exe_id_len);
    out->sections = calloc(img.nsections + 1, sizeof *out->sections);
    if (!out->sections) {
        ckpt_image_close(&img);
        snprintf(err, errlen, "%s: out of memory", path);
        return CKPT_READER_DAMAGED;
    }
    out->nsections = img.nsections;
    for (uint32_t i = 0; i < img.nsections; i++) {
        out->sections[i].kind = img.sections[i].kind;
        out->sections[i].size = img.sections[i].size;
    }
    rc = heap_and_parent(path, &img, &out->parent, err, errlen);
    ckpt_image_close(&img);
    if (rc != 0) {
        ckpt_reader_image_free(out);
        memset(out, 0, sizeof *out);
        return CKPT_READER_DAMAGED;
    }
    return 0;
}

_Static_assert(CKPT_READER_CHAIN_MAX == CKPT_INCREMENTAL_MAX,
               "ckpt verify allows the chains recovery loads");

/* A program's image opened as ckpt_reader_image reads it (heap_and_parent),
 * with the checkpoint its heap needs; one without a heap is damaged. */
static int open_image(const char *path, struct ckpt_image *img, uint64_t *parent, char *err,
                      size_t errlen)
{
    int rc = ckpt_image_open(path, NULL, 0, img, err, errlen);
    if (rc != 0)
        return rc == CKPT_IMAGE_UNREADABLE ? CKPT_READER_UNREADABLE : CKPT_READER_DAMAGED;
    rc = heap_and_parent(path, img, parent, err, errlen);
    if (rc == 0 && !ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0)) {
        snprintf(err, errlen, "%s: saved heap missing", path); /* a log in an image's place */
        rc = -1;
    }
    if (rc != 0) {
        ckpt_image_close(img);
        return CKPT_READER_DAMAGED;
    }
    return 0;
}

int ckpt_reader_image_link(const char *dir, uint64_t n, uint32_t rank, uint64_t *parent,
                           char *err, size_t errlen)
{
    char path[4096], parent_path[4096], why[4096 + 256];
    struct ckpt_image img, up;
    uint64_t grandparent;
    ckpt_store_image_path(dir, n, rank, path, sizeof path);
    int rc = open_image(path, &img, parent, err, errlen);
    if (rc != 0)
        return rc;
    if (img.header.checkpoint != n || img.header.rank != rank) {
        snprintf(err, errlen, "%s is not the image of checkpoint %llu, rank %u", path,
                 (unsigned long long)n, rank);
        ckpt_image_close(&img);
        return CKPT_READER_DAMAGED;
    }
    if (*parent == 0) {
        ckpt_image_close(&img);
        return 0;
    }
    ckpt_store_image_path(dir, *parent, rank, parent_path, sizeof parent_path);
    rc = open_image(parent_path, &up, &grandparent, why, sizeof why);
    if (rc != 0) {
        snprintf(err, errlen, "%s: incremental, and checkpoint %llu's image it needs cannot be "
                 "used: %s", path, (unsigned long long)*parent, why);
        ckpt_image_close(&img);
        return rc;
    }
    if (up.header.checkpoint != *parent || up.header.rank != rank ||
        up.header.nranks != img.header.nranks) {
        snprintf(err, errlen, "%s: incremental, and %s is not the image of checkpoint %llu, "
                 "rank %u it needs", path, parent_path, (unsigned long long)*parent, rank);
        rc = CKPT_READER_DAMAGED;
    } else if (ckpt_image_chain_check(&img, &up, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", path, why);
        rc = CKPT_READER_DAMAGED;
    }
    ckpt_image_close(&up);
    ckpt_image_close(&img);
    return rc;
}

void ckpt_reader_image_free(struct ckpt_reader_image *img)
{
    free(img->sections);
    img->sections = NULL;
    img->nsections = 0;
}

const char *ckpt_reader_section_name(uint32_t kind, char *buf, size_t len)
{
    switch (kind) {
    case CKPT_SECTION_GLOBALS: return "globals";
    case CKPT_SECTION_HEAP: return "heap";
    case CKPT_SECTION_FRAMES: return "stack frames";
    case CKPT_SECTION_RUNTIME: return "runtime";
    case CKPT_SECTION_HEAP_RANGES: return "heap";
    case CKPT_SECTION_TLS: return "thread-locals";
    case CKPT_SECTION_LIBC: return "C library";
    case CKPT_SECTION_FILES: return "open files";
    case CKPT_SECTION_CALLBACKS: return "recovery callbacks";
    case CKPT_SECTION_OPENMP: return "OpenMP";
    case CKPT_SECTION_CHAIN: return "incremental chain";
    default: break;
    }
    if (kind >= CKPT_SECTION_EXTENSION)
        snprintf(buf, len, "layer %u", kind);
    else
        snprintf(buf, len, "kind %u", kind);
    return buf;
}
