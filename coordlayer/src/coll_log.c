/* The collective log, its window, and the replay of collectives on recovery
 * (coll.h says why). */
#define _GNU_SOURCE /* O_TMPFILE */
#include "coll.h"

#include "coord.h"
#include "handle_bits.h"
#include "objects.h"
#include "pack.h"
#include "protocol.h"
#include "registries.h"


#include <aalc/ckpt_layer_services.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct coll_entry {
    uint64_t comm, seq; /* the communicator's name and the collective's number on it */
    uint32_t call;      /* hash of the call's name: a replay must be the same call */
    int32_t creation;   /* 1: bytes hold a communicator's recipe (struct creation + args) */
    int32_t object;     /* creation: the new communicator's table index, -1 for MPI_COMM_NULL */
    int32_t nbytes;
    unsigned char *bytes; /* NULL while the bytes are in the spill file */
    int64_t spilled_at;   /* their offset there (not part of the log's format) */
};
struct creation {
    int32_t call, nargs;
    uint64_t name; /* of the new communicator */
    /* A creation logged under the pseudo-communicator of all its members
     * (MPI_Intercomm_create): the count on the caller's own communicator,
     * by which the replayed call finds it. 0: none. */
    uint64_t local_comm, local_seq;
    /* The slot of this rank's entry when the call gave it MPI_COMM_NULL
     * (left out, or failed): a recovery records the entry there too. -1:
     * none. */
    int32_t null_slot, unused;
};
static struct coll_entry *entries;
static int nentries, entries_capacity, replay_cursor;

/* Results of this size and up are not held in memory while the window is
 * open: they go to a spill file, an unnamed file in the checkpoint
 * directory, read back only to write the log. A program that exchanges its
 * whole state in a collective right after a checkpoint (an all-to-all of
 * keys) would otherwise hold that much more memory until the log is written
 * (issue 20); in the spill file it is the kernel's page cache, which it can
 * write out and reclaim. */
#define SPILL_MIN (256 * 1024)
#define SPILL_CHUNK (1024 * 1024)
static int spill_fd = -2; /* -2: not tried yet; -1: none, results stay in memory */
static int64_t spill_end;

/* The window. */
static int window_open, targets_known, replay_active;
int cl_coll_busy; /* window_open || replay_active: the inline fast paths in coll.h */
static int pending_logged; /* non-blocking collectives in flight whose result goes to the log */
struct count { uint64_t name, seq; };
/* Highest counts by communicator name: in arrival order (sent on in that
 * order), with an open-addressing index, for a program that made thousands
 * of communicators reports thousands of counts at every checkpoint. */
struct counts {
    struct count *at;
    int n, capacity;
    int32_t *index; /* position in `at` + 1; 0: empty */
    int index_size; /* a power of two, at least twice n */
};
static struct counts targets, highest;
static struct count *report;
static int nreport, report_capacity;


static uint32_t call_hash(const char *call)
{
    uint32_t h = 2166136261u;
    for (; *call; call++)
        h = (h ^ (unsigned char)*call) * 16777619u;
    return h;
}

static uint32_t name_slot(uint64_t name, int size)
{
    name ^= name >> 33;
    name *= 0xff51afd7ed558ccdULL;
    return (uint32_t)(name ^ (name >> 29)) & (uint32_t)(size - 1);
}

/* Where `name` is in t->index: its slot, or the empty slot it would take. */
static uint32_t slot_of(const struct counts *t, uint64_t name)
{
    uint32_t i = name_slot(name, t->index_size);
    while (t->index[i] && t->at[t->index[i] - 1].name != name)
        i = (i + 1) & (uint32_t)(t->index_size - 1);
    return i;
}

static void reindex(struct counts *t, int size)
{
    ckpt_untracked_free(t->index);
    t->index = ckpt_untracked_malloc(sizeof *t->index * (size_t)size);
    memset(t->index, 0, sizeof *t->index * (size_t)size);
    t->index_size = size;
    for (int k = 0; k < t->n; k++)
        t->index[slot_of(t, t->at[k].name)] = k + 1;
}

static void clear_counts(struct counts *t)
{
    t->n = 0;
    if (t->index)
        memset(t->index, 0, sizeof *t->index * (size_t)t->index_size);
}

