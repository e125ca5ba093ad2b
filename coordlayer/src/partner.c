/* Partner copies (partner.h, docs/levels.md). */
#include "partner.h"

#include "coord.h"

#include <aalc/ckpt_layer_services.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define BUNDLE_FILES 2        /* the image and the log */
#define CHUNK ((size_t)1 << 30) /* MPI counts are ints */
enum { TAG_COPY = 1, TAG_FETCH = 3 }; /* header at the tag, its files' bytes at tag + 1 */

/* What precedes a rank's files: which checkpoint, whose, and each file. */
struct bundle_header {
    uint64_t n;
    uint32_t rank, nfiles;
    uint64_t size[BUNDLE_FILES];
    char name[BUNDLE_FILES][CKPT_STORE_FILE_NAME_MAX];
};

struct outgoing {
    struct bundle_header h;
    struct bundle_header *wire; /* what the header's send reads: it stays put while the
                                   struct is copied (retire_sending) */
    void *map[BUNDLE_FILES];
    MPI_Request *reqs;
    int nreqs;
};

/* A copy being received: straight into its files' pages in the local level
 * (mapped temporary files), so that nothing is copied again and no buffer
 * stays; a thread then makes them durable and gives them their names. */
struct incoming {
    int source;
    struct bundle_header h;
    int fd[BUNDLE_FILES];
    char *bytes[BUNDLE_FILES];
    char tmp[BUNDLE_FILES][PATH_MAX];
    MPI_Request *reqs;
    int nreqs;
    enum { RECEIVING, FINISHING, DONE } state;
    int given_up;             /* of a checkpoint given up: received and dropped */
    int failed;               /* a file could not be made or made durable: err says why */
    char err[PATH_MAX + 256];
    int threaded;             /* finish_in_thread runs in `thread` */
    pthread_t thread;
    atomic_int finished;
};

static MPI_Comm comm = MPI_COMM_NULL;
static int active, partner_rank;
static struct outgoing sending; /* our copy of the checkpoint in progress */
static int sending_live;
/* Copies of checkpoints given up, still on their way: the partner takes
 * them in at its polls, and drops them; unmapped once their sends end. */
static struct outgoing *retiring;
static int nretiring;
static struct incoming **arriving;
static int narriving;
/* Copies stored for the checkpoint in progress, by whose they are. */
static uint64_t stored_for;
static uint32_t *stored_ranks;
static int nstored;

/* One request at a time: GCC takes MPI_STATUSES_IGNORE for an array. */
static void wait_all(MPI_Request *reqs, int n)
{
    for (int i = 0; i < n; i++)
        PMPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
}

static int test_all(MPI_Request *reqs, int n)
{
    int all = 1;
    for (int i = 0; i < n; i++) {
        int done = 1;
        if (reqs[i] != MPI_REQUEST_NULL)
            PMPI_Test(&reqs[i], &done, MPI_STATUS_IGNORE);
        all &= done;
    }
    return all;
}

static int chunks(uint64_t size)
{
    return (int)((size + CHUNK - 1) / CHUNK);
}

void cl_partner_init(const int *node_of, int nodes)
{
    int wanted = ckpt_levels_partner_wanted();
    active = nodes > 1 && wanted != 0;
    if (wanted == 1 && nodes == 1 && cl.rank == 0)
        ckpt_warn("CKPT_PARTNER=1, but every rank runs on node %s: no partner copies",
                  ckpt_levels_node());
    if (!active)
        return;
    PMPI_Comm_dup(cl.control, &comm);
    /* The rank with our place among our node's ranks on the next node
     * (round the ranks of the smaller one): a node and its partner are
     * never the same node. */
    int mine = node_of[cl.rank], next = (mine + 1) % nodes, place = 0, there = 0;
    for (int r = 0; r < cl.rank; r++)
        place += node_of[r] == mine;
    for (int r = 0; r < cl.size; r++)
        there += node_of[r] == next;
    for (int r = 0, seen = 0; r < cl.size; r++)
        if (node_of[r] == next && seen++ == place % there)
            partner_rank = r;
}

int cl_partner_active(void)
{
    return active;
}

/* ---- sending ---- */

