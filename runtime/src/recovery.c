#include "recovery.h"

#include "clock.h"
#include "checkpoint.h"
#include "environment.h"
#include "exe_identity.h"
#include "files.h"
#include "frames.h"
#include "globals.h"
#include "heap.h"
#include "heap_image.h"
#include "image.h"
#include "image_chain.h"
#include "job.h"
#include "layer.h"
#include "output_forward.h"
#include "libc_state.h"
#include "log.h"
#include "openmp_state.h"
#include "options.h"
#include "recovery_callbacks.h"
#include "state.h"
#include "stats.h"
#include "store.h"
#include "trust.h"

#include <aalc/ckpt.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the recovery cost, for ckpt_recover_report. */
static struct {
    uint64_t checkpoint;
    size_t bytes;
    double read_seconds, load_seconds;
    int prefetched; /* read and loaded while MPI started */
    size_t moved;   /* heap bytes moved out of the image rather than copied */
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
    const struct ckpt_range *globals;
    size_t count = ckpt_globals_ranges(&globals);
    for (uint32_t i = 0; i <= count; i++) {
        const struct ckpt_image_section *g = ckpt_image_find(img, CKPT_SECTION_GLOBALS, i);
        if (i == count ? g != NULL
                       : !g || g->addr != (uintptr_t)globals[i].start || g->size != globals[i].size) {
            snprintf(err, errlen, "saved globals do not match this program's layout");
            return -1;
        }
    }
    const struct ckpt_image_section *tls = ckpt_image_find(img, CKPT_SECTION_TLS, 0);
    if (!tls || tls->size != ckpt_globals_tls().size) {
        snprintf(err, errlen, "saved thread-local variables do not match this program's layout");
        return -1;
    }
    if (ckpt_openmp_state_check(img, err, errlen) != 0)
        return -1;
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
    if (ckpt_libc_state_check(img, err, errlen) != 0 || ckpt_files_check(img, err, errlen) != 0 ||
        ckpt_recovery_callbacks_check(img, err, errlen) != 0)
        return -1;
    return 0;
}

/* An incremental image's chain, oldest (the full image) first: at most
 * CHAIN_MAX images, as open_parent allows (CKPT_INCREMENTAL's limit). */
#define CHAIN_MAX CKPT_INCREMENTAL_MAX
static size_t chain_of(struct ckpt_image *img, struct ckpt_image **chain)
{
    size_t n = 0;
    for (struct ckpt_image *i = img; i && n < CHAIN_MAX; i = i->parent)
        n++;
    size_t k = n;
    for (struct ckpt_image *i = img; i && k > 0; i = i->parent)
        chain[--k] = i;
    return n;
}

/* The heap of a checked image and its parents: the full image's, then each
 * newer one's records over it. */
static int load_heap(struct ckpt_image *img, int populate, size_t *moved, size_t *loaded_extent,
                     char *err, size_t errlen)
{
    struct ckpt_image *chain[CHAIN_MAX];
    size_t n = chain_of(img, chain), used = 0;
    for (size_t i = 0; i < n; i++) {
        const struct ckpt_image_section *heap =
            ckpt_image_find(chain[i], CKPT_SECTION_HEAP_RANGES, 0);
        size_t extent;
        if (ckpt_heap_image_check(heap, &extent, err, errlen) != 0)
            return -1;
        used = extent > used ? extent : used;
        if (chain[i]->pages_movable && ckpt_heap_image_has_long_ranges(heap))
            populate = 0;
    }
    int rc = ckpt_heap_prepare_restore(used, populate, err, errlen);
    if (rc == 0 && loaded_extent)
        *loaded_extent = used;
    *moved = 0;
    struct ckpt_heap_load_budget budget = CKPT_HEAP_LOAD_BUDGET; /* one for the chain's maps */
    for (size_t i = 0; rc == 0 && i < n; i++) {
        size_t m;
        rc = ckpt_heap_image_load(chain[i], ckpt_image_find(chain[i], CKPT_SECTION_HEAP_RANGES, 0),
                                  &budget, &m, err, errlen);
        *moved += m;
    }
    return rc;
}