static void raise_count(struct counts *t, uint64_t name, uint64_t seq)
{
    if (2 * (t->n + 1) > t->index_size)
        reindex(t, t->index_size ? 2 * t->index_size : 64);
    uint32_t i = slot_of(t, name);
    if (t->index[i]) {
        struct count *c = &t->at[t->index[i] - 1];
        if (c->seq < seq)
            c->seq = seq;
        return;
    }
    t->at = cl_grow(t->at, &t->capacity, t->n + 1, sizeof *t->at);
    t->at[t->n++] = (struct count){name, seq};
    t->index[i] = t->n;
}

static int find_count(const struct counts *t, uint64_t name, uint64_t *seq)
{
    if (!t->n)
        return 0;
    uint32_t i = slot_of(t, name);
    if (!t->index[i])
        return 0;
    *seq = t->at[t->index[i] - 1].seq;
    return 1;
}

static const char *comm_label(int comm)
{
    return comm == CL_WORLD ? "MPI_COMM_WORLD" : comm == CL_SELF ? "MPI_COMM_SELF"
                                                                  : "a derived communicator";
}

/* ---- one collective ---- */

int cl_coll_begin_slow(struct cl_coll *c, int i, const char *call)
{
    struct cl_object *o = &cl_objects[i];
    c->comm = i;
    c->real = CL_HANDLE(MPI_Comm, o->real);
    c->seq = ++o->coll_seq;
    c->call = call;
    c->log = 0;
    if (replay_active && c->seq <= o->replay_to)
        return 1;
    c->log = window_open && c->seq <= o->log_to;
    return 0;
}

static struct coll_entry *append_entry(struct cl_coll *c, int nbytes, int in_memory)
{
    entries = cl_grow(entries, &entries_capacity, nentries + 1, sizeof *entries);
    struct coll_entry *e = &entries[nentries++];
    memset(e, 0, sizeof *e);
    e->comm = cl_objects[c->comm].name;
    e->seq = c->seq;
    e->call = c->call ? call_hash(c->call) : 0;
    e->object = -1;
    e->nbytes = nbytes;
    e->bytes = in_memory ? ckpt_untracked_malloc(nbytes > 0 ? (size_t)nbytes : 1) : NULL;
    e->spilled_at = -1;
    cl.counters.coll_logged++;
    return e;
}

static struct coll_entry *append(struct cl_coll *c, int nbytes)
{
    return append_entry(c, nbytes, 1);
}

/* ---- the spill file ---- */

static int block_bytes(const struct cl_block *b)
{
    int n = 0;
    if (b->buf != MPI_IN_PLACE && b->count > 0)
        PMPI_Pack_size(b->count, cl_real_type(b->type), MPI_COMM_SELF, &n);
    return n;
}


/* An unnamed file in the checkpoint directory. Where the file system has no
 * O_TMPFILE (NFS, some parallel file systems), a named one whose name is
 * removed at once (NFS keeps it as .nfsXXXX while it is open: it is closed
 * at MPI_Finalize, cl_coll_finalize). -1 if neither can be made (no such
 * directory yet, or no room). */
static int open_unnamed(const char *dir)
{
    int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || errno == ENOENT)
        return fd;
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/.aalc-spill-XXXXXX", dir) >= (int)sizeof path)
        return -1;
    fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0)
        unlink(path);
    return fd;
}

static int spill_file(void)
{
    if (spill_fd == -2) {
        spill_fd = open_unnamed(ckpt_options_dir());
        if (spill_fd < 0)
            spill_fd = -1;
        else if (spill_fd < 500) { /* into the runtime's range, away from the low numbers */
            int high = fcntl(spill_fd, F_DUPFD_CLOEXEC, 500);
            if (high >= 0) {
                close(spill_fd);
                spill_fd = high;
            }
        }
    }
    return spill_fd;
}

static int write_all(int fd, const void *data, size_t n, int64_t at)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = pwrite(fd, p, n, (off_t)at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w == 0)
            errno = EIO;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
        at += w;
    }
    return 0;
}

