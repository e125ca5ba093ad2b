/* `ckpt verify DIR [N]`: is every file of a checkpoint whole, in its place,
 * and trusted as --recover would trust it? Every problem is named with its
 * file; the exit status says whether there was any. */
#include "ckpt_tool.h"

#include <aalc/ckpt_reader.h>

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int problems;

static void problem(const char *fmt, const char *what)
{
    problems++;
    printf(fmt, what);
    putchar('\n');
}

/* Ownership and permissions of path, as --recover checks them (trust.h). */
static void check_trust(const char *path)
{
    char why[4096 + 512];
    if (ckpt_reader_trust(path, why, sizeof why) != 0)
        problem("UNTRUSTED %s", why);
}

/* Does any rank of checkpoint n have a message log? Then every rank needs one. */
static int has_logs(const char *dir, uint64_t n, uint32_t nranks)
{
    char path[4096];
    for (uint32_t r = 0; r < nranks; r++) {
        ckpt_reader_log_path(dir, n, r, path, sizeof path);
        if (access(path, F_OK) == 0)
            return 1;
    }
    return 0;
}

/* One image or log: readable, checksum sound, and written for this place.
 * The checkpoint a sound incremental image needs in *parent (else 0). */
static void check_file(const char *path, uint64_t n, uint32_t rank, uint32_t nranks,
                       uint64_t *parent)
{
    char why[4096 + 256];
    struct ckpt_reader_image img;
    *parent = 0;
    if (access(path, F_OK) != 0 && errno == ENOENT) {
        problem("MISSING   %s", path);
        return;
    }
    check_trust(path);
    int rc = ckpt_reader_image(path, &img, why, sizeof why);
    if (rc == CKPT_READER_UNREADABLE) {
        problem("UNREADABLE %s", why);
        return;
    }
    if (rc != 0) {
        problem("DAMAGED   %s", why);
        return;
    }
    if (img.checkpoint != n || img.rank != rank || img.nranks != nranks) {
        snprintf(why, sizeof why,
                 "%s: written as rank %" PRIu32 " of %" PRIu32 " of checkpoint %" PRIu64
                 ", found in the place of rank %" PRIu32 " of %" PRIu32 " of checkpoint %" PRIu64,
                 path, img.rank, img.nranks, img.checkpoint, rank, nranks, n);
        problem("MISPLACED %s", why);
    } else {
        printf("ok        %s (%" PRIu64 " bytes)\n", path, img.file_bytes);
        *parent = img.parent;
    }
    ckpt_reader_image_free(&img);
}

/* What is known of each checkpoint of the list (by index): verdict 1
 * sound, -1 not, 0 not yet; a sound one's chain length (1: full images);
 * the earlier checkpoints its ranks' incremental images need. */
struct verdict {
    signed char sound;
    unsigned length;
    uint64_t *parents;
    size_t nparents;
};
static struct verdict *verdicts;

/* The longest chain a recovery loads (CKPT_INCREMENTAL's limit). */
#define CHAIN_MAX CKPT_READER_CHAIN_MAX

static void note_parent(struct verdict *v, uint64_t parent)
{
    for (size_t k = 0; k < v->nparents; k++)
        if (v->parents[k] == parent)
            return;
    uint64_t *more = realloc(v->parents, (v->nparents + 1) * sizeof *more);
    if (!more) {
        fprintf(stderr, "ckpt: out of memory\n");
        exit(1);
    }
    more[v->nparents++] = parent;
    v->parents = more;
}

/* Rank r's image of checkpoint c as a link of a chain, checked as a
 * recovery checks it; the checkpoint it needs is noted in v. */
static void check_link(const char *dir, const struct ckpt_reader_checkpoint *c, uint32_t r,
                       struct verdict *v)
{
    char why[4096 + 512];
    uint64_t parent;
    if (ckpt_reader_image_link(dir, c->number, r, &parent, why, sizeof why) != 0)
        problem("BROKEN CHAIN %s", why);
    else if (parent)
        note_parent(v, parent);
}

/* Whether checkpoint c's files are sound; problems printed as found. */
static int verify_files(const char *dir, const struct ckpt_reader_checkpoint *c,
                        struct verdict *v)
{
    char path[4096];
    int before = problems;
    snprintf(path, sizeof path, "%s/%s", dir, c->name);
    check_trust(path);
    if (!c->committed) {
        snprintf(path, sizeof path, "%s/%s", dir, c->name);
        problem(c->set_aside ? "SET ASIDE %s: a recovery found it damaged"
                             : "UNCOMMITTED %s: never completed, a recovery will not use it",
                path);
        return 0;
    }
    snprintf(path, sizeof path, "%s/%s/COMMITTED", dir, c->name);
    check_trust(path);
    snprintf(path, sizeof path, "%s/%s/JOB", dir, c->name);
    check_trust(path);
    int logs = has_logs(dir, c->number, c->nranks);
    for (uint32_t r = 0; r < c->nranks; r++) {
        uint64_t parent, none;
        ckpt_reader_image_path(dir, c->number, r, path, sizeof path);
        check_file(path, c->number, r, c->nranks, &parent);
        if (parent)
            check_link(dir, c, r, v);
        if (logs) {
            ckpt_reader_log_path(dir, c->number, r, path, sizeof path);
            check_file(path, c->number, r, c->nranks, &none);
        }
    }
    return problems == before;
}

