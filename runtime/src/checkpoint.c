#define _GNU_SOURCE /* sched_getaffinity */
#include "checkpoint.h"

#include "clock.h"
#include "debug_fail.h"
#include "dir_claim.h"
#include "environment.h"
#include "exe_identity.h"
#include "files.h"
#include "frames.h"
#include "globals.h"
#include "heap.h"
#include "heap_delta.h"
#include "heap_image.h"
#include "image.h"
#include "image_flush.h"
#include "level_space.h"
#include "job.h"
#include "layer.h"
#include "libc_state.h"
#include "log.h"
#include "openmp_state.h"
#include "options.h"
#include "recovery_callbacks.h"
#include "stats.h"
#include "store.h"
#include "triggers.h"
#include "unsaved.h"

#include <aalc/ckpt.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

static uint64_t last_number;
/* The newest checkpoint known to be committed: an incremental image's
 * parent must be, or recovery could not find it. */
static _Atomic uint64_t last_committed;

/* How many bytes of the in-memory image a prefault faults in at a time,
 * checking between steps whether a checkpoint is waiting for it. */
#define PREFAULT_STEP ((size_t)32 << 20)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older headers lack it */
#endif

void ckpt_checkpoint_init(uint64_t number)
{
    last_number = number;
}

/* The image being written: reused from one checkpoint to the next, so that
 * after the first one copying the state touches no new pages. Before the
 * first, the interval timer may fault its pages in (ckpt_checkpoint_prefault):
 * `image_lock` keeps the two apart. */
static struct ckpt_image_buffer image;
static pthread_mutex_t image_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int checkpoint_begun; /* no prefault after it, and one under way stops */
static size_t prefaulted_bytes;        /* by the prefault, for this process's first image */
static struct pending_image {
    struct ckpt_flush_job job;
    uint64_t number;
    double started, copy_seconds;
    unsigned copy_threads;
    size_t prefaulted_bytes;
    size_t heap_bytes, heap_same, frames;
    int incremental; /* the image needs its parent's (heap_image.h) */
    const char *write_mode; /* ckpt_write_mode_names */
    char dir[PATH_MAX];     /* where its image goes: the local level, or CKPT_DIR (level_space.h) */
} pending;

/* Threads that copy the state: CKPT_COPY_THREADS, or the CPUs this process
 * may run on, but no more than its share of the node's (the layer says how
 * many processes share the node; pinned ranks have their share as their
 * mask already), at most 4: the copy is what the program waits for, and one
 * core does not use all of the memory bandwidth; a few do. */
static unsigned copy_threads(void)
{
    if (ckpt_opts.copy_threads > 0)
        return ckpt_opts.copy_threads;
    cpu_set_t cpus;
    long allowed = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    long share = sysconf(_SC_NPROCESSORS_ONLN) / (long)ckpt_node_processes;
    long threads = allowed < share ? allowed : share;
    return threads < 1 ? 1 : threads > 4 ? 4 : (unsigned)threads;
}

/* The in-memory image's size for the state as it is now: the slack is for
 * headers and the layer's sections. */
static size_t image_size_for(size_t frames_size)
{
    const struct ckpt_range *globals;
    size_t count = ckpt_globals_ranges(&globals), size = ckpt_globals_tls().size;
    for (size_t i = 0; i < count; i++)
        size += globals[i].size;
    return size + ckpt_heap_used() + frames_size + ((size_t)1 << 20);
}

static void fill_header(struct ckpt_image_header *h, uint64_t number)
{
    memset(h, 0, sizeof *h);
    h->checkpoint = number;
    h->rank = ckpt_rank;
    h->nranks = ckpt_nranks;
    h->exe_id_len = ckpt_exe_identity(h->exe_id, sizeof h->exe_id);
}

/* Incremental images (CKPT_INCREMENTAL=k): each image's heap against the
 * one before it, a full image every k-th checkpoint, and whenever the one
 * before is not this process's table's or not known committed (it was
 * never written, or the layer still waits for another rank's). So a chain
 * is a run of consecutive committed checkpoints that never reaches back
 * past a multiple of k. Not with a local level: what is flushed to
 * CKPT_DIR is every n-th checkpoint, not a chain. */
static struct ckpt_image_chain chain;

static int incremental_on(void)
{
    return ckpt_opts.incremental > 1 && !ckpt_levels_local();
}

