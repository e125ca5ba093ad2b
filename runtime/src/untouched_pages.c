/* Pages never touched (see untouched_pages.h). */
#include "untouched_pages.h"

#include <aalc/ckpt_layer_services.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PAGEMAP_PRESENT ((uint64_t)1 << 63)
#define PAGEMAP_SWAPPED ((uint64_t)1 << 62)
#define FILE_RANGES_MAX 4096 /* more file mappings than this: nothing is untouched */

struct ckpt_untouched {
    int pagemap;
    uintptr_t page;
    int nfile;
    uintptr_t file[FILE_RANGES_MAX][2]; /* mappings in [lo, hi) that are not anonymous */
};

/* The file mappings (inode not 0) that overlap [lo, hi); -1 if unreadable. */
static int read_file_mappings(struct ckpt_untouched *u, uintptr_t lo, uintptr_t hi)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps)
        return -1;
    char line[512];
    int rc = 0;
    while (fgets(line, sizeof line, maps)) {
        uintptr_t from, to;
        unsigned long long inode;
        if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %*s %*s %*s %llu", &from, &to, &inode) != 3)
            continue;
        if (inode == 0 || to <= lo || from >= hi)
            continue;
        if (u->nfile == FILE_RANGES_MAX) {
            rc = -1;
            break;
        }
        u->file[u->nfile][0] = from;
        u->file[u->nfile][1] = to;
        u->nfile++;
    }
    fclose(maps);
    return rc;
}

struct ckpt_untouched *ckpt_untouched_open(uintptr_t lo, uintptr_t hi)
{
    struct ckpt_untouched *u = ckpt_untracked_malloc(sizeof *u);
    if (!u)
        return NULL;
    u->nfile = 0;
    u->page = (uintptr_t)sysconf(_SC_PAGESIZE);
    u->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (u->pagemap < 0 || read_file_mappings(u, lo, hi) != 0) {
        ckpt_untouched_close(u);
        return NULL;
    }
    return u;
}

void ckpt_untouched_close(struct ckpt_untouched *u)
{
    if (!u)
        return;
    if (u->pagemap >= 0)
        close(u->pagemap);
    ckpt_untracked_free(u);
}

static int in_file_mapping(const struct ckpt_untouched *u, uintptr_t page)
{
    for (int i = 0; i < u->nfile; i++)
        if (page >= u->file[i][0] && page < u->file[i][1])
            return 1;
    return 0;
}

/* Whether each page from `first` on (count pages, at most 512) was touched. */
static int read_touched(const struct ckpt_untouched *u, uintptr_t first, size_t count,
                        unsigned char *touched)
{
    uint64_t entries[512];
    off_t at = (off_t)(first / u->page * sizeof entries[0]);
    ssize_t want = (ssize_t)(count * sizeof entries[0]);
    if (pread(u->pagemap, entries, (size_t)want, at) != want)
        return -1;
    for (size_t i = 0; i < count; i++)
        touched[i] = (entries[i] & (PAGEMAP_PRESENT | PAGEMAP_SWAPPED)) != 0 ||
                     in_file_mapping(u, first + i * u->page);
    return 0;
}

/* Emit the untouched run [from, to) if it is long enough, with the touched
 * bytes pending before it; *pending moves past what was emitted. */
static void close_run(uintptr_t *pending, uintptr_t from, uintptr_t to, size_t min_run,
                      ckpt_untouched_run_fn fn, void *ctx)
{
    if (to - from < min_run) /* too short for a record of its own: stays touched */
        return;
    if (from > *pending)
        fn(ctx, *pending, from - *pending, 0);
    fn(ctx, from, to - from, 1);
    *pending = to;
}

void ckpt_untouched_runs(struct ckpt_untouched *u, uintptr_t start, size_t size, size_t min_run,
                         ckpt_untouched_run_fn fn, void *ctx)
{
    uintptr_t end = start + size;
    uintptr_t first = u ? (start + u->page - 1) & ~(u->page - 1) : 0;
    uintptr_t last = u ? end & ~(u->page - 1) : 0;
    if (!u || size < min_run || last <= first || last - first < min_run) {
        fn(ctx, start, size, 0);
        return;
    }
    uintptr_t pending = start;    /* bytes from here on are not emitted yet */
    uintptr_t untouched_from = 0; /* the untouched run being read, 0: none */
    unsigned char touched[512];
    uintptr_t p = first;
    while (p < last) {
        size_t count = (last - p) / u->page;
        if (count > sizeof touched)
            count = sizeof touched;
        if (read_touched(u, p, count, touched) != 0)
            break; /* the rest counts as touched */
        for (size_t i = 0; i < count; i++, p += u->page) {
            if (!touched[i] && !untouched_from)
                untouched_from = p;
            else if (touched[i] && untouched_from) {
                close_run(&pending, untouched_from, p, min_run, fn, ctx);
                untouched_from = 0;
            }
        }
    }
    if (untouched_from)
        close_run(&pending, untouched_from, p, min_run, fn, ctx);
    if (end > pending)
        fn(ctx, pending, end - pending, 0);
}
