#include "recovery.h"

#include "clock.h"
#include "checkpoint.h"
#include "exe_identity.h"
#include "frames.h"
#include "globals.h"
#include "heap.h"
#include "heap_image.h"
#include "image.h"
#include "layer.h"
#include "log.h"
#include "options.h"
#include "state.h"
#include "stats.h"
#include "store.h"

#include <aalc/ckpt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* What the recovery cost, for ckpt_recover_report. */
static struct {
    uint64_t checkpoint;
    size_t bytes;
    double read_seconds, load_seconds;
} cost;

/* Everything is checked before anything is copied, so a refused image leaves
 * the process untouched and the next older checkpoint can be tried. */
static int check_image(const struct ckpt_image *img, char *err, size_t errlen)
{
    const struct ckpt_image_section *rt = ckpt_image_find(img, CKPT_SECTION_RUNTIME, 0);
    if (!rt || rt->size != sizeof(struct ckpt_runtime_record)) {
        snprintf(err, errlen, "runtime record missing or of the wrong size");
        return -1;
    }
    struct ckpt_range globals[2];
    ckpt_globals_ranges(globals);
    for (uint32_t i = 0; i < 2; i++) {
        const struct ckpt_image_section *g = ckpt_image_find(img, CKPT_SECTION_GLOBALS, i);
        if (!g || g->addr != (uintptr_t)globals[i].start || g->size != globals[i].size) {
            snprintf(err, errlen, "saved globals do not match this program's layout");
            return -1;
        }
    }
    const struct ckpt_image_section *heap = ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0);
    size_t used;
    if (!heap) {
        snprintf(err, errlen, "saved heap missing");
        return -1;
    }
    if (ckpt_heap_image_check(heap, &used, err, errlen) != 0)
        return -1;
    if (!ckpt_image_find(img, CKPT_SECTION_FRAMES, 0)) {
        snprintf(err, errlen, "saved stack missing");
        return -1;
    }
    return 0;
}

static void load_image(const struct ckpt_image *img)
{
    char err[256];
    const struct ckpt_image_section *frames = ckpt_image_find(img, CKPT_SECTION_FRAMES, 0);
    if (ckpt_frames_load(frames->data, frames->size, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)img->header.checkpoint, err);
    struct ckpt_range globals[2];
    ckpt_globals_ranges(globals);
    for (uint32_t i = 0; i < 2; i++)
        memcpy(globals[i].start, ckpt_image_find(img, CKPT_SECTION_GLOBALS, i)->data,
               globals[i].size);
    const struct ckpt_image_section *heap = ckpt_image_find(img, CKPT_SECTION_HEAP_RANGES, 0);
    size_t used;
    if (ckpt_heap_image_check(heap, &used, err, sizeof err) != 0 ||
        ckpt_heap_prepare_restore(used, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)img->header.checkpoint, err);
    ckpt_heap_image_load(heap);
    struct ckpt_runtime_record record;
    memcpy(&record, ckpt_image_find(img, CKPT_SECTION_RUNTIME, 0)->data, sizeof record);
    if (ckpt_opts.rewind_output)
        ckpt_output_rewind(&record.output);
}

/* Opens and checks this rank's image of checkpoint n. */
static int open_checked(uint64_t n, const uint8_t *exe_id, uint32_t exe_id_len,
                        struct ckpt_image *img, char *err, size_t errlen)
{
    char path[PATH_MAX];
    ckpt_store_image_path(ckpt_opts.dir, n, ckpt_rank, path, sizeof path);
    int rc = ckpt_image_open(path, exe_id, exe_id_len, img, err, errlen);
    if (rc == 0 && check_image(img, err, errlen) != 0) {
        ckpt_image_close(img);
        rc = CKPT_IMAGE_DAMAGED;
    }
    return rc;
}

/* The committed checkpoints, newest first, each checked only when asked:
 * checking an image means reading it whole, and recovery normally loads the
 * newest. The last image found good stays open for loading. */
