#include "checkpoint.h"

#include "exe_identity.h"
#include "frames.h"
#include "globals.h"
#include "heap.h"
#include "image.h"
#include "layer.h"
#include "log.h"
#include "options.h"
#include "store.h"
#include "triggers.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t last_number;

void ckpt_checkpoint_init(uint64_t number)
{
    last_number = number;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int write_image(const char *path, uint64_t number, char *err, size_t errlen)
{
    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.checkpoint = number;
    h.rank = ckpt_rank;
    h.nranks = ckpt_nranks;
    h.exe_id_len = ckpt_exe_identity(h.exe_id, sizeof h.exe_id);

    struct ckpt_runtime_record record;
    memset(&record, 0, sizeof record);
    record.checkpoint = number;
    record.frames = ckpt_frames_count();
    ckpt_output_capture(&record.output);

    struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, errlen);
    if (!w)
        return -1;
    struct ckpt_range globals[2];
    ckpt_globals_ranges(globals);
    size_t frames_size;
    const void *frames = ckpt_frames_bytes(&frames_size);
    int ok = ckpt_image_add_section(w, CKPT_SECTION_RUNTIME, 0, &record, sizeof record, err,
                                    errlen) == 0;
    for (int i = 0; ok && i < 2; i++)
        ok = ckpt_image_add_section(w, CKPT_SECTION_GLOBALS, (uintptr_t)globals[i].start,
                                    globals[i].start, globals[i].size, err, errlen) == 0;
    ok = ok && ckpt_image_add_section(w, CKPT_SECTION_HEAP, ckpt_heap_base(),
                                      (const void *)ckpt_heap_base(), ckpt_heap_used(), err,
                                      errlen) == 0;
    if (ok && ckpt_opts.kill_in_write == (long)number)
        raise(SIGKILL); /* fault-injection tests: die with a half-written image */
    ok = ok && ckpt_image_add_section(w, CKPT_SECTION_FRAMES, 0, frames, frames_size, err,
                                      errlen) == 0;
    if (ok && ckpt_active_layer)
        ok = ckpt_active_layer->save(w, err, errlen) == 0;
    if (!ok) {
        ckpt_image_abandon(w);
        return -1;
    }
    return ckpt_image_finish(w, err, errlen);
}

void ckpt_take_checkpoint(void)
{
    double started = now();
    const struct ckpt_layer *layer = ckpt_active_layer;
    uint64_t number = layer ? layer->checkpoint_number() : last_number + 1;
    char err[PATH_MAX + 256], tmp[PATH_MAX];
    const char *dir = ckpt_opts.dir;
    ckpt_store_image_tmp_path(dir, number, ckpt_rank, tmp, sizeof tmp);
    int ok = ckpt_store_prepare(dir, number, err, sizeof err) == 0 &&
             write_image(tmp, number, err, sizeof err) == 0 &&
             ckpt_store_publish_image(dir, number, ckpt_rank, err, sizeof err) == 0;
    /* With a layer, the checkpoint is global: the layer commits it once every
     * rank's part is durable. Alone, this image is the whole checkpoint. */
    if (ok && !layer)
        ok = ckpt_store_commit(dir, number, 1, err, sizeof err) == 0;
    if (!ok) {
        ckpt_warn("checkpoint %llu not written: %s (the previous one is kept)",
                  (unsigned long long)number, err);
        unlink(tmp);
    } else {
        last_number = number;
        if (!layer)
            ckpt_store_prune(dir, ckpt_opts.keep);
        ckpt_info(1, "checkpoint %llu %s in %s (%zu frames, heap %zu bytes, %.3f s)",
                  (unsigned long long)number, layer ? "image written" : "committed", dir,
                  ckpt_frames_count(), ckpt_heap_used(), now() - started);
    }
    if (layer)
        layer->image_written(number, ok);
    ckpt_triggers_checkpoint_done();
}
