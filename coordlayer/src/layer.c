/* The coordination layer as the runtime sees it (aalc/ckpt_layer.h), and
 * MPI_Init / MPI_Finalize. */
#include "layer.h"

#include "attributes.h"
#include "bsend.h"
#include "coll.h"
#include "coord.h"
#include "files.h"
#include "held.h"
#include "infos.h"
#include "levels.h"
#include "library_calls.h"
#include "objects.h"
#include "piggyback.h"
#include "protocol.h"
#include "registries.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <aalc/ckpt.h>
#include <aalc/ckpt_layer.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SECTION_PROTOCOL = CKPT_SECTION_EXTENSION, SECTION_EARLY, SECTION_REQUESTS,
       SECTION_LOG, SECTION_HELD, SECTION_OBJECTS, SECTION_COLL_LOG, SECTION_ATTRIBUTES,
       SECTION_FILES, SECTION_INFOS, SECTION_LIBRARY };

/* Where the MPI library was loaded (library_calls.h); images before it
 * have none. */
struct saved_library {
    uint64_t lo, hi;
};

void cl_begin_epoch(void);

/* The protocol state saved with the image (per-peer arrays follow it). */
struct saved_protocol {
    uint32_t epoch, size;
    uint64_t last_committed;
    struct cl_counters counters;
    uint64_t bsend_buffer; /* attached for buffered sends (bsend.c) */
    int64_t bsend_size;    /* -1: none */
    int32_t thread_level;  /* MPI_Query_thread's answer */
    int32_t world_by_layer; /* see below; 0 in images older than sessions.c */
};

/* Who brought MPI up: the program (MPI_Init, MPI_Init_thread), or the layer
 * at the program's first MPI_Session_init (1), which then also finalizes it
 * at exit unless the program calls MPI_Init and MPI_Finalize itself. */
static int world_by_layer;
static int finalized_by_layer;

/* How many ranks share this node with this one: the runtime shares the
 * node's CPUs among them to copy checkpoints with. */
static int ranks_on_this_node(void)
{
    MPI_Comm node;
    int n = 1;
    if (PMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) ==
        MPI_SUCCESS) {
        PMPI_Comm_size(node, &n);
        PMPI_Comm_free(&node);
    }
    return n;
}

static void bring_up(void)
{
    cl_protocol_init();
    cl_objects_init();
    ckpt_layer_set_rank((uint32_t)cl.rank, (uint32_t)cl.size);
    ckpt_layer_set_node_processes((uint32_t)ranks_on_this_node());
    cl_levels_init();
    /* One lock per job: the directory is the job's while it runs (from its
     * first checkpoint, if it did not exist). Rank 0 takes it and tells the
     * others, so that a job refused stops on every rank here, before the
     * program runs on any (a rank left running was killed by mpiexec). */
    char err[4096 + 512] = "";
    int ok = cl.rank != 0 || ckpt_dir_claim_early_try(1, err, sizeof err) == 0;
    PMPI_Bcast(&ok, 1, MPI_INT, 0, cl.control);
    if (!ok && cl.rank == 0)
        ckpt_fatal("%s", err);
    if (!ok)
        ckpt_fatal("stopped at the start: rank 0 cannot use the checkpoint directory %s",
                   ckpt_options_shared_dir());
}

/* The layer's part of MPI_Finalize, then the library's. */
static int finalize(void);

/* At exit, the world model the layer brought up for sessions goes as
 * MPI_Finalize would take it: every rank at its end, its last image written.
 * Registered with atexit, which the runtime keeps in the image: a recovered
 * process has it again. */
static void finalize_at_exit(void)
{
    int finalized = 1;
    PMPI_Finalized(&finalized);
    /* Not after a fatal error: the other ranks may never come to finalize. */
    if (world_by_layer && !finalized && !finalized_by_layer && !ckpt_stopping_on_error())
        finalize();
}