static int read_all(int fd, void *data, size_t n, int64_t at)
{
    char *p = data;
    while (n > 0) {
        ssize_t r = pread(fd, p, n, (off_t)at);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            errno = EIO; /* the file is shorter than what was spilled into it */
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
        at += r;
    }
    return 0;
}

/* Packs the outputs into the spill file a chunk at a time: a MiB, or one
 * element if an element is larger. 0, or -1 with nothing spilled (and no
 * spilling for the rest of the run: the disk may be full). */
static int spill_outputs(struct coll_entry *e, const struct cl_block *out, int nout)
{
    int fd = spill_file();
    if (fd < 0)
        return -1;
    char *stage = NULL;
    int stage_size = 0, staged = 0;
    int64_t at = spill_end;
    for (int i = 0; i < nout; i++) {
        if (block_bytes(&out[i]) == 0)
            continue;
        MPI_Datatype real = cl_real_type(out[i].type);
        MPI_Aint lb, extent;
        int one = 0;
        PMPI_Type_get_extent(real, &lb, &extent);
        PMPI_Pack_size(1, real, MPI_COMM_SELF, &one);
        int per_chunk = one > 0 && one < SPILL_CHUNK ? SPILL_CHUNK / one : 1;
        if (stage_size < per_chunk * one) {
            ckpt_untracked_free(stage);
            stage_size = per_chunk * one;
            stage = ckpt_untracked_malloc((size_t)stage_size);
        }
        for (int done = 0; done < out[i].count; done += per_chunk) {
            int k = out[i].count - done < per_chunk ? out[i].count - done : per_chunk;
            staged = 0;
            if (cl_pack((const char *)out[i].buf + (MPI_Aint)done * extent, k, real, stage,
                        stage_size, &staged) != MPI_SUCCESS ||
                write_all(fd, stage, (size_t)staged, at) != 0) {
                ckpt_untracked_free(stage);
                close(spill_fd);
                spill_fd = -1;
                return -1;
            }
            at += staged;
        }
    }
    ckpt_untracked_free(stage);
    /* MPI_Pack_size may promise more than the pieces take (never less): the
     * rest of the entry is zeros, as in memory it would be unwritten. */
    if (at - spill_end > e->nbytes)
        ckpt_fatal("internal error: a collective's result packed to %lld bytes in pieces, "
                   "more than the %d of MPI_Pack_size", (long long)(at - spill_end), e->nbytes);
    if (at - spill_end < e->nbytes && ftruncate(fd, (off_t)(spill_end + e->nbytes)) != 0) {
        close(spill_fd);
        spill_fd = -1;
        return -1;
    }
    at = spill_end + e->nbytes;
    e->spilled_at = spill_end;
    spill_end = at;
    cl.counters.coll_spilled++;
    return 0;
}

struct cl_block *cl_coll_blocks(void *buf, const int *counts, const int *displs,
                                MPI_Datatype type, int n)
{
    struct cl_block *b = ckpt_untracked_malloc(sizeof *b * (size_t)(n + 1));
    MPI_Aint lb, extent = 0;
    PMPI_Type_get_extent(cl_real_type(type), &lb, &extent);
    for (int i = 0; i < n; i++)
        b[i] = (struct cl_block){(char *)buf + (MPI_Aint)displs[i] * extent, counts[i], type};
    return b;
}