static int verify_index(const char *dir, const struct ckpt_reader_checkpoint *list, size_t count,
                        size_t i, unsigned depth);

/* A checkpoint whose images are incremental needs the ones they were
 * written against, committed and sound, and those their own chains; depth:
 * how many newer ones of the chain are being verified. Its directory must
 * hold the INCREMENTAL marker, which keeps pruning from removing them. */
static int chain_sound(const char *dir, const struct ckpt_reader_checkpoint *list, size_t count,
                       size_t i, unsigned depth)
{
    char marker[4096], why[4200];
    struct verdict *v = &verdicts[i];
    v->length = 1;
    if (v->nparents == 0)
        return 1;
    snprintf(marker, sizeof marker, "%s/%s/INCREMENTAL", dir, list[i].name);
    if (access(marker, F_OK) != 0 && errno == ENOENT) {
        snprintf(why, sizeof why, "%s: incremental images, but no INCREMENTAL marker: pruning "
                 "may remove checkpoint %" PRIu64 " they need", marker, v->parents[0]);
        problem("BROKEN CHAIN %s", why);
        return 0;
    }
    if (depth + 1 >= CHAIN_MAX) {
        snprintf(why, sizeof why, "%s/%s: incremental, in a chain longer than a recovery loads "
                 "(%d)", dir, list[i].name, CHAIN_MAX);
        problem("BROKEN CHAIN %s", why);
        return 0;
    }
    for (size_t k = 0; k < v->nparents; k++) {
        uint64_t needed = v->parents[k];
        size_t j = 0;
        while (j < count && !(list[j].number == needed && list[j].committed && !list[j].set_aside))
            j++;
        if (j == count) {
            snprintf(why, sizeof why, "%s/%s: incremental, and checkpoint %" PRIu64
                     " it needs is not committed here", dir, list[i].name, needed);
            problem("BROKEN CHAIN %s", why);
            return 0;
        }
        if (verify_index(dir, list, count, j, depth + 1) <= 0 ||
            verdicts[j].length >= CHAIN_MAX) {
            snprintf(why, sizeof why, "%s/%s: incremental, and checkpoint %" PRIu64
                     " it needs is not sound, or its chain is as long as a recovery loads",
                     dir, list[i].name, needed);
            problem("BROKEN CHAIN %s", why);
            return 0;
        }
        if (verdicts[j].length + 1 > v->length)
            v->length = verdicts[j].length + 1;
    }
    return 1;
}

static int verify_index(const char *dir, const struct ckpt_reader_checkpoint *list, size_t count,
                        size_t i, unsigned depth)
{
    if (verdicts[i].sound)
        return verdicts[i].sound;
    verdicts[i].sound = -1; /* while under way: a loop of links is not sound */
    int sound = verify_files(dir, &list[i], &verdicts[i]);
    sound = chain_sound(dir, list, count, i, depth) && sound;
    printf("checkpoint %" PRIu64 ": %s\n", list[i].number,
           sound ? "sound" : "DAMAGED: a recovery would not use it");
    verdicts[i].sound = sound ? 1 : -1;
    return verdicts[i].sound;
}

int ckpt_verify(const char *dir, int argc, char **argv)
{
    struct ckpt_reader_checkpoint *list;
    size_t count;
    char err[4096 + 128];
    uint64_t wanted = 0;
    if (argc > 1 || (argc == 1 && ckpt_tool_parse_number(argv[0], &wanted) != 0))
        return ckpt_tool_usage();
    check_trust(dir);
    if (ckpt_reader_list(dir, &list, &count, err, sizeof err) != 0) {
        fprintf(stderr, "ckpt: %s\n", err);
        return 1;
    }
    int checked = 0;
    verdicts = calloc(count ? count : 1, sizeof *verdicts);
    if (!verdicts) {
        fprintf(stderr, "ckpt: out of memory\n");
        free(list);
        return 1;
    }
    for (size_t i = 0; i < count; i++) {
        int chosen = argc == 1 ? list[i].number == wanted && !list[i].set_aside
                               : list[i].committed;
        if (!chosen)
            continue;
        verify_index(dir, list, count, i, 0);
        checked++;
    }
    for (size_t i = 0; i < count; i++)
        free(verdicts[i].parents);
    free(verdicts);
    free(list);
    if (checked == 0) {
        if (argc == 1)
            printf("MISSING   checkpoint %" PRIu64 " is not in %s\n", wanted, dir);
        else
            printf("no committed checkpoint in %s\n", dir);
        return 1;
    }
    return problems ? 1 : 0;
}