/* The program's state from a checked image: saved frames, globals, heap
 * (populate: see ckpt_heap_prepare_restore; not when the heap's long ranges
 * are moved out of the image, which maps them). Returns -1 with a message
 * if the image cannot be loaded after all; the heap bytes moved in *moved,
 * the extent of the heap written in *loaded_extent (unless NULL). */
static int load_state(struct ckpt_image *img, int populate, size_t *moved,
                      size_t *loaded_extent, char *err, size_t errlen)
{
    const struct ckpt_image_section *frames = ckpt_image_find(img, CKPT_SECTION_FRAMES, 0);
    if (ckpt_frames_load(frames->data, frames->size, err, errlen) != 0)
        return -1;
    const struct ckpt_range *globals;
    size_t count = ckpt_globals_ranges(&globals);
    for (uint32_t i = 0; i < count; i++)
        memcpy(globals[i].start, ckpt_image_find(img, CKPT_SECTION_GLOBALS, i)->data,
               globals[i].size);
    return load_heap(img, populate, moved, loaded_extent, err, errlen);
}

/* What the runtime kept for itself: output offsets, the environment. */
static void apply_runtime_record(const struct ckpt_image *img)
{
    struct ckpt_runtime_record record;
    memcpy(&record, ckpt_image_find(img, CKPT_SECTION_RUNTIME, 0)->data, sizeof record);
    /* Thread-local variables are the program thread's: loaded here, on it,
     * not by a thread that loads while MPI starts. */
    struct ckpt_range tls = ckpt_globals_tls();
    if (tls.size)
        memcpy(tls.start, ckpt_image_find(img, CKPT_SECTION_TLS, 0)->data, tls.size);
    ckpt_openmp_state_restore(img); /* the thread count the program set, ... */
    if (ckpt_opts.rewind_output)
        ckpt_output_rewind(&record.output);
    ckpt_environment_restore(record.environment);
    ckpt_files_restore(img);
    ckpt_recovery_callbacks_restore(img);
    ckpt_libc_state_restore(img); /* the working directory last */
}


/* The checkpoint directory, checkpoint n's directory, its marker and the
 * image at path: each the user's own and not writable by others (trust.h). */
static int trusted(const char *path, char *err, size_t errlen)
{
    char cdir[PATH_MAX], marker[PATH_MAX + 16];
    snprintf(cdir, sizeof cdir, "%s", path);
    char *slash = strrchr(cdir, '/');
    if (slash)
        *slash = '\0';
    snprintf(marker, sizeof marker, "%s/COMMITTED", cdir);
    return ckpt_trust_path(ckpt_options_dir(), err, errlen) == 0 &&
           (!slash || ckpt_trust_path(cdir, err, errlen) == 0) &&
           (!slash || ckpt_trust_path(marker, err, errlen) == 0) &&
           ckpt_trust_path(path, err, errlen) == 0;
}

static int open_checked_link(uint64_t n, uint32_t rank, const uint8_t *exe_id,
                             uint32_t exe_id_len, unsigned depth, struct ckpt_image *img,
                             char *err, size_t errlen);

/* An incremental image's parent, opened and checked as img->parent (its
 * own parents with it): the same rank's image of the checkpoint before,
 * committed, the very image it was written against, and holding every byte
 * it is said to. 0 also for a full image; else an open_checked result. */
static int open_parent(uint64_t n, struct ckpt_image *img, const uint8_t *exe_id,
                       uint32_t exe_id_len, unsigned depth, char *err, size_t errlen)
{
    uint64_t parent_n;
    if (ckpt_image_chain_parent(img, n, depth, CHAIN_MAX, &parent_n, err, errlen) != 0)
        return CKPT_IMAGE_DAMAGED;
    if (parent_n == 0)
        return 0;
    struct ckpt_image *parent = ckpt_untracked_malloc(sizeof *parent);
    if (!parent) {
        snprintf(err, errlen, "out of memory opening its parent image");
        return CKPT_IMAGE_UNREADABLE;
    }
    char why[PATH_MAX]; /* shorter than err: it goes into err after a sentence */
    int rc = open_checked_link(parent_n, img->header.rank, exe_id, exe_id_len, depth + 1,
                               parent, why, sizeof why);
    if (rc != 0) {
        ckpt_untracked_free(parent);
        snprintf(err, errlen, "it is incremental, and checkpoint %llu's image it needs cannot "
                 "be used: %s", (unsigned long long)parent_n, why);
        return rc; /* unreadable (an I/O error, say) is not damaged: nothing is set aside */
    }
    img->parent = parent;
    return ckpt_image_chain_check(img, parent, err, errlen) != 0 ? CKPT_IMAGE_DAMAGED : 0;
}