struct cl_block *cl_coll_blocks_w(void *buf, const int *counts, const int *byte_displs,
                                  const MPI_Datatype *types, int n)
{
    struct cl_block *b = ckpt_untracked_malloc(sizeof *b * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        b[i] = (struct cl_block){(char *)buf + byte_displs[i], counts[i], types[i]};
    return b;
}

struct cl_block *cl_coll_blocks_aint(void *buf, const int *counts, const MPI_Aint *byte_displs,
                                     const MPI_Datatype *types, int n)
{
    struct cl_block *b = ckpt_untracked_malloc(sizeof *b * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        b[i] = (struct cl_block){(char *)buf + byte_displs[i], counts[i], types[i]};
    return b;
}

static void window_check(void)
{
    if (window_open && cl_coll_window_closed())
        cl_check_complete();
}

static struct coll_entry *log_outputs(struct cl_coll *c, const struct cl_block *out, int nout)
{
    int total = 0;
    for (int i = 0; i < nout; i++)
        total += block_bytes(&out[i]);
    struct coll_entry *e = append_entry(c, total, total < SPILL_MIN);
    if (!e->bytes) {
        if (spill_outputs(e, out, nout) == 0)
            return e;
        e->bytes = ckpt_untracked_malloc((size_t)total); /* no spill file: in memory */
    }
    int position = 0;
    for (int i = 0; i < nout; i++)
        if (block_bytes(&out[i]) > 0)
            cl_pack(out[i].buf, out[i].count, cl_real_type(out[i].type), e->bytes, total,
                    &position);
    return e;
}

void cl_coll_end_slow(struct cl_coll *c, const struct cl_block *out, int nout)
{
    if (c->log)
        log_outputs(c, out, nout);
    if (window_open && targets_known && c->seq >= cl_objects[c->comm].log_to)
        window_check();
}

static struct coll_entry *find_entry_hashed(struct cl_coll *c, uint32_t hash)
{
    uint64_t name = cl_objects[c->comm].name;
    for (int k = 0; k < nentries; k++) {
        int i = (replay_cursor + k) % nentries;
        if (entries[i].comm == name && entries[i].seq == c->seq) {
            replay_cursor = i + 1;
            if (entries[i].call != hash)
                ckpt_fatal("recovering: %s (collective %llu on %s) does not match the logged "
                           "collective: the program took another path than before the failure",
                           c->call, (unsigned long long)c->seq, comm_label(c->comm));
            if (!entries[i].bytes) /* replays take entries loaded from a log: in memory */
                ckpt_fatal("internal error: a spilled collective's result replayed");
            return &entries[i];
        }
    }
    ckpt_fatal("recovering: %s (collective %llu on %s) should come from this rank's log, "
               "which does not hold it", c->call, (unsigned long long)c->seq,
               comm_label(c->comm));
}

static struct coll_entry *find_entry(struct cl_coll *c)
{
    return find_entry_hashed(c, call_hash(c->call));
}

static void replayed(struct cl_coll *c)
{
    cl.counters.coll_replayed++;
    if (c->seq == cl_objects[c->comm].replay_to)
        cl_replay_check_done();
}

static void unpack_outputs(struct cl_coll *c, struct coll_entry *e, const struct cl_block *out,
                           int nout)
{
    int total = 0;
    for (int i = 0; i < nout; i++)
        total += block_bytes(&out[i]);
    if (total != e->nbytes || e->creation)
        ckpt_fatal("recovering: %s (collective %llu on %s) expects %d bytes of result, the "
                   "log holds %d", c->call, (unsigned long long)c->seq, comm_label(c->comm),
                   total, e->nbytes);
    int position = 0;
    for (int i = 0; i < nout; i++)
        if (block_bytes(&out[i]) > 0)
            cl_unpack(e->bytes, e->nbytes, &position, out[i].buf, out[i].count,
                      cl_real_type(out[i].type));
}

int cl_coll_replay(struct cl_coll *c, const struct cl_block *out, int nout)
{
    unpack_outputs(c, find_entry(c), out, nout);
    replayed(c);
    return MPI_SUCCESS;
}

/* ---- non-blocking collectives ---- */

struct cl_nb_coll *cl_coll_nb_new(const struct cl_coll *c, const struct cl_block *out, int nout)
{
    struct cl_nb_coll *nb = ckpt_untracked_malloc(sizeof *nb);
    nb->c = *c;
    nb->call_hash = call_hash(c->call);
    nb->nout = nout;
    nb->out = ckpt_untracked_malloc(sizeof *out * (size_t)(nout + 1));
    memcpy(nb->out, out, sizeof *out * (size_t)nout);
    nb->keep = NULL;
    if (nb->c.log)
        pending_logged++;
    return nb;
}

void cl_coll_nb_log_from_now(struct cl_nb_coll *nb)
{
    if (!nb->c.log)
        pending_logged++;
    nb->c.log = 1;
}

void cl_coll_nb_free(struct cl_nb_coll *nb)
{
    if (nb) {
        ckpt_untracked_free(nb->keep);
        ckpt_untracked_free(nb->out);
        ckpt_untracked_free(nb);
    }
}

void cl_coll_nb_completed(struct cl_nb_coll *nb)
{
    if (nb->c.log) {
        struct coll_entry *e = log_outputs(&nb->c, nb->out, nb->nout);
        e->call = nb->call_hash;
        if (pending_logged > 0)
            pending_logged--;
    }
    if (window_open && targets_known)
        window_check();
    cl_coll_nb_free(nb);
}

void cl_coll_nb_creation_completed(struct cl_nb_coll *nb)
{
    if (nb->c.log && pending_logged > 0)
        pending_logged--;
    if (window_open && targets_known)
        window_check();
    cl_coll_nb_free(nb);
}

void cl_coll_nb_restore(struct cl_nb_coll *nb)
{
    unpack_outputs(&nb->c, find_entry_hashed(&nb->c, nb->call_hash), nb->out, nb->nout);
    cl.counters.coll_replayed++;
    cl_coll_nb_free(nb);
}

/* ---- communicator creation ---- */

void cl_comm_created(int index, int parent, uint64_t parent_seq, MPI_Comm real)
{
    uint64_t name = cl_comm_name(parent, parent_seq, real);
    cl_objects[index].name = cl_is_inter(real) ? cl_comm_name_inter(name, real) : name;
    cl_coll_join_window(index);
}

void cl_coll_join_window(int index)
{
    struct cl_object *o = &cl_objects[index];
    if (window_open) {
        uint64_t t = 0;
        o->log_to = !targets_known                                   ? UINT64_MAX
                    : find_count(&targets, o->name, &t) ? t
                                                                 : 0;
    } else {
        o->log_to = 0;
    }
}

void cl_coll_join_replay(int index)
{
    struct cl_object *o = &cl_objects[index];
    uint64_t top = 0;
    if (replay_active && find_count(&highest, o->name, &top) && top > o->coll_seq) {
        o->replay_to = top;
        cl_coll_busy = 1;
    }
}

static void log_creation(struct cl_coll *c, const struct cl_coll *local, int call,
                         const int64_t *args, int nargs, int index, int null_slot)
{
    struct creation k = {call, nargs, index >= 0 ? cl_objects[index].name : 0, 0, 0, null_slot,
                         0};
    if (local) {
        k.local_comm = cl_objects[local->comm].name;
        k.local_seq = local->seq;
    }
    int n = (int)(sizeof k + sizeof *args * (size_t)nargs);
    struct coll_entry *e = append(c, n);
    e->creation = 1;
    e->object = index;
    cl.counters.comm_logged++;
    memcpy(e->bytes, &k, sizeof k);
    memcpy(e->bytes + sizeof k, args, sizeof *args * (size_t)nargs);
}

void cl_coll_end_creation(struct cl_coll *c, int call, const int64_t *args, int nargs, int index,
                          int null_slot)
{
    if (c->log)
        log_creation(c, NULL, call, args, nargs, index, null_slot);
    if (window_open && targets_known && c->seq >= cl_objects[c->comm].log_to)
        window_check();
}

void cl_coll_end_creation_across(struct cl_coll *local, struct cl_coll *across, int call,
                                 const int64_t *args, int nargs, int index)
{
    /* A member ahead on `local` is ahead on `across` too: `local->log`
     * implies `across->log`, and is tested only as a safeguard. */
    if (across->log || local->log)
        log_creation(across, local, call, args, nargs, index, -1);
    if (window_open && targets_known)
        window_check();
}

MPI_Comm cl_coll_replay_creation(struct cl_coll *c)
{
    struct coll_entry *e = find_entry(c);
    if (!e->creation)
        ckpt_fatal("recovering: %s on %s is logged as another collective", c->call,
                   comm_label(c->comm));
    replayed(c);
    return e->object >= 0 ? CL_HANDLE(MPI_Comm, cl_handle_of(e->object)) : MPI_COMM_NULL;
}

/* The entry of a creation logged across, found by its local count. */
static struct coll_entry *find_across(const struct cl_coll *local, struct creation *k)
{
    uint64_t name = cl_objects[local->comm].name;
    for (int i = 0; i < nentries; i++) {
        if (!entries[i].creation)
            continue;
        memcpy(k, entries[i].bytes, sizeof *k);
        if (k->local_seq && k->local_comm == name && k->local_seq == local->seq)
            return &entries[i];
    }
    return NULL;
}

int cl_coll_replay_creation_across(struct cl_coll *local, int replay_local, MPI_Comm *out)
{
    if (!replay_active)
        return 0; /* cl_coll_begin cannot have asked for a replay either */
    struct creation k;
    struct coll_entry *e = find_across(local, &k);
    int across = e ? cl_comm_named(e->comm) : -1;
    /* Rebuilt at recovery (rebuild_crossing_creations) if some member had
     * passed it before its checkpoint: then its pseudo-communicator replays. */
    if (across < 0 || e->seq > cl_objects[across].replay_to) {
        if (replay_local && !e) { /* logged under `local` alone: it failed */
            *out = cl_coll_replay_creation(local);
            return 1;
        }
        if (replay_local)
            ckpt_fatal("recovering: %s (collective %llu on %s) should come from this rank's "
                       "log, which does not hold it", local->call,
                       (unsigned long long)local->seq, comm_label(local->comm));
        return 0;
    }
    struct cl_coll c = {across, MPI_COMM_NULL, ++cl_objects[across].coll_seq, 0, local->call};
    if (c.seq != e->seq || e->call != call_hash(local->call))
        ckpt_fatal("recovering: %s (collective %llu on %s) does not match the logged "
                   "creation: the program took another path than before the failure",
                   local->call, (unsigned long long)local->seq, comm_label(local->comm));
    replayed(&c);
    if (replay_local)
        replayed(local);
    *out = e->object >= 0 ? CL_HANDLE(MPI_Comm, cl_handle_of(e->object)) : MPI_COMM_NULL;
    return 1;
}

/* ---- the window ---- */

void cl_coll_reset_for_epoch(void)
{
    for (int i = 0; i < nentries; i++)
        ckpt_untracked_free(entries[i].bytes);
    nentries = replay_cursor = 0;
    if (spill_fd >= 0 && ftruncate(spill_fd, 0) != 0)
        ckpt_warn("cannot empty the collectives' spill file in %s: %s", ckpt_options_dir(),
                  strerror(errno));
    spill_end = 0;
}

void cl_coll_window_open(void)
{
    cl_coll_reset_for_epoch();
    cl_objects_window_opened();
    window_open = 1;
    cl_coll_busy = window_open || replay_active;
    targets_known = 0;
    clear_counts(&targets);
    nreport = pending_logged = 0;
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].name) {
            cl_objects[i].log_to = UINT64_MAX;
            /* A count of 0 cannot raise the highest; MPI_COMM_SELF has one member. */
            if (cl_objects[i].coll_seq == 0 || i == CL_SELF)
                continue;
            report = cl_grow(report, &report_capacity, nreport + 1, sizeof *report);
            report[nreport++] = (struct count){cl_objects[i].name, cl_objects[i].coll_seq};
        }
}