static uint64_t delta_parent(uint64_t number)
{
    uint64_t before = number - 1;
    if (number % ckpt_opts.incremental == 0 || ckpt_heap_delta_table_image() != before ||
        chain.id == 0 || atomic_load(&last_committed) != before)
        return 0;
    return before;
}

/* The chain section, and the table begun for the heap's pages: 1. 0 when
 * the table cannot be had (out of memory: then a full image without a
 * chain), -1 when the section could not be written (message in err). */
static int begin_chain(struct ckpt_image_writer *w, uint64_t number, char *err, size_t errlen)
{
    uint64_t parent = delta_parent(number), parent_id = chain.id;
    if (ckpt_heap_delta_begin(number, parent) != 0) {
        chain.id = 0;
        return 0;
    }
    uint64_t id = 0;
    while (id == 0) /* a random id, so that no other image can pass for this one */
        if (getrandom(&id, sizeof id, 0) != (ssize_t)sizeof id)
            id = ((uint64_t)getpid() << 32) ^ (uint64_t)(ckpt_seconds() * 1e9) ^ number;
    chain = (struct ckpt_image_chain){id, parent, parent ? parent_id : 0};
    pending.incremental = parent != 0;
    return ckpt_image_add_section(w, CKPT_SECTION_CHAIN, 0, &chain, sizeof chain, err,
                                  errlen) == 0 ? 1 : -1;
}

/* Add this rank's state to w, whose header is written: into memory or
 * into the file. */
static int add_state(struct ckpt_image_writer *w, uint64_t number, char *err, size_t errlen)
{
    struct ckpt_runtime_record record;
    memset(&record, 0, sizeof record);
    record.checkpoint = number;
    record.frames = ckpt_frames_count();
    ckpt_output_capture(&record.output);
    record.environment = ckpt_environment_saved();

    const struct ckpt_range *globals;
    size_t globals_count = ckpt_globals_ranges(&globals);
    struct ckpt_range tls = ckpt_globals_tls();
    size_t frames_size;
    const void *frames = ckpt_frames_bytes(&frames_size);
    int ok = ckpt_image_add_section(w, CKPT_SECTION_RUNTIME, 0, &record, sizeof record, err,
                                    errlen) == 0;
    /* Before the globals are copied: reading random()'s state writes its
     * position into the program's table, which may be a global. After
     * ckpt_output_capture's fflush: the streams hold nothing to write. */
    ok = ok && ckpt_libc_state_save(w, err, errlen) == 0;
    ok = ok && ckpt_files_save(w, err, errlen) == 0;
    ok = ok && ckpt_recovery_callbacks_save(w, err, errlen) == 0;
    ok = ok && ckpt_openmp_state_save(w, err, errlen) == 0;
    int incremental = ok && incremental_on() ? begin_chain(w, number, err, errlen) : 0;
    ok = ok && incremental >= 0;
    ckpt_unsaved_report();
    /* The globals and the heap, the bulk of the state, are copied together
     * by several threads once laid out (in memory; a file takes them as
     * they come). Nothing changes them in between: the program is stopped
     * here, and it has no other thread at a potential point
     * (docs/limitations.md), so the heap lock need not be held. */
    ckpt_image_defer_copies(w);
    for (size_t i = 0; ok && i < globals_count; i++)
        ok = ckpt_image_add_section(w, CKPT_SECTION_GLOBALS, (uintptr_t)globals[i].start,
                                    globals[i].start, globals[i].size, err, errlen) == 0;
    ok = ok && ckpt_image_add_section(w, CKPT_SECTION_TLS, 0, tls.start, tls.size, err,
                                      errlen) == 0;
    size_t heap_saved = 0, heap_same = 0;
    ok = ok && ckpt_heap_image_add(w, incremental, &heap_saved, &heap_same, err, errlen) == 0;
    unsigned copied_with = ckpt_image_copy_deferred(w, copy_threads(), ckpt_opts.copy_parallel_min);
    pending.copy_threads = copied_with ? copied_with : 1; /* 0: all copied while laid out */
    pending.heap_bytes = heap_saved;
    pending.heap_same = heap_same;
    ok = ok && ckpt_image_add_section(w, CKPT_SECTION_FRAMES, 0, frames, frames_size, err,
                                      errlen) == 0;
    if (ok && ckpt_active_layer)
        ok = ckpt_active_layer->save(w, err, errlen) == 0;
    return ok ? 0 : -1;
}