/* Opens and checks a rank's image of checkpoint n, and its parents; depth:
 * how many newer images of its chain are open. */
static int open_checked_link(uint64_t n, uint32_t rank, const uint8_t *exe_id,
                             uint32_t exe_id_len, unsigned depth, struct ckpt_image *img,
                             char *err, size_t errlen)
{
    char path[PATH_MAX];
    ckpt_store_image_path(ckpt_options_dir(), n, rank, path, sizeof path);
    if (!trusted(path, err, errlen))
        return CKPT_IMAGE_UNTRUSTED;
    int rc = ckpt_image_open(path, exe_id, exe_id_len, img, err, errlen);
    /* An intact image of another checkpoint or rank, copied or moved here.
     * The rank count is the one the checkpoint was committed with (while MPI
     * starts, this process does not know its own yet; ckpt_job_check compares
     * the two). */
    uint32_t nranks = ckpt_store_committed_nranks(ckpt_options_dir(), n);
    if (rc == 0 && (img->header.checkpoint != n || img->header.rank != rank ||
                    img->header.nranks != nranks)) {
        snprintf(err, errlen, "%s holds the image of checkpoint %llu, rank %u of %u, not of "
                 "checkpoint %llu, rank %u of %u (moved or copied here from elsewhere)", path,
                 (unsigned long long)img->header.checkpoint, img->header.rank,
                 img->header.nranks, (unsigned long long)n, rank, nranks);
        ckpt_image_close(img);
        return CKPT_IMAGE_DAMAGED;
    }
    if (rc == 0 && check_image(img, err, errlen) != 0) {
        ckpt_image_close(img);
        rc = CKPT_IMAGE_DAMAGED;
    }
    if (rc == 0 && !ckpt_opts.map_image)
        img->pages_movable = 0;
    if (rc == 0 && (rc = open_parent(n, img, exe_id, exe_id_len, depth, err, errlen)) != 0)
        ckpt_image_close(img);
    return rc;
}

static int open_checked(uint64_t n, uint32_t rank, const uint8_t *exe_id, uint32_t exe_id_len,
                        struct ckpt_image *img, char *err, size_t errlen)
{
    return open_checked_link(n, rank, exe_id, exe_id_len, 0, img, err, errlen);
}

/* ---- loading while MPI starts ----
 *
 * A recovering MPI program spends most of its start in MPI_Init, and only
 * then knows its rank, agrees with the others
 * on a checkpoint and loads it. So a thread reads, checks and loads the
 * newest committed image of the rank the layer guesses (from what its
 * launcher exported) while MPI_Init runs. It is a guess: ckpt_recover keeps what it
 * loaded only if the rank is right and the ranks agree on that checkpoint,
 * and otherwise checks and loads as if it had not run. */
static struct {
    pthread_t thread;
    int started;
    uint32_t rank;
    uint64_t n; /* 0: nothing loaded */
    struct ckpt_image img;
    double read_seconds, load_seconds;
    size_t moved;
    size_t extent; /* of the heap the load wrote, even if it failed */
} prefetch;

static uint8_t exe_id[CKPT_EXE_ID_MAX];
static uint32_t exe_id_len;

/* The layer's guess of this process's rank (guess_rank), or -1. */
static int guessed_rank(void)
{
    const struct ckpt_layer *layer = ckpt_active_layer;
    int r = layer && layer->guess_rank ? layer->guess_rank() : -1;
    if (r < 0)
        return -1;
    /* Tests: a guess that is wrong (ranks 0 and 1 swap, 2 and 3...) must
     * cost time, not correctness. */
    const char *wrong = getenv("CKPT_DEBUG_WRONG_RANK_GUESS");
    return wrong && *wrong && strcmp(wrong, "0") != 0 ? r ^ 1 : r;
}