void cl_layer_up_for_sessions(void)
{
    int initialised = 0;
    PMPI_Initialized(&initialised);
    if (initialised)
        return; /* the program's MPI_Init, an earlier session, or a recovery */
    int provided = MPI_THREAD_SINGLE;
    if (PMPI_Init_thread(NULL, NULL, CL_MOST_THREAD_LEVEL, &provided) != MPI_SUCCESS)
        ckpt_fatal("MPI_Session_init: the coordination layer could not bring MPI up");
    cl.thread_level = provided;
    world_by_layer = 1;
    bring_up();
    atexit(finalize_at_exit);
}

/* MPI_Initialized answers for the world model as the program sees it: not
 * initialized by a program that only made sessions. */
int MPI_Initialized(int *flag)
{
    int rc = PMPI_Initialized(flag);
    if (world_by_layer)
        *flag = 0;
    return rc;
}

int MPI_Init(int *argc, char ***argv)
{
    if (world_by_layer) { /* up already, for a session: now the program's */
        world_by_layer = 0;
        return MPI_SUCCESS;
    }
    int rc = PMPI_Init(argc, argv);
    cl.thread_level = MPI_THREAD_SINGLE;
    if (rc == MPI_SUCCESS)
        bring_up();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    /* The layer's tables are not locked: more than serialized is not safe
     * (coord.h). MPI lets a library provide less than required; the program
     * sees it in *provided, as it would from an MPI built without threads. */
    if (world_by_layer) { /* up already, for a session, at CL_MOST_THREAD_LEVEL */
        world_by_layer = 0;
        *provided = required < cl.thread_level ? required : cl.thread_level;
        cl.thread_level = *provided;
        return MPI_SUCCESS;
    }
    int rc = PMPI_Init_thread(argc, argv, required > CL_MOST_THREAD_LEVEL ? CL_MOST_THREAD_LEVEL
                                                                          : required,
                              provided);
    cl.thread_level = *provided;
    if (rc == MPI_SUCCESS)
        bring_up();
    return rc;
}

/* The level the program got, also after a recovery. */
int MPI_Query_thread(int *provided)
{
    *provided = cl.thread_level;
    return MPI_SUCCESS;
}

int MPI_Finalize(void)
{
    return finalize();
}

static int finalize(void)
{
    finalized_by_layer = 1;
    cl_bsend_drain();
    cl_attributes_finalize();
    cl_announce_if_pending();
    cl_finalize_protocol();
    cl_coll_finalize();
    ckpt_info(1, "protocol counters: late=%llu early=%llu nondet=%llu replayed_late=%llu "
                 "suppressed_early=%llu replayed_nondet=%llu coll_logged=%llu coll_spilled=%llu "
                 "coll_replayed=%llu "
              "comm_logged=%llu comm_rebuilt=%llu objects_reclaimed=%llu objects_kept=%d "
              "sent_alone=%llu late_alone=%llu",
              (unsigned long long)cl.counters.late, (unsigned long long)cl.counters.early,
              (unsigned long long)cl.counters.nondet,
              (unsigned long long)cl.counters.replayed_late,
              (unsigned long long)cl.counters.suppressed_early,
              (unsigned long long)cl.counters.replayed_nondet,
              (unsigned long long)cl.counters.coll_logged,
              (unsigned long long)cl.counters.coll_spilled,
              (unsigned long long)cl.counters.coll_replayed,
              (unsigned long long)cl.counters.comm_logged,
              (unsigned long long)cl.counters.comm_rebuilt,
              (unsigned long long)cl.counters.objects_reclaimed, cl_objects_live(),
              (unsigned long long)cl.counters.sent_alone,
              (unsigned long long)cl.counters.late_alone);
    /* Every rank is at its end; once each one's last image is written (the
     * barrier), rank 0 may remove the job's checkpoints as it exits. */
    ckpt_layer_job_ending();
    PMPI_Barrier(cl.control);
    cl_type_forget_all();
    PMPI_Comm_free(&cl.control);
    PMPI_Comm_free(&cl.data);
    cl.control = MPI_COMM_NULL;
    return PMPI_Finalize();
}

