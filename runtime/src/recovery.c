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
#include <time.h>


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

uint64_t ckpt_recover(void)
{
    const char *dir = ckpt_opts.dir;
    const struct ckpt_layer *layer = ckpt_active_layer;
    uint64_t committed[64], loadable[64];
    int n = ckpt_store_list_committed(dir, committed, 64), nloadable = 0;
    uint8_t exe_id[CKPT_EXE_ID_MAX];
    uint32_t exe_id_len = ckpt_exe_identity(exe_id, sizeof exe_id);
    char err[PATH_MAX + 256];
    for (int i = 0; i < n; i++) {
        struct ckpt_image img;
        int rc = open_checked(committed[i], exe_id, exe_id_len, &img, err, sizeof err);
        if (rc == CKPT_IMAGE_FOREIGN)
            ckpt_fatal("refusing checkpoint %llu: %s. Recover with the executable that wrote "
                       "it, or point CKPT_DIR elsewhere", (unsigned long long)committed[i], err);
        if (rc == 0) {
            ckpt_image_close(&img);
            loadable[nloadable++] = committed[i];
            if (!layer)
                break; /* alone, the newest loadable one is the one */
            continue;
        }
        ckpt_warn("checkpoint %llu in %s is damaged (%s); trying an older one",
                  (unsigned long long)committed[i], dir, err);
        if (!layer) /* with other ranks, they decide together what is usable */
            ckpt_store_set_aside(dir, committed[i]);
    }
    uint64_t chosen = layer ? layer->agree(loadable, nloadable)
                            : (nloadable > 0 ? loadable[0] : 0);
    if (chosen == 0) {
        if (layer && layer->leave_together)
            layer->leave_together();
        if (n <= 0)
            ckpt_fatal("--recover: no checkpoint found in '%s' (nothing to recover from; run "
                       "without --recover to start afresh)", dir);
        ckpt_fatal("--recover: every checkpoint in '%s' is damaged%s; nothing to recover from",
                   dir, layer ? " or missing on some rank" : "");
    }
    struct ckpt_image img;
    double t0 = ckpt_seconds();
    if (open_checked(chosen, exe_id, exe_id_len, &img, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)chosen, err);
    double t1 = ckpt_seconds();
    load_image(&img);
    if (layer && layer->restore(&img, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)chosen, err);
    cost.checkpoint = chosen;
    cost.bytes = img.map_size;
    cost.read_seconds = t1 - t0;
    cost.load_seconds = ckpt_seconds() - t1;
    ckpt_image_close(&img);
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
