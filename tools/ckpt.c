/* `ckpt`: look into a checkpoint directory (list, info, verify, prune).
 * Everything is read through the runtime's reader (aalc/ckpt_reader.h). */
#include "ckpt_tool.h"

#include <aalc/ckpt_reader.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int ckpt_tool_usage(void)
{
    fputs("usage: ckpt list DIR          every checkpoint: number, state, time, ranks, bytes\n"
          "       ckpt info DIR [N]      the job, executable and sizes of checkpoint N\n"
          "                              (default: the newest committed one)\n"
          "       ckpt verify DIR [N]    check every file of checkpoint N (default: of every\n"
          "                              committed one); exit status 1 if any is damaged\n"
          "       ckpt prune DIR --keep K  keep only the newest K committed checkpoints\n",
          stderr);
    return 2;
}

int ckpt_tool_parse_number(const char *text, uint64_t *n)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-')
        return -1;
    *n = v;
    return 0;
}

static void format_time(time_t t, char *out, size_t len)
{
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(out, len, "%Y-%m-%d %H:%M:%S", &tm);
}

static const char *state_of(const struct ckpt_reader_checkpoint *c)
{
    return c->committed ? "committed" : c->set_aside ? "damaged" : "incomplete";
}

static int load(const char *dir, struct ckpt_reader_checkpoint **list, size_t *count)
{
    char err[4096 + 128];
    if (ckpt_reader_list(dir, list, count, err, sizeof err) != 0) {
        fprintf(stderr, "ckpt: %s\n", err);
        return -1;
    }
    return 0;
}

static int list(const char *dir, int argc, char **argv)
{
    (void)argv;
    if (argc != 0)
        return ckpt_tool_usage();
    struct ckpt_reader_checkpoint *all;
    size_t count;
    if (load(dir, &all, &count) != 0)
        return 1;
    printf("%-10s %-10s %-19s %5s %14s\n", "checkpoint", "state", "time", "ranks", "bytes");
    for (size_t i = 0; i < count; i++) {
        char when[32], ranks[16] = "-";
        format_time(all[i].time, when, sizeof when);
        if (all[i].nranks)
            snprintf(ranks, sizeof ranks, "%" PRIu32, all[i].nranks);
        printf("%-10" PRIu64 " %-10s %-19s %5s %14" PRIu64 "\n", all[i].number,
               state_of(&all[i]), when, ranks, all[i].bytes);
    }
    if (count == 0)
        printf("(no checkpoint in %s)\n", dir);
    free(all);
    return 0;
}

/* Bytes per section name, summed over the ranks. */
struct section_sums {
    char name[32];
    uint64_t bytes;
};

static void add_sections(struct section_sums *sums, size_t *nsums, size_t cap,
                         const struct ckpt_reader_image *img)
{
    for (uint32_t s = 0; s < img->nsections; s++) {
        char buf[32];
        const char *name = ckpt_reader_section_name(img->sections[s].kind, buf, sizeof buf);
        size_t k = 0;
        while (k < *nsums && strcmp(sums[k].name, name) != 0)
            k++;
        if (k == *nsums) {
            if (*nsums == cap)
                continue;
            snprintf(sums[k].name, sizeof sums[k].name, "%s", name);
            sums[k].bytes = 0;
            (*nsums)++;
        }
        sums[k].bytes += img->sections[s].size;
    }
}

static void print_build_id(const struct ckpt_reader_image *img)
{
    printf("build-id    ");
    for (uint32_t i = 0; i < img->build_id_len; i++)
        printf("%02x", img->build_id[i]);
    printf("%s\n", img->build_id_len ? "" : "(none)");
}