static void *prefetch_newest(void *unused)
{
    (void)unused;
    uint64_t list[1];
    char err[PATH_MAX + 256];
    if (ckpt_store_list_committed(ckpt_options_dir(), list, 1) < 1)
        return NULL;
    double t0 = ckpt_seconds();
    if (open_checked(list[0], prefetch.rank, exe_id, exe_id_len, &prefetch.img, err,
                     sizeof err) != 0)
        return NULL; /* ckpt_recover finds out again, and says why */
    double t1 = ckpt_seconds();
    /* Page by page: populating the heap in one call holds the memory-map
     * lock that MPI_Init's own mappings wait for. */
    if (load_state(&prefetch.img, 0, &prefetch.moved, &prefetch.extent, err, sizeof err) != 0) {
        ckpt_image_close(&prefetch.img);
        return NULL;
    }
    prefetch.read_seconds = t1 - t0;
    prefetch.load_seconds = ckpt_seconds() - t1;
    prefetch.n = list[0];
    return NULL;
}

void ckpt_recover_prefetch(void)
{
    int rank = guessed_rank();
    if (rank < 0 || prefetch.started)
        return;
    exe_id_len = ckpt_exe_identity(exe_id, sizeof exe_id);
    prefetch.rank = (uint32_t)rank;
    prefetch.started = pthread_create(&prefetch.thread, NULL, prefetch_newest, NULL) == 0;
}

/* ---- choosing and loading ---- */

/* The committed checkpoints, newest first, each checked only when asked:
 * checking an image means reading it whole, and recovery normally loads the
 * newest. The last image found good stays open for loading. */
static struct {
    uint64_t list[64];
    int count;
    signed char verdict[64]; /* 0 not checked yet, 1 loadable, -1 not */
    struct ckpt_image open;
    uint64_t open_n; /* 0: none open */
    double read_seconds;
} candidates;

static void keep_open(const struct ckpt_image *img, uint64_t n, double read_seconds)
{
    if (candidates.open_n)
        ckpt_image_close(&candidates.open);
    candidates.open = *img;
    candidates.open_n = n;
    candidates.read_seconds = read_seconds;
}

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
    int rc = open_checked(n, ckpt_rank, exe_id, exe_id_len, &img, err, sizeof err);
    if (rc == CKPT_IMAGE_UNTRUSTED)
        ckpt_fatal("--recover: refusing checkpoint %llu: %s", (unsigned long long)n, err);
    if (rc == CKPT_IMAGE_FOREIGN)
        ckpt_fatal("refusing checkpoint %llu: %s. Recover with the executable that wrote "
                   "it, or point CKPT_DIR elsewhere", (unsigned long long)n, err);
    if (rc == CKPT_IMAGE_UNREADABLE) { /* not known to be damaged: left as it is */
        ckpt_warn("checkpoint %llu in %s: this rank's image cannot be read (%s); trying an "
                  "older one", (unsigned long long)n, ckpt_options_dir(), err);
        candidates.verdict[i] = -1;
        return 0;
    }
    if (rc != 0) {
        ckpt_warn("checkpoint %llu in %s is damaged (%s); trying an older one",
                  (unsigned long long)n, ckpt_options_dir(), err);
        if (!ckpt_active_layer) /* with other ranks, they decide together what is usable */
            ckpt_store_set_aside(ckpt_options_dir(), n);
        candidates.verdict[i] = -1;
        return 0;
    }
    keep_open(&img, n, ckpt_seconds() - t0);
    candidates.verdict[i] = 1;
    return 1;
}