void cl_coll_report(void (*send)(uint64_t name, uint64_t seq))
{
    for (int i = 0; i < nreport; i++)
        send(report[i].name, report[i].seq);
}

void cl_coll_target(uint64_t name, uint64_t seq)
{
    raise_count(&targets, name, seq);
}

void cl_coll_targets_known(void)
{
    if (!window_open)
        return;
    targets_known = 1;
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM) {
            uint64_t t = 0;
            cl_objects[i].log_to = find_count(&targets, cl_objects[i].name, &t) ? t : 0;
        }
}

/* Closed once every communicator has reached the highest count any member
 * had at its checkpoint: no later collective can cross the recovery line. A
 * communicator that a crossing collective creates later is covered too: its
 * parent's count lies beyond that collective. */
int cl_coll_window_closed(void)
{
    if (!window_open)
        return 1;
    if (!targets_known || pending_logged > 0)
        return 0;
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].coll_seq < cl_objects[i].log_to)
            return 0;
    window_open = 0;
    cl_coll_busy = window_open || replay_active;
    return 1;
}

void cl_coll_finalize(void)
{
    if (spill_fd >= 0)
        close(spill_fd);
    spill_fd = -1;
}

void cl_coll_window_abandon(void)
{
    window_open = 0;
    cl_coll_busy = window_open || replay_active;
}