static int info(const char *dir, int argc, char **argv)
{
    uint64_t n = 0;
    if (argc > 1 || (argc == 1 && ckpt_tool_parse_number(argv[0], &n) != 0))
        return ckpt_tool_usage();
    if (argc == 0 && (n = ckpt_reader_newest_committed(dir)) == 0) {
        fprintf(stderr, "ckpt: no committed checkpoint in %s\n", dir);
        return 1;
    }
    struct ckpt_reader_checkpoint *all, *c = NULL;
    size_t count;
    if (load(dir, &all, &count) != 0)
        return 1;
    for (size_t i = 0; i < count; i++)
        if (all[i].number == n && !all[i].set_aside)
            c = &all[i];
    if (!c) {
        fprintf(stderr, "ckpt: checkpoint %" PRIu64 " is not in %s\n", n, dir);
        free(all);
        return 1;
    }
    char when[32], err[4096 + 256];
    format_time(c->time, when, sizeof when);
    printf("checkpoint  %" PRIu64 " (%s, %s)\n", n, state_of(c), when);
    struct ckpt_reader_job job;
    if (ckpt_reader_job(dir, n, &job, err, sizeof err) == 0) {
        printf("executable  %s\n", job.executable);
        printf("arguments   %s\n", job.arguments);
    } else {
        printf("job         unknown (%s)\n", err);
    }

    struct section_sums sums[32];
    size_t nsums = 0;
    uint64_t on_disk = 0, whole = 0;
    int compressed = 0, read = 0, failed = 0;
    uint32_t nranks = c->nranks;
    for (uint32_t r = 0; r < nranks || (nranks == 0 && r == 0); r++) {
        char path[4096];
        struct ckpt_reader_image img;
        ckpt_reader_image_path(dir, n, r, path, sizeof path);
        if (ckpt_reader_image(path, &img, err, sizeof err) != 0) {
            printf("rank %-6" PRIu32 " %s\n", r, err);
            failed++;
            continue;
        }
        if (read++ == 0)
            print_build_id(&img);
        if (nranks == 0)
            nranks = img.nranks; /* not committed: as the images say */
        on_disk += img.file_bytes;
        whole += img.image_bytes;
        compressed |= img.compressed;
        add_sections(sums, &nsums, sizeof sums / sizeof *sums, &img);
        ckpt_reader_image_free(&img);
    }
    printf("ranks       %" PRIu32 "\n", nranks);
    printf("written     %s\n", compressed ? "compressed (zstd)" : "uncompressed");
    printf("images      %d, %" PRIu64 " bytes on disk, %" PRIu64 " bytes of image\n", read,
           on_disk, whole);
    printf("sections    (bytes, all ranks)\n");
    for (size_t k = 0; k < nsums; k++)
        printf("  %-20s %14" PRIu64 "\n", sums[k].name, sums[k].bytes);
    free(all);
    return failed ? 1 : 0;
}

static int prune(const char *dir, int argc, char **argv)
{
    uint64_t keep;
    if (argc != 2 || strcmp(argv[0], "--keep") != 0 || ckpt_tool_parse_number(argv[1], &keep) ||
        keep < 1 || keep > 1000000)
        return ckpt_tool_usage();
    if (ckpt_reader_in_use(dir)) {
        fprintf(stderr, "ckpt: %s is in use by a running job; prune it once the job ends\n",
                dir);
        return 1;
    }
    struct ckpt_reader_checkpoint *before, *after;
    size_t nbefore, nafter;
    if (load(dir, &before, &nbefore) != 0)
        return 1;
    ckpt_reader_prune(dir, (unsigned)keep);
    if (load(dir, &after, &nafter) != 0) {
        free(before);
        return 1;
    }
    for (size_t i = 0; i < nbefore; i++) {
        int kept = 0;
        for (size_t j = 0; j < nafter && !kept; j++)
            kept = strcmp(before[i].name, after[j].name) == 0;
        if (!kept)
            printf("removed %s (%s, %" PRIu64 " bytes)\n", before[i].name,
                   state_of(&before[i]), before[i].bytes);
    }
    free(before);
    free(after);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return ckpt_tool_usage();
    char err[256];
    if (ckpt_reader_init(err, sizeof err) != 0) {
        fprintf(stderr, "ckpt: %s\n", err);
        return 2;
    }
    const char *command = argv[1], *dir = argv[2];
    int rest = argc - 3;
    char **args = argv + 3;
    if (strcmp(command, "list") == 0)
        return list(dir, rest, args);
    if (strcmp(command, "info") == 0)
        return info(dir, rest, args);
    if (strcmp(command, "verify") == 0)
        return ckpt_verify(dir, rest, args);
    if (strcmp(command, "prune") == 0)
        return prune(dir, rest, args);
    return ckpt_tool_usage();
}