static void release(struct outgoing *o)
{
    if (o->nreqs)
        wait_all(o->reqs, o->nreqs);
    for (uint32_t f = 0; f < o->h.nfiles; f++)
        if (o->map[f])
            munmap(o->map[f], o->h.size[f]);
    ckpt_untracked_free(o->reqs);
    ckpt_untracked_free(o->wire);
    memset(o, 0, sizeof *o);
}

/* Map rank's files of n in the local level. */
static int prepare(struct outgoing *o, uint64_t n, uint32_t rank, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->h.n = n;
    o->h.rank = rank;
    o->h.nfiles = (uint32_t)ckpt_store_rank_files(ckpt_options_dir(), n, rank, 0, o->h.name,
                                                  BUNDLE_FILES);
    for (uint32_t f = 0; f < o->h.nfiles; f++) {
        char path[PATH_MAX];
        struct stat st;
        ckpt_store_file_path(ckpt_options_dir(), n, o->h.name[f], path, sizeof path);
        int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &st) != 0) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            release(o);
            return -1;
        }
        o->h.size[f] = (uint64_t)st.st_size;
        if (st.st_size > 0) {
            o->map[f] = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
            if (o->map[f] == MAP_FAILED) {
                o->map[f] = NULL;
                snprintf(err, errlen, "%s: cannot map: %s", path, strerror(errno));
                close(fd);
                release(o);
                return -1;
            }
        }
        close(fd);
    }
    return 0;
}

/* Send what prepare mapped to dest. */
static void send_all(struct outgoing *o, int dest, int tag)
{
    int total = 1;
    for (uint32_t f = 0; f < o->h.nfiles; f++)
        total += chunks(o->h.size[f]);
    o->reqs = ckpt_untracked_malloc(sizeof *o->reqs * (size_t)total);
    o->wire = ckpt_untracked_malloc(sizeof *o->wire);
    *o->wire = o->h;
    PMPI_Isend(o->wire, (int)sizeof *o->wire, MPI_BYTE, dest, tag, comm, &o->reqs[o->nreqs++]);
    for (uint32_t f = 0; f < o->h.nfiles; f++)
        for (uint64_t at = 0; at < o->h.size[f]; at += CHUNK) {
            uint64_t len = o->h.size[f] - at < CHUNK ? o->h.size[f] - at : CHUNK;
            PMPI_Isend((char *)o->map[f] + at, (int)len, MPI_BYTE, dest, tag + 1, comm,
                       &o->reqs[o->nreqs++]);
        }
}

/* Sends end when the partner has taken the bytes in; nothing waits for it. */
static void retire_sending(void)
{
    retiring = ckpt_untracked_realloc(retiring, sizeof *retiring * (size_t)(nretiring + 1));
    retiring[nretiring++] = sending;
    memset(&sending, 0, sizeof sending);
    sending_live = 0;
}

static void reap_retired(void)
{
    for (int i = 0; i < nretiring;)
        if (test_all(retiring[i].reqs, retiring[i].nreqs)) {
            release(&retiring[i]);
            retiring[i] = retiring[--nretiring];
        } else {
            i++;
        }
}

int cl_partner_send(uint64_t n)
{
    char err[PATH_MAX + 256];
    if (sending_live)
        retire_sending();
    if (prepare(&sending, n, (uint32_t)cl.rank, err, sizeof err) != 0) {
        ckpt_warn("checkpoint %llu: cannot send this rank's copy to rank %d: %s",
                  (unsigned long long)n, partner_rank, err);
        return -1;
    }
    send_all(&sending, partner_rank, TAG_COPY);
    sending_live = 1;
    return 0;
}

void cl_partner_stored(uint64_t n)
{
    if (sending_live && sending.h.n == n) {
        release(&sending);
        sending_live = 0;
    }
}

/* ---- receiving ---- */

static void drop(struct incoming *in)
{
    for (uint32_t f = 0; f < BUNDLE_FILES; f++) {
        if (in->bytes[f])
            munmap(in->bytes[f], in->h.size[f]);
        if (in->fd[f] >= 0)
            close(in->fd[f]);
        if (in->tmp[f][0])
            unlink(in->tmp[f]);
    }
    ckpt_untracked_free(in->reqs);
    ckpt_untracked_free(in);
}

/* Room for a file's bytes: its temporary file in the local level, mapped;
 * or, when that cannot be made, memory, so that the bytes are still taken
 * off the wire. */