/* Copy this rank's state into `image` (the only part the program waits for). */
static int copy_state(uint64_t number, char *err, size_t errlen)
{
    struct ckpt_image_header h;
    fill_header(&h, number);
    size_t frames_size;
    ckpt_frames_bytes(&frames_size);
    /* One mapping of the right size rather than a series of doublings. */
    image.size = 0;
    ckpt_image_buffer_reserve(&image, image_size_for(frames_size));
    pending.prefaulted_bytes = prefaulted_bytes;
    prefaulted_bytes = 0;
    struct ckpt_image_writer *w = ckpt_image_create_in_memory(&image, &h, err, errlen);
    if (!w)
        return -1;
    if (add_state(w, number, err, errlen) != 0) {
        ckpt_image_abandon(w);
        return -1;
    }
    return ckpt_image_finish(w, err, errlen);
}

/* Write this rank's state into the image file `path` itself (CKPT_WRITE=
 * through): complete in the page cache, not yet durable, left open as *fd.
 * The program waits for the checksum and the kernel's copy instead of a
 * copy of its own, and no second copy of the state stays in memory. */
static int write_state(uint64_t number, const char *path, int *fd, char *err, size_t errlen)
{
    if (ckpt_store_create_dir(pending.dir, number, err, errlen) != 0)
        return -1;
    struct ckpt_image_header h;
    fill_header(&h, number);
    struct ckpt_image_writer *w = ckpt_image_create(path, &h, err, errlen);
    if (!w)
        return -1;
    if (add_state(w, number, err, errlen) != 0) {
        ckpt_image_abandon(w);
        unlink(path);
        return -1;
    }
    if (ckpt_image_finish_unsynced(w, fd, err, errlen) != 0) {
        unlink(path);
        return -1;
    }
    return 0;
}

/* /proc/meminfo's MemAvailable in bytes; SIZE_MAX when it cannot be read. */
static size_t memory_available(void)
{
    FILE *f = fopen("/proc/meminfo", "re");
    if (!f)
        return SIZE_MAX;
    char line[128];
    unsigned long long kib = 0;
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        found = sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
    fclose(f);
    return found && kib < SIZE_MAX / 1024 ? (size_t)kib * 1024 : SIZE_MAX;
}

/* CKPT_WRITE=auto. The copy makes the shortest stop, but it holds a second
 * copy of the state in memory, and its thread's checksum and write take CPU
 * time. Written through, the program waits longer (the checksum and the
 * kernel's copy into the page cache, which allocates pages), and no second
 * copy exists. So the copy only where both are free: a core to spare for
 * the thread, and memory for the copy with as much again left over. On a
 * node whose cores all run ranks, the copy lost 15-32 ms a checkpoint for
 * CG against 28-58 ms written through, at 1.55-1.75x the peak memory
 * against 1.03-1.07x (docs/performance.md); a job sized to fill its
 * node's memory, as many are, cannot afford the copy at all. Compression
 * works on the copy. */
static enum ckpt_write_mode write_mode(void)
{
    enum ckpt_write_mode mode = ckpt_opts.write_mode;
    if (ckpt_opts.compress_level > 0 && mode != CKPT_WRITE_SYNC)
        return CKPT_WRITE_COPY;
    if (mode != CKPT_WRITE_AUTO)
        return mode;
    cpu_set_t cpus;
    long allowed = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int spare_core = allowed > 1 && (long)ckpt_node_processes < online;
    /* A buffer kept (or prefaulted) is memory taken already: only its growth counts. */
    size_t want = image_size_for(0), copy = want > image.capacity ? want - image.capacity : 0;
    int spare_memory = copy <= memory_available() / 2;
    return spare_core && spare_memory ? CKPT_WRITE_COPY : CKPT_WRITE_THROUGH;
}

/* The newest checkpoint the layer gave up (the program ended first, or some
 * rank failed): its files are removed, perhaps under an image still being
 * written, whose failure is then no news. Written by the program's thread,
 * read by the writing one. */
static _Atomic uint64_t given_up;

/* Says what the program still has to recover from: the failed checkpoint
 * leaves the previous one, if there is one, as the newest. */
static void warn_not_written(uint64_t number, const char *why)
{
    if (atomic_load(&given_up) >= number) {
        ckpt_info(2, "checkpoint %llu: its image was given up while being written (%s)",
                  (unsigned long long)number, why);
        return;
    }
    uint64_t newest;
    if (ckpt_store_list_committed(ckpt_options_dir(), &newest, 1) == 1)
        ckpt_warn("checkpoint %llu not written: %s (checkpoint %llu is kept as the newest)",
                  (unsigned long long)number, why, (unsigned long long)newest);
    else
        ckpt_warn("checkpoint %llu not written: %s (there is no earlier checkpoint to "
                  "recover from)", (unsigned long long)number, why);
}