/* ---- hooks ---- */

/* The rank the MPI launcher exported, before MPI_Init; -1 if none did. */
static int layer_guess_rank(void)
{
    static const char *const names[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK",
                                        "MV2_COMM_WORLD_RANK", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (!v || !*v)
            continue;
        char *end;
        long r = strtol(v, &end, 10);
        if (*end == 0 && r >= 0 && r < INT32_MAX)
            return (int)r;
    }
    return -1;
}

static void layer_start(int recovering)
{
    if (!recovering)
        return; /* the program's MPI_Init brings MPI up */
    int initialised = 0, provided;
    PMPI_Initialized(&initialised);
    if (!initialised) /* the most the layer gives a program: its level comes from the image */
        PMPI_Init_thread(NULL, NULL, CL_MOST_THREAD_LEVEL, &provided);
    bring_up();
    cl_levels_recover(); /* before the runtime looks for checkpoints in the local level */
}

static int add(struct ckpt_image_writer *w, uint32_t kind, const void *data, size_t n, char *err,
               size_t errlen)
{
    return ckpt_image_add_section(w, kind, 0, data, n, err, errlen);
}

static int layer_save(struct ckpt_image_writer *w, char *err, size_t errlen)
{
    cl_begin_epoch(); /* the program resumes in the new epoch */
    size_t peers = sizeof(uint64_t) * (size_t)cl.size;
    size_t n = sizeof(struct saved_protocol) + 3 * peers;
    unsigned char *p = ckpt_untracked_malloc(n);
    struct saved_protocol s = {cl.epoch, (uint32_t)cl.size, cl.last_committed, cl.counters,
                               0, -1, cl.thread_level, world_by_layer};
    cl_bsend_save(&s.bsend_buffer, &s.bsend_size);
    memcpy(p, &s, sizeof s);
    memcpy(p + sizeof s, cl.sent, peers);
    memcpy(p + sizeof s + peers, cl.recv_current, peers);
    memcpy(p + sizeof s + 2 * peers, cl.recv_previous, peers);
    void *early, *requests, *held, *objects, *attributes, *mpi_files, *mpi_infos;
    size_t nearly, nrequests, nheld, nobjects, nattributes, nmpi_files, nmpi_infos;
    cl_registries_save_early(&early, &nearly);
    cl_requests_save(&requests, &nrequests);
    cl_held_save(&held, &nheld);
    cl_objects_save(&objects, &nobjects);
    cl_attributes_save(&attributes, &nattributes);
    cl_files_save(&mpi_files, &nmpi_files);
    cl_infos_save(&mpi_infos, &nmpi_infos);
    struct saved_library library = {cl_library_lo, cl_library_hi};
    int rc = add(w, SECTION_PROTOCOL, p, n, err, errlen) ||
             add(w, SECTION_EARLY, early, nearly, err, errlen) ||
             add(w, SECTION_REQUESTS, requests, nrequests, err, errlen) ||
             add(w, SECTION_HELD, held, nheld, err, errlen) ||
             add(w, SECTION_OBJECTS, objects, nobjects, err, errlen) ||
             add(w, SECTION_ATTRIBUTES, attributes, nattributes, err, errlen) ||
             add(w, SECTION_FILES, mpi_files, nmpi_files, err, errlen) ||
             add(w, SECTION_INFOS, mpi_infos, nmpi_infos, err, errlen) ||
             add(w, SECTION_LIBRARY, &library, sizeof library, err, errlen);
    ckpt_untracked_free(p);
    ckpt_untracked_free(early);
    ckpt_untracked_free(requests);
    ckpt_untracked_free(held);
    ckpt_untracked_free(objects);
    ckpt_untracked_free(attributes);
    ckpt_untracked_free(mpi_files);
    ckpt_untracked_free(mpi_infos);
    cl_registries_reset_for_epoch();
    return rc ? -1 : 0;
}

/* Beside the image: in the local level, or where the image went for lack of
 * room there (docs/levels.md); recovery reads it from the local level. */