/* What the thread loaded, if it was this rank's: taken as checked and open. */
static uint64_t take_prefetched(void)
{
    if (!prefetch.started)
        return 0;
    pthread_join(prefetch.thread, NULL);
    prefetch.started = 0;
    if (!prefetch.n)
        return 0;
    if (prefetch.rank != ckpt_rank) {
        ckpt_info(1, "loaded rank %u's image of checkpoint %llu while MPI started (the "
                     "launcher's rank was a wrong guess): loading again",
                  prefetch.rank, (unsigned long long)prefetch.n);
        ckpt_image_close(&prefetch.img);
        return 0;
    }
    for (int i = 0; i < candidates.count; i++)
        if (candidates.list[i] == prefetch.n) {
            keep_open(&prefetch.img, prefetch.n, prefetch.read_seconds);
            candidates.verdict[i] = 1;
            return prefetch.n;
        }
    ckpt_image_close(&prefetch.img);
    return 0;
}

/* Exits when checkpoint n belongs to another job: under MPI every rank
 * leaves together, also those whose view passed, so that the launcher reports
 * the message and no rank's abrupt end. A refusing rank reports before it
 * tells the others: a launcher may end it as soon as another rank has left. */
static void check_job(const char *dir, uint64_t n)
{
    const struct ckpt_layer *layer = ckpt_active_layer;
    char why[2 * PATH_MAX + 1024];
    int ok = ckpt_job_check(dir, n, ckpt_nranks, why, sizeof why) == 0;
    if (!layer || !layer->all_ranks) {
        if (!ok)
            ckpt_fatal("%s", why);
        return;
    }
    if (!ok)
        ckpt_error("%s", why);
    if (layer->all_ranks(ok))
        return;
    layer->leave_together();
    if (!ok)
        ckpt_stop_after_error();
    ckpt_fatal("--recover: another rank refused checkpoint %llu in %s (its message says why)",
               (unsigned long long)n, dir);
}

uint64_t ckpt_recover(void)
{
    const char *dir = ckpt_options_dir();
    const struct ckpt_layer *layer = ckpt_active_layer;
    int n = ckpt_store_list_committed(dir, candidates.list, 64);
    candidates.count = n > 0 ? n : 0;
    if (!exe_id_len)
        exe_id_len = ckpt_exe_identity(exe_id, sizeof exe_id);
    if (candidates.count > 0) /* the newest belongs to this job, or nothing is loaded */
        check_job(dir, candidates.list[0]);
    uint64_t loaded = take_prefetched(); /* the checkpoint whose state is in place */
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
        if (n <= 0 && ckpt_levels_local())
            ckpt_fatal("--recover: no checkpoint found in '%s' nor in '%s' (nothing to recover "
                       "from; run without --recover to start afresh)", dir,
                       ckpt_options_shared_dir());
        if (n <= 0)
            ckpt_fatal("--recover: no checkpoint found in '%s' (nothing to recover from; run "
                       "without --recover to start afresh)", dir);
        ckpt_fatal("--recover: every checkpoint in '%s' is damaged or unreadable%s; nothing to "
                   "recover from",
                   dir, layer ? " or missing on some rank" : "");
    }
    if (chosen != candidates.list[0])
        check_job(dir, chosen);
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
    if (loaded == chosen) {
        cost.load_seconds = prefetch.load_seconds;
        cost.moved = prefetch.moved;
    } else {
        double t1 = ckpt_seconds();
        if (prefetch.extent && ckpt_heap_discard_loaded(prefetch.extent) != 0)
            ckpt_fatal("checkpoint %llu: out of memory discarding the load made while MPI "
                       "started", (unsigned long long)chosen);
        if (load_state(img, 1, &cost.moved, NULL, err, sizeof err) != 0)
            ckpt_fatal("checkpoint %llu: %s", (unsigned long long)chosen, err);
        cost.load_seconds = ckpt_seconds() - t1;
    }
    cost.prefetched = loaded == chosen;
    ckpt_output_direct(0); /* the program's files may go on descriptors 1 and 2 */
    apply_runtime_record(img);
    ckpt_output_direct(1); /* what MPI says while the layer rebuilds is not the program's */
    if (layer && layer->restore(img, err, sizeof err) != 0)
        ckpt_fatal("checkpoint %llu: %s", (unsigned long long)chosen, err);
    ckpt_output_direct(0);
    cost.checkpoint = chosen;
    cost.bytes = img->map_size;
    cost.read_seconds = candidates.read_seconds;
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
                       cost.prefetched, cost.moved, ckpt_seconds() - started_at);
}