/* Coordinator. */
void cl_coll_collect(uint64_t name, uint64_t seq)
{
    raise_count(&highest, name, seq);
}

void cl_coll_announce(void (*send)(int rank, uint64_t name, uint64_t highest), int nranks)
{
    for (int r = 0; r < nranks; r++)
        for (int i = 0; i < highest.n; i++)
            send(r, highest.at[i].name, highest.at[i].seq);
    clear_counts(&highest);
}

void cl_coll_collect_reset(void)
{
    clear_counts(&highest);
}

/* ---- the log file's part ---- */

/* Streamed into the log file: spilled results go from the spill file to the
 * log a chunk at a time. */
int cl_coll_write_log(struct ckpt_image_writer *w, uint32_t kind, char *err, size_t errlen)
{
    uint64_t size = sizeof(int32_t);
    for (int i = 0; i < nentries; i++)
        size += offsetof(struct coll_entry, bytes) + (uint64_t)entries[i].nbytes;
    int32_t count = nentries;
    if (ckpt_image_begin_section(w, kind, 0, size, err, errlen) != 0 ||
        ckpt_image_append(w, &count, sizeof count, err, errlen) != 0)
        return -1;
    char *chunk = NULL;
    int rc = 0;
    for (int i = 0; i < nentries && rc == 0; i++) {
        const struct coll_entry *e = &entries[i];
        rc = ckpt_image_append(w, e, offsetof(struct coll_entry, bytes), err, errlen);
        if (rc == 0 && e->bytes) {
            rc = ckpt_image_append(w, e->bytes, (uint64_t)e->nbytes, err, errlen);
            continue;
        }
        if (!chunk)
            chunk = ckpt_untracked_malloc(SPILL_CHUNK);
        for (int64_t done = 0; rc == 0 && done < e->nbytes; done += SPILL_CHUNK) {
            size_t n = e->nbytes - done < SPILL_CHUNK ? (size_t)(e->nbytes - done) : SPILL_CHUNK;
            if (read_all(spill_fd, chunk, n, e->spilled_at + done) != 0) {
                snprintf(err, errlen, "cannot read the collectives' spill file in %s: %s",
                         ckpt_options_dir(), strerror(errno));
                rc = -1;
            } else {
                rc = ckpt_image_append(w, chunk, n, err, errlen);
            }
        }
    }
    ckpt_untracked_free(chunk);
    /* Written (or given up): the spilled bytes need not take the disk's room
     * any longer. */
    for (int i = 0; i < nentries; i++)
        entries[i].spilled_at = -1;
    if (spill_fd >= 0 && ftruncate(spill_fd, 0) != 0)
        ckpt_warn("cannot empty the collectives' spill file in %s: %s", ckpt_options_dir(),
                  strerror(errno));
    spill_end = 0;
    return rc;
}