/* The image of `number` is written and durable, or failed: in the writing
 * thread, so only the file system and the layer's hook are touched here. */
static void image_done(struct ckpt_flush_job *job, int ok, const char *why)
{
    const struct ckpt_layer *layer = ckpt_active_layer;
    const char *dir = pending.dir;
    uint64_t number = pending.number;
    char err[PATH_MAX + 256];
    snprintf(err, sizeof err, "%s", why);
    if (ok && ckpt_debug_fail("image", number, ckpt_rank)) {
        snprintf(err, sizeof err, "%s: CKPT_DEBUG_FAIL: injected I/O error", job->path);
        ok = 0;
    }
    /* An incremental image's checkpoint says so before its image appears,
     * so that pruning keeps the one before (store.h). */
    ok = ok && (!pending.incremental ||
                ckpt_store_mark_incremental(dir, number, err, sizeof err) == 0);
    ok = ok && ckpt_store_publish_image(dir, number, ckpt_rank, err, sizeof err) == 0;
    /* With a layer, the checkpoint is global: the layer commits it once every
     * rank's part is durable. Alone, this image is the whole checkpoint. */
    if (ok && !layer && ckpt_debug_fail("commit", number, 0)) {
        snprintf(err, sizeof err, "%s: CKPT_DEBUG_FAIL: injected I/O error committing", dir);
        ok = 0;
    }
    if (ok && !layer)
        ok = ckpt_job_record(dir, number, 1, err, sizeof err) == 0 &&
             ckpt_store_commit(dir, number, 1, err, sizeof err) == 0;
    if (!ok) {
        warn_not_written(number, err);
        unlink(job->path);
        if (!layer) /* with one, the layer cleans up once every rank knows */
            ckpt_store_discard(dir, number, ckpt_rank);
    } else {
        if (!layer)
            ckpt_store_prune(dir, ckpt_opts.keep);
        double written = ckpt_seconds();
        char same[96] = "";
        if (pending.incremental)
            snprintf(same, sizeof same, ", %zu the same as in checkpoint %llu's",
                     pending.heap_same, (unsigned long long)number - 1);
        ckpt_info(1, "checkpoint %llu %s in %s (%zu frames, heap %zu bytes saved%s; the program "
                  "waited %.3f s for the %s, the write took %.3f s more)",
                  (unsigned long long)number, layer ? "image written" : "committed", dir,
                  pending.frames, pending.heap_bytes, same, pending.copy_seconds,
                  job->in_file ? "write into the page cache" : "copy",
                  written - pending.started - pending.copy_seconds);
        ckpt_stats_checkpoint(number, pending.started,
                              job->image ? job->image->size : job->file_bytes, job->file_bytes,
                              pending.copy_seconds, pending.copy_threads, pending.prefaulted_bytes,
                              job->seal_seconds, job->write_seconds, job->used_direct,
                              pending.write_mode);
    }
    if (layer)
        layer->image_written(number, ok);
    else
        ckpt_checkpoint_settled(number, ok); /* alone, the checkpoint ends here */
}

const char *ckpt_checkpoint_dir(uint64_t n)
{
    return pending.number == n && pending.dir[0] ? pending.dir : ckpt_options_dir();
}

void ckpt_checkpoint_settled(uint64_t n, int committed)
{
    if (committed && atomic_load(&last_committed) < n)
        atomic_store(&last_committed, n);
    if (!committed && atomic_load(&given_up) < n)
        atomic_store(&given_up, n);
    ckpt_stats_settled(n, committed, ckpt_seconds());
    ckpt_triggers_checkpoint_settled();
}

/* Creating the checkpoint's directory and making it durable (an fsync of
 * CKPT_DIR): also off the program's time. */
static int prepare_directory(struct ckpt_flush_job *job, char *err, size_t errlen)
{
    (void)job;
    return ckpt_store_prepare(pending.dir, pending.number, err, errlen);
}

/* Written through: the directory exists, its entry is made durable. */
static int sync_directory(struct ckpt_flush_job *job, char *err, size_t errlen)
{
    (void)job;
    return ckpt_store_sync_dir(pending.dir, err, errlen);
}