static void log_path(uint64_t n, char *out, size_t len, int tmp)
{
    ckpt_store_log_path(ckpt_checkpoint_dir(n), n, (uint32_t)cl.rank, tmp, out, len);
}

/* The rank's log of checkpoint n: late messages, non-deterministic events
 * and the results of collectives. */
int cl_write_log(uint64_t n)
{
    char tmp[PATH_MAX], path[PATH_MAX], err[PATH_MAX + 128];
    log_path(n, tmp, sizeof tmp, 1);
    log_path(n, path, sizeof path, 0);
    struct ckpt_image_header h;
    memset(&h, 0, sizeof h);
    h.checkpoint = n;
    h.rank = (uint32_t)cl.rank;
    h.nranks = (uint32_t)cl.size;
    void *log;
    size_t nlog;
    cl_registries_save_log(&log, &nlog);
    struct ckpt_image_writer *w = ckpt_image_create(tmp, &h, err, sizeof err);
    int ok = w && ckpt_image_add_section(w, SECTION_LOG, 0, log, nlog, err, sizeof err) == 0 &&
             cl_coll_write_log(w, SECTION_COLL_LOG, err, sizeof err) == 0;
    char finish_err[PATH_MAX + 128]; /* not over the first error */
    ok = w && ckpt_image_finish(w, ok ? err : finish_err, sizeof err) == 0 && ok;
    ckpt_untracked_free(log);
    if (ok && ckpt_debug_fail("log", n, (uint32_t)cl.rank)) {
        snprintf(err, sizeof err, "%s: CKPT_DEBUG_FAIL: injected I/O error", tmp);
        ok = 0;
    }
    /* With levels the commit's fsync covers one node's directory only: the
     * log's entry is made durable before the rank says its part is complete. */
    char cdir[PATH_MAX];
    ckpt_store_file_path(ckpt_checkpoint_dir(n), n, ".", cdir, sizeof cdir);
    if (ok && rename(tmp, path) == 0 &&
        (!ckpt_levels_local() || ckpt_store_sync_dir(cdir, err, sizeof err) == 0))
        return 0;
    unlink(tmp);
    ckpt_warn("checkpoint %llu not written: this rank's message log failed: %s",
              (unsigned long long)n, err);
    return -1;
}

static int layer_point_due(void)
{
    return cl_point_due();
}

static uint64_t layer_checkpoint_number(void)
{
    return cl_checkpoint_number();
}

/* Is this rank's message log of checkpoint n whole and in its place? It is
 * read after the agreement: a damaged one must move the agreement to an older
 * checkpoint, not stop the recovery. */
static int log_usable(uint64_t n)
{
    char path[PATH_MAX], err[PATH_MAX + 128] = "";
    log_path(n, path, sizeof path, 0);
    struct ckpt_image log;
    if (ckpt_image_open(path, NULL, 0, &log, err, sizeof err) != 0) {
        ckpt_warn("checkpoint %llu: this rank's message log cannot be used (%s); trying an "
                  "older checkpoint", (unsigned long long)n, err);
        return 0;
    }
    int ok = log.header.checkpoint == n && log.header.rank == (uint32_t)cl.rank &&
             log.header.nranks == (uint32_t)cl.size;
    if (!ok)
        ckpt_warn("checkpoint %llu: %s is the message log of checkpoint %llu, rank %u (moved or "
                  "copied here from elsewhere); trying an older checkpoint",
                  (unsigned long long)n, path, (unsigned long long)log.header.checkpoint,
                  log.header.rank);
    else if (!ckpt_image_find(&log, SECTION_LOG, 0) || !ckpt_image_find(&log, SECTION_COLL_LOG, 0)) {
        ckpt_warn("checkpoint %llu: %s lacks its sections; trying an older checkpoint",
                  (unsigned long long)n, path);
        ok = 0;
    }
    ckpt_image_close(&log);
    return ok;
}