static struct {
    uint64_t list[64];
    int count;
    signed char verdict[64]; /* 0 not checked yet, 1 loadable, -1 not */
    uint8_t exe_id[CKPT_EXE_ID_MAX];
    uint32_t exe_id_len;
    struct ckpt_image open;
    uint64_t open_n; /* 0: none open */
    double read_seconds;
} candidates;

static int candidate_loadable(int i)
{
    if (i < 0 || i >= candidates.count)
        return 0;
    if (candidates.verdict[i])
        return candidates.verdict[i] > 0;
    uint64_t n = candidates.list[i];
    char err[PATH_MAX + 256];
    struct ckpt_image img;
    double t0 = ckpt_seconds();
    int rc = open_checked(n, candidates.exe_id, candidates.exe_id_len, &img, err, sizeof err);
    if (rc == CKPT_IMAGE_FOREIGN)
        ckpt_fatal("refusing checkpoint %llu: %s. Recover with the executable that wrote "
                   "it, or point CKPT_DIR elsewhere", (unsigned long long)n, err);
    if (rc != 0) {
        ckpt_warn("checkpoint %llu in %s is damaged (%s); trying an older one",
                  (unsigned long long)n, ckpt_opts.dir, err);
        if (!ckpt_active_layer) /* with other ranks, they decide together what is usable */
            ckpt_store_set_aside(ckpt_opts.dir, n);
        candidates.verdict[i] = -1;
        return 0;
    }
    if (candidates.open_n)
        ckpt_image_close(&candidates.open);
    candidates.open = img;
    candidates.open_n = n;
    candidates.read_seconds = ckpt_seconds() - t0;
    candidates.verdict[i] = 1;
    return 1;
}

uint64_t ckpt_recover(void)
{
    const char *dir = ckpt_opts.dir;
    const struct ckpt_layer *layer = ckpt_active_layer;
    int n = ckpt_store_list_committed(dir, candidates.list, 64);
    candidates.count = n > 0 ? n : 0;
    candidates.exe_id_len = ckpt_exe_identity(candidates.exe_id, sizeof candidates.exe_id);
    uint64_t chosen = 0;
    if (layer) {
        chosen = layer->agree(candidates.list, candidates.count, candidate_loadable);
    } else {
        for (int i = 0; i < candidates.count && !chosen; i++)
            if (candidate_loadable(i))
                chosen = candidates.list[i];
    }
    if (chosen == 0) {
        if (layer && layer->leave_together)
            layer->leave_together();
        if (n <= 0)
            ckpt_fatal("--recover: no checkpoint found in '%s' (nothing to recover from; run "
                       "without --recover to start afresh)", dir);
        ckpt_fatal("--recover: every checkpoint in '%s' is damaged%s; nothing to recover from",
                   dir, layer ? " or missing on some rank" : "");
    }
    /* The agreed one was checked on the way down the list, and is the last
     * found good unless the layer asked about an older one after it: then it
     * is checked and opened again. */
    for (int i = 0; candidates.open_n != chosen && i < candidates.count; i++)
        if (candidates.list[i] == chosen) {
            candidates.verdict[i] = 0;
            if (!candidate_loadable(i))
                ckpt_fatal("checkpoint %llu in %s: this rank's image cannot be loaded any more",
                           (unsigned long long)chosen, dir);
        }
    if (candidates.open_n != chosen)
        ckpt_fatal("checkpoint %llu was agreed on but this rank has no committed image of it "
                   "in %s", (unsigned long long)chosen, dir);
    char err[PATH_MAX + 256];
    struct ckpt_image *img = &candidates.open;
    double t1 = ckpt_seconds();
    load_image(img);
    if (layer && layer->restore(img, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)chosen, err);
    cost.checkpoint = chosen;
    cost.bytes = img->map_size;
    cost.read_seconds = candidates.read_seconds;
    cost.load_seconds = ckpt_seconds() - t1;
    ckpt_image_close(img);
    candidates.open_n = 0;
    ckpt_frames_begin_restore();
    ckpt_recovering = 1;
    ckpt_restoring = 1;
    return chosen;
}

void ckpt_recover_report(double started_at)
{
    ckpt_stats_restore(cost.checkpoint, cost.bytes, cost.read_seconds, cost.load_seconds,
                       ckpt_seconds() - started_at);
}