static char *landing(struct incoming *in, uint32_t f)
{
    uint64_t size = in->h.size[f];
    in->fd[f] = -1;
    if (!in->failed && !in->given_up) {
        char path[PATH_MAX];
        ckpt_store_file_path(ckpt_options_dir(), in->h.n, in->h.name[f], path, sizeof path);
        if (!path[0] || snprintf(in->tmp[f], sizeof in->tmp[f], "%s.tmp", path) >=
                            (int)sizeof in->tmp[f]) {
            in->tmp[f][0] = '\0';
            snprintf(in->err, sizeof in->err, "%s: path too long", ckpt_options_dir());
            in->failed = 1;
        } else if ((in->fd[f] = open(in->tmp[f], O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC,
                                     0600)) < 0) {
            snprintf(in->err, sizeof in->err, "%s: %s", in->tmp[f], strerror(errno));
            in->failed = 1;
        } else if (size > 0 && (errno = posix_fallocate(in->fd[f], 0, (off_t)size)) != 0) {
            /* The blocks now: a full disk met while MPI writes into the
             * mapping would be a SIGBUS. */
            snprintf(in->err, sizeof in->err, "%s: no room for %llu bytes: %s", in->tmp[f],
                     (unsigned long long)size, strerror(errno));
            in->failed = 1;
        } else if (size > 0) {
            void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, in->fd[f], 0);
            if (p != MAP_FAILED)
                return p;
            snprintf(in->err, sizeof in->err, "%s: cannot map: %s", in->tmp[f],
                     strerror(errno));
            in->failed = 1;
        }
    }
    if (size == 0)
        return NULL;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        ckpt_fatal("out of memory receiving rank %u's copy of checkpoint %llu (%llu bytes)",
                   in->h.rank, (unsigned long long)in->h.n, (unsigned long long)size);
    return p;
}

static void post_receives(struct incoming *in, int tag)
{
    char err[PATH_MAX + 256];
    if (!in->given_up &&
        ckpt_store_make_checkpoint_dir(ckpt_options_dir(), in->h.n, err, sizeof err) != 0) {
        snprintf(in->err, sizeof in->err, "%s", err);
        in->failed = 1;
    }
    if (!in->given_up && tag == TAG_COPY && ckpt_debug_fail("partner", in->h.n, (uint32_t)cl.rank)) {
        snprintf(in->err, sizeof in->err, "%s: CKPT_DEBUG_FAIL: injected I/O error",
                 ckpt_options_dir());
        in->failed = 1;
    }
    /* A copy never goes into a checkpoint committed already (an older
     * run's, say); a recovery's fetch may restore a file of a committed one. */
    if (tag == TAG_COPY && !in->given_up && !in->failed &&
        ckpt_store_committed_nranks(ckpt_options_dir(), in->h.n)) {
        snprintf(in->err, sizeof in->err, "%s: checkpoint %llu there is committed already",
                 ckpt_options_dir(), (unsigned long long)in->h.n);
        in->failed = 1;
    }
    int total = 0;
    for (uint32_t f = 0; f < in->h.nfiles; f++)
        total += chunks(in->h.size[f]);
    in->reqs = ckpt_untracked_malloc(sizeof *in->reqs * (size_t)(total ? total : 1));
    for (uint32_t f = 0; f < in->h.nfiles; f++) {
        in->bytes[f] = landing(in, f);
        for (uint64_t at = 0; at < in->h.size[f]; at += CHUNK) {
            uint64_t len = in->h.size[f] - at < CHUNK ? in->h.size[f] - at : CHUNK;
            PMPI_Irecv(in->bytes[f] + at, (int)len, MPI_BYTE, in->source, tag + 1, comm,
                       &in->reqs[in->nreqs++]);
        }
    }
}

static struct incoming *receive_header(int source, int tag)
{
    struct incoming *in = ckpt_untracked_malloc(sizeof *in);
    memset(in, 0, sizeof *in);
    for (int f = 0; f < BUNDLE_FILES; f++)
        in->fd[f] = -1;
    in->source = source;
    PMPI_Recv(&in->h, (int)sizeof in->h, MPI_BYTE, source, tag, comm, MPI_STATUS_IGNORE);
    return in;
}