/* The runtime's test of a checkpoint, and this rank's log of it: every file
 * of the rank checked before the ranks agree. Asked once per checkpoint. */
static int (*image_loadable)(int i);
static const uint64_t *agree_list;
static signed char *log_verdict; /* per index: 0 not asked, 1 usable, -1 not */

static int rank_files_loadable(int i)
{
    if (!image_loadable(i))
        return 0;
    if (!log_verdict[i])
        log_verdict[i] = log_usable(agree_list[i]) ? 1 : -1;
    return log_verdict[i] > 0;
}

static uint64_t agree(const uint64_t *committed, int count, int (*loadable)(int i));

/* Recovery: the newest checkpoint every rank can load. */
static uint64_t layer_agree(const uint64_t *committed, int count, int (*loadable)(int i))
{
    image_loadable = loadable;
    agree_list = committed;
    log_verdict = ckpt_untracked_malloc((size_t)(count > 0 ? count : 1));
    if (!log_verdict)
        ckpt_fatal("out of memory choosing a checkpoint");
    memset(log_verdict, 0, (size_t)(count > 0 ? count : 1));
    uint64_t chosen = agree(committed, count, rank_files_loadable);
    ckpt_untracked_free(log_verdict);
    log_verdict = NULL;
    return chosen;
}

static uint64_t agree(const uint64_t *committed, int count, int (*loadable)(int i))
{
    int i = 0;
    for (;;) {
        while (i < count && !loadable(i)) /* usually the newest is fine: one image read */
            i++;
        unsigned long long mine = i < count ? committed[i] : 0, lowest;
        PMPI_Allreduce(&mine, &lowest, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, cl.control);
        while (i < count && committed[i] > lowest)
            i++;
        int have = i < count && committed[i] == lowest && loadable(i), all;
        PMPI_Allreduce(&have, &all, 1, MPI_INT, MPI_MIN, cl.control);
        if (lowest == 0 || all)
            return lowest;
        /* Someone lacks `lowest`: everyone moves below it. */
        while (i < count && committed[i] >= lowest)
            i++;
    }
}

static int layer_all_ranks(int ok)
{
    int all;
    PMPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, cl.control);
    return all;
}

static void layer_leave_together(void)
{
    PMPI_Barrier(cl.control);
    cl_type_forget_all();
    PMPI_Comm_free(&cl.control);
    PMPI_Comm_free(&cl.data);
    PMPI_Finalize();
}