void ckpt_take_checkpoint(void)
{
    ckpt_flush_wait(); /* the previous image's buffer is about to be reused */
    memset(&pending, 0, sizeof pending);
    double started = ckpt_seconds();
    const struct ckpt_layer *layer = ckpt_active_layer;
    uint64_t number = layer ? layer->checkpoint_number() : last_number + 1;
    char err[PATH_MAX + 256];
    size_t frames_size;
    ckpt_frames_bytes(&frames_size);
    const char *dir = ckpt_levels_image_dir(number, image_size_for(frames_size));
    snprintf(pending.dir, sizeof pending.dir, "%s", dir);
    struct ckpt_flush_job *job = &pending.job;
    job->fd = -1;
    /* A prefault under way stops at its next step: then the buffer's size,
     * which the write mode depends on, is settled. */
    atomic_store(&checkpoint_begun, 1);
    pthread_mutex_lock(&image_lock);
    enum ckpt_write_mode mode = write_mode();
    ckpt_store_image_tmp_path(dir, number, ckpt_rank, job->path, sizeof job->path);
    int ok = ckpt_dir_claim(err, sizeof err) == 0; /* the first one makes the directory */
    if (ok && mode == CKPT_WRITE_THROUGH)
        ok = write_state(number, job->path, &job->fd, err, sizeof err) == 0;
    else if (ok)
        ok = copy_state(number, err, sizeof err) == 0;
    pthread_mutex_unlock(&image_lock);
    /* Numbers are not reused, even after a failed write. */
    last_number = number;
    ckpt_triggers_checkpoint_done();
    if (!ok) {
        warn_not_written(number, err);
        if (layer)
            layer->image_written(number, 0);
        else
            ckpt_checkpoint_settled(number, 0);
        return;
    }
    pending.number = number;
    pending.started = started;
    pending.copy_seconds = ckpt_seconds() - started;
    pending.frames = ckpt_frames_count();
    pending.write_mode = ckpt_write_mode_names[mode];
    if (mode == CKPT_WRITE_THROUGH) {
        job->in_file = 1;
        job->in_background = 1;
        job->prepare = sync_directory;
    } else {
        job->image = &image;
        job->in_background = mode == CKPT_WRITE_COPY;
        job->direct = ckpt_opts.direct_io;
        job->compress_level = ckpt_opts.compress_level;
        job->prepare = prepare_directory;
    }
    job->kill_halfway = ckpt_opts.kill_in_write == (long)number;
    job->done = image_done;
    ckpt_flush_start(job);
    /* Synchronous writes: the write was the program's time too. */
    ckpt_triggers_checkpoint_cost(number, ckpt_seconds() - started);
}

/* A child of fork has no timer thread, which may have held the lock (and
 * may have been half-way through creating the buffer). */
static void image_lock_after_fork_child(void)
{
    pthread_mutex_init(&image_lock, NULL);
    if (image.capacity == 0)
        image.data = NULL;
}

void ckpt_checkpoint_prefault(double due_in)
{
    if (atomic_load(&checkpoint_begun) || write_mode() == CKPT_WRITE_THROUGH)
        return; /* written through, an image has no buffer */
    if (pthread_atfork(NULL, NULL, image_lock_after_fork_child) != 0)
        return;
    double due = ckpt_seconds() + due_in;
    int asked = 0;
    pthread_mutex_lock(&image_lock);
    if (image.capacity == 0 && !atomic_load(&checkpoint_begun)) {
        size_t want = image_size_for(0); /* the frames are a few pages at most */
        if (ckpt_image_buffer_reserve(&image, want) == 0) {
            size_t page = (size_t)sysconf(_SC_PAGESIZE), done = 0;
            want = (want + page - 1) & ~(page - 1);
            while (done < want && !atomic_load(&checkpoint_begun)) {
                size_t n = want - done < PREFAULT_STEP ? want - done : PREFAULT_STEP;
                if (madvise(image.data + done, n, MADV_POPULATE_WRITE) != 0) {
                    if (errno != EINVAL)
                        break; /* out of memory, say: the checkpoint will find out */
                    for (size_t at = 0; at < n; at += page) /* before Linux 5.14 */
                        image.data[done + at] = 0;
                }
                done += n;
                /* The timer asks for the checkpoint only after this returns:
                 * not later than it is due, however long faulting takes. */
                if (!asked && ckpt_seconds() >= due) {
                    ckpt_request_checkpoint();
                    asked = 1;
                }
            }
            prefaulted_bytes = done;
        }
    }
    pthread_mutex_unlock(&image_lock);
}