int cl_coll_load_log(const void *bytes, size_t n)
{
    const unsigned char *p = bytes, *end = p + n;
    int32_t count;
    if (n < sizeof count)
        return -1;
    memcpy(&count, p, sizeof count);
    p += sizeof count;
    if (count < 0)
        return -1;
    cl_coll_reset_for_epoch();
    for (int i = 0; i < count; i++) {
        struct coll_entry e;
        if ((size_t)(end - p) < offsetof(struct coll_entry, bytes))
            return -1;
        memcpy(&e, p, offsetof(struct coll_entry, bytes));
        p += offsetof(struct coll_entry, bytes);
        if (e.nbytes < 0 || end - p < e.nbytes ||
            (e.creation && (size_t)e.nbytes < sizeof(struct creation)))
            return -1;
        e.bytes = ckpt_untracked_malloc((size_t)e.nbytes + 1);
        e.spilled_at = -1;
        memcpy(e.bytes, p, (size_t)e.nbytes);
        p += e.nbytes;
        entries = cl_grow(entries, &entries_capacity, nentries + 1, sizeof *entries);
        entries[nentries++] = e;
    }
    return p == end ? 0 : -1;
}

/* ---- recovery ---- */

/* Every rank learns the highest count each communicator had at any member's checkpoint. */
static void exchange_counts(void)
{
    int mine = 0;
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].name)
            mine++;
    uint64_t *pairs = ckpt_untracked_malloc(sizeof(uint64_t) * 2 * (size_t)(mine + 1));
    for (int i = 0, k = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].name) {
            pairs[k++] = cl_objects[i].name;
            pairs[k++] = cl_objects[i].coll_seq;
        }
    int total;
    uint64_t *all = cl_allgather_words(pairs, 2 * mine, &total);
    clear_counts(&highest);
    for (int k = 0; k + 1 < total; k += 2)
        raise_count(&highest, all[k], all[k + 1]);
    ckpt_untracked_free(pairs);
    ckpt_untracked_free(all);
}