static int layer_restore(const struct ckpt_image *img, char *err, size_t errlen)
{
    const struct ckpt_image_section *p = ckpt_image_find(img, SECTION_PROTOCOL, 0);
    const struct ckpt_image_section *e = ckpt_image_find(img, SECTION_EARLY, 0);
    const struct ckpt_image_section *r = ckpt_image_find(img, SECTION_REQUESTS, 0);
    const struct ckpt_image_section *held = ckpt_image_find(img, SECTION_HELD, 0);
    const struct ckpt_image_section *objects = ckpt_image_find(img, SECTION_OBJECTS, 0);
    const struct ckpt_image_section *attributes = ckpt_image_find(img, SECTION_ATTRIBUTES, 0);
    const struct ckpt_image_section *mpi_files = ckpt_image_find(img, SECTION_FILES, 0);
    const struct ckpt_image_section *mpi_infos = ckpt_image_find(img, SECTION_INFOS, 0);
    const struct ckpt_image_section *library = ckpt_image_find(img, SECTION_LIBRARY, 0);
    size_t peers = sizeof(uint64_t) * (size_t)cl.size;
    if (library && library->size == sizeof(struct saved_library)) {
        struct saved_library was;
        memcpy(&was, library->data, sizeof was);
        cl_library_check_place(was.lo, was.hi);
    }
    struct saved_protocol s;
    if (!p || !e || !r || !objects || p->size != sizeof s + 3 * peers) {
        snprintf(err, errlen, "coordination layer state missing or for another rank count");
        return -1;
    }
    memcpy(&s, p->data, sizeof s);
    if ((int)s.size != cl.size) {
        snprintf(err, errlen, "written by a run with %u ranks, this one has %d", s.size, cl.size);
        return -1;
    }
    cl.epoch = s.epoch;
    cl.thread_level = s.thread_level;
    world_by_layer = s.world_by_layer != 0;
    cl.last_committed = img->header.checkpoint;
    cl.epoch_committed = 1; /* every rank resumes in it: no message is late or early */
    const unsigned char *d = p->data;
    memcpy(cl.sent, d + sizeof s, peers);
    memcpy(cl.recv_current, d + sizeof s + peers, peers);
    memcpy(cl.recv_previous, d + sizeof s + 2 * peers, peers);
    /* Objects first: restored requests name communicators. */
    if (cl_objects_load(objects->data, objects->size) != 0 ||
        cl_registries_load_early(e->data, e->size) != 0 ||
        cl_requests_load(r->data, r->size) != 0 ||
        (held && cl_held_load(held->data, held->size) != 0) || /* images before held.c have none */
        (attributes && cl_attributes_load(attributes->data, attributes->size) != 0) ||
        (mpi_files && cl_files_load(mpi_files->data, mpi_files->size) != 0) ||
        (mpi_infos && cl_infos_load(mpi_infos->data, mpi_infos->size) != 0)) {
        snprintf(err, errlen, "coordination layer state is malformed");
        return -1;
    }
    char path[PATH_MAX];
    log_path(img->header.checkpoint, path, sizeof path, 0);
    struct ckpt_image log;
    if (ckpt_trust_path(path, err, errlen) != 0 || /* as the image (recovery.c) */
        ckpt_image_open(path, NULL, 0, &log, err, errlen) != 0)
        return -1;
    const struct ckpt_image_section *l = ckpt_image_find(&log, SECTION_LOG, 0);
    const struct ckpt_image_section *c = ckpt_image_find(&log, SECTION_COLL_LOG, 0);
    int rc = l && c ? cl_registries_load_log(l->data, l->size) : -1;
    if (rc == 0)
        rc = cl_coll_load_log(c->data, c->size);
    ckpt_image_close(&log);
    if (rc != 0) {
        snprintf(err, errlen, "%s: message log is malformed", path);
        return -1;
    }
    if (cl_bsend_restore(s.bsend_buffer, s.bsend_size) != 0) {
        snprintf(err, errlen, "the buffer attached for buffered sends (%lld bytes) cannot be "
                 "attached again", (long long)s.bsend_size);
        return -1;
    }
    cl_registries_exchange_early();
    if (ckpt_debug_fail("rebuild", img->header.checkpoint, (uint32_t)cl.rank)) {
        MPI_Comm none; /* the library's error handler stops the job, naming the call */
        PMPI_Comm_split(MPI_COMM_NULL, 0, 0, &none);
    }
    cl_coll_recover(); /* objects rebuilt; collectives to replay */
    cl_files_recover(img->header.checkpoint);
    cl.replaying = 1;
    cl_replay_check_done();
    return 0;
}

static void layer_resumed(void)
{
    cl_requests_activate_restored();
}

static const struct ckpt_layer mpi_layer = {
    .guess_rank = layer_guess_rank,
    .start = layer_start,
    .point_due = layer_point_due,
    .checkpoint_number = layer_checkpoint_number,
    .save = layer_save,
    .image_written = cl_image_written,
    .agree = layer_agree,
    .all_ranks = layer_all_ranks,
    .leave_together = layer_leave_together,
    .restore = layer_restore,
    .resumed = layer_resumed,
};

/* Linked in whenever the program calls MPI_Init: from then on the runtime
 * takes checkpoints together with the other ranks. */
__attribute__((constructor)) static void register_layer(void)
{
    ckpt_set_layer(&mpi_layer);
    cl_library_calls_init();
}

/* ---- failing clearly ---- */

void cl_unsupported(const char *call, const char *why)
{
    ckpt_fatal("%s cannot be used in a checkpointed program: %s", call, why);
}