static int valid(const struct bundle_header *h)
{
    if (h->nfiles > BUNDLE_FILES || h->rank >= (uint32_t)cl.size)
        return 0;
    for (uint32_t f = 0; f < h->nfiles; f++)
        if (memchr(h->name[f], '\0', sizeof h->name[f]) == NULL || strchr(h->name[f], '/') ||
            h->name[f][0] == '.' || h->name[f][0] == '\0')
            return 0;
    return 1;
}

/* The files received are made durable and given their names (fsync of each,
 * rename, fsync of the directory): 0, or -1 with in->err. Touches nothing
 * but the files: it runs in a thread of its own. */
static int finish(struct incoming *in)
{
    for (uint32_t f = 0; f < in->h.nfiles && !in->failed; f++) {
        char path[PATH_MAX];
        ckpt_store_file_path(ckpt_options_dir(), in->h.n, in->h.name[f], path, sizeof path);
        if (fsync(in->fd[f]) != 0 || rename(in->tmp[f], path) != 0) {
            snprintf(in->err, sizeof in->err, "%s: %s", path, strerror(errno));
            in->failed = 1;
        } else {
            in->tmp[f][0] = '\0'; /* in place: drop must not remove it */
        }
    }
    if (in->failed)
        return -1;
    char cdir[PATH_MAX];
    ckpt_store_file_path(ckpt_options_dir(), in->h.n, ".", cdir, sizeof cdir);
    if (ckpt_store_sync_dir(cdir, in->err, sizeof in->err) != 0) {
        in->failed = 1;
        return -1;
    }
    return 0;
}

static void *finish_in_thread(void *arg)
{
    struct incoming *in = arg;
    finish(in);
    atomic_store(&in->finished, 1);
    return NULL;
}

/* Off the program's time (the write-back and the fsync of a whole image):
 * the program's signals stay with the program's thread. */
static void start_finishing(struct incoming *in)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    in->state = FINISHING;
    in->threaded = pthread_create(&in->thread, NULL, finish_in_thread, in) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!in->threaded)
        finish_in_thread(in); /* no thread: now, then */
}

static void note_stored(uint64_t n, uint32_t rank)
{
    if (stored_for != n)
        nstored = 0;
    stored_for = n;
    stored_ranks = ckpt_untracked_realloc(stored_ranks, sizeof *stored_ranks * (size_t)(nstored + 1));
    stored_ranks[nstored++] = rank;
}

void cl_partner_poll(uint64_t in_progress, void (*stored_cb)(int source, uint64_t n, int ok))
{
    if (!active)
        return;
    reap_retired();
    for (;;) { /* new arrivals: their bytes are received without blocking */
        int flag = 0;
        MPI_Status st;
        PMPI_Iprobe(MPI_ANY_SOURCE, TAG_COPY, comm, &flag, &st);
        if (!flag)
            break;
        struct incoming *in = receive_header(st.MPI_SOURCE, TAG_COPY);
        if (!valid(&in->h))
            ckpt_fatal("a malformed partner copy came from rank %d", in->source);
        in->given_up = in->h.n != in_progress; /* then taken off the wire only */
        post_receives(in, TAG_COPY);
        arriving = ckpt_untracked_realloc(arriving, sizeof *arriving * (size_t)(narriving + 1));
        arriving[narriving++] = in;
    }
    for (int i = 0; i < narriving;) {
        struct incoming *in = arriving[i];
        if (in->state == RECEIVING) {
            if (!test_all(in->reqs, in->nreqs)) {
                i++;
                continue;
            }
            if (!in->failed && !in->given_up && in->h.n == in_progress) {
                start_finishing(in);
                continue; /* looked at again below, at once if it had no thread */
            }
            in->state = DONE;
        }
        if (in->state == FINISHING) {
            if (!atomic_load(&in->finished)) {
                i++;
                continue;
            }
            if (in->threaded)
                pthread_join(in->thread, NULL);
            in->state = DONE;
        }
        if (in->h.n == in_progress && !in->given_up) {
            /* Stored, or the sender's checkpoint cannot complete: the
             * protocol gives it up everywhere (nothing may wait for it). */
            if (in->failed)
                ckpt_warn("checkpoint %llu: cannot store rank %u's partner copy: %s",
                          (unsigned long long)in->h.n, in->h.rank, in->err);
            else
                note_stored(in->h.n, in->h.rank);
            stored_cb(in->source, in->h.n, !in->failed);
        } else if (!in->given_up && !in->failed) { /* given up while it was being finished */
            ckpt_store_discard(ckpt_options_dir(), in->h.n, in->h.rank);
        }
        drop(in);
        arriving[i] = arriving[--narriving];
    }
}