/* Communicators this rank created after its checkpoint by a collective that
 * other members had passed before theirs: the others build them again from
 * their images, so this rank builds them now too, from its log, at the index
 * they had (so the handle the replayed call returns is the one the program
 * had before the failure). */
static void rebuild_crossing_creations(void)
{
    for (int i = 0; i < nentries; i++) {
        struct coll_entry *e = &entries[i];
        uint64_t top = 0;
        if (!e->creation || !find_count(&highest, e->comm, &top) || e->seq > top)
            continue;
        int parent = cl_comm_pseudo(e->comm); /* found, or a pseudo-communicator new to us */
        struct creation k;
        memcpy(&k, e->bytes, sizeof k);
        if (k.nargs < 0 || (size_t)e->nbytes != sizeof k + sizeof(int64_t) * (size_t)k.nargs)
            ckpt_fatal("recovering: malformed communicator recipe in this rank's log");
        int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(k.nargs + 1));
        memcpy(args, e->bytes + sizeof k, sizeof *args * (size_t)k.nargs);
        if (!cl_recipe_valid(k.call, args, k.nargs))
            ckpt_fatal("recovering: malformed communicator recipe in this rank's log");
        MPI_Comm real = CL_HANDLE(MPI_Comm, cl_recipe_build(k.call, args, k.nargs));
        /* As cl_comm_made and MPI_Intercomm_create keyed it (comm_release.h). */
        int across = k.call == CL_MAKE_INTERCOMM;
        uint32_t members = across && real == MPI_COMM_NULL ? 0
                           : cl_creation_members(across ? MPI_COMM_NULL : cl_comm_at(parent), real);
        uint64_t made_by = !members ? 0 : across ? k.name : cl_creation_key(e->comm, e->seq);
        /* Where the live call put its entry: also when it gave this rank
         * MPI_COMM_NULL (left out, or failed), whose entry a later recovery
         * needs to make this rank take part in building it again. */
        int slot = e->object >= 0 ? e->object : k.null_slot;
        if (slot >= 0) {
            if (cl_object_place(slot) != 0)
                ckpt_fatal("recovering: the slot of a communicator in this rank's log is taken");
            struct cl_object *o = &cl_objects[slot];
            o->real = CL_BITS(real);
            o->freed = e->object >= 0 ? 0 : 1;
            o->name = e->object >= 0 ? k.name : 0;
            o->made_by = made_by;
            o->made_by_members = members;
            cl_recipe_add(k.call, slot, args, k.nargs);
        }
        cl.counters.comm_rebuilt++;
        ckpt_untracked_free(args);
    }
}

void cl_coll_recover(void)
{
    exchange_counts();
    cl_objects_rebuild();
    rebuild_crossing_creations();
    replay_active = 0;
    cl_coll_busy = window_open || replay_active;
    for (int i = 0; i < cl_nobjects; i++) {
        struct cl_object *o = &cl_objects[i];
        uint64_t top = 0;
        o->replay_to = 0;
        o->log_to = 0;
        if (o->kind == CL_OBJ_COMM && o->name && find_count(&highest, o->name, &top) &&
            top > o->coll_seq) {
            o->replay_to = top;
            replay_active = 1;
            cl_coll_busy = window_open || replay_active;
        }
    }
}

int cl_coll_replay_pending(void)
{
    if (!replay_active)
        return 0;
    for (int i = 0; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].coll_seq < cl_objects[i].replay_to)
            return 1;
    /* The log stays until the next window: requests in flight at the
     * checkpoint still take their results from it. */
    replay_active = 0;
    cl_coll_busy = window_open || replay_active;
    return 0;
}