void cl_partner_forget(uint64_t n)
{
    if (sending_live && sending.h.n == n) /* the partner still takes it in, and drops it */
        retire_sending();
    if (stored_for != n)
        return;
    for (int i = 0; i < nstored; i++)
        ckpt_store_discard(ckpt_options_dir(), n, stored_ranks[i]);
    nstored = 0;
}

static void ignore_copy(int source, uint64_t n, int ok)
{
    (void)source, (void)n, (void)ok;
}

void cl_partner_quiesce(void)
{
    if (!active)
        return;
    /* Our sends end as the partners take the bytes in, which they do here
     * too; once every rank's have ended (the barrier), nothing is left on
     * the way that anyone waits for. */
    for (;;) {
        if (sending_live && test_all(sending.reqs, sending.nreqs))
            retire_sending();
        cl_partner_poll(0, ignore_copy);
        if (!sending_live && nretiring == 0)
            break;
    }
    MPI_Request barrier;
    PMPI_Ibarrier(comm, &barrier);
    int passed = 0;
    while (!passed) {
        cl_partner_poll(0, ignore_copy);
        PMPI_Test(&barrier, &passed, MPI_STATUS_IGNORE);
    }
    for (int i = 0; i < narriving; i++) { /* of checkpoints given up: dropped */
        wait_all(arriving[i]->reqs, arriving[i]->nreqs);
        if (arriving[i]->state == FINISHING && arriving[i]->threaded)
            pthread_join(arriving[i]->thread, NULL);
        drop(arriving[i]);
    }
    narriving = 0;
}

/* ---- recovery ---- */

int cl_partner_fetch(uint64_t n, const int *holder, const unsigned char *need, char *err,
                     size_t errlen)
{
    MPI_Comm c = comm;
    if (c == MPI_COMM_NULL) /* no partner copies this run: a private one for the transfer */
        PMPI_Comm_dup(cl.control, &c);
    MPI_Comm keep = comm;
    comm = c;
    int count = 0, ok = 1, all_ok;
    for (int r = 0; r < cl.size; r++)
        count += need[r] && holder[r] == cl.rank;
    struct outgoing *out = ckpt_untracked_malloc(sizeof *out * (size_t)(count ? count : 1));
    int k = 0;
    for (int r = 0; r < cl.size && ok; r++)
        if (need[r] && holder[r] == cl.rank) {
            ok = prepare(&out[k], n, (uint32_t)r, err, errlen) == 0;
            k += ok;
        }
    /* Nothing is sent unless every holder has what it must send: a rank
     * waiting for files that never come would hang the job. */
    PMPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, c);
    int rc = all_ok ? 0 : -1;
    if (ok && !all_ok)
        snprintf(err, errlen, "another rank could not send the files it holds of checkpoint %llu",
                 (unsigned long long)n);
    for (int i = 0; i < k && all_ok; i++)
        send_all(&out[i], (int)out[i].h.rank, TAG_FETCH);
    if (rc == 0 && need[cl.rank]) {
        struct incoming *in = receive_header(holder[cl.rank], TAG_FETCH);
        if (!valid(&in->h) || in->h.n != n || in->h.rank != (uint32_t)cl.rank) {
            snprintf(err, errlen, "rank %d sent something else than our files of checkpoint %llu",
                     in->source, (unsigned long long)n);
            rc = -1;
        } else {
            post_receives(in, TAG_FETCH);
            wait_all(in->reqs, in->nreqs);
            if (in->failed || finish(in) != 0) {
                snprintf(err, errlen, "%s", in->err);
                rc = -1;
            }
        }
        drop(in);
    }
    for (int i = 0; i < k; i++)
        release(&out[i]);
    ckpt_untracked_free(out);
    comm = keep;
    if (c != keep)
        PMPI_Comm_free(&c);
    return rc;
}
