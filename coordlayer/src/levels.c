/* Checkpoint levels, the layer's part (levels.h, docs/levels.md). */
#include "levels.h"

#include "coord.h"
#include "partner.h"
#include "protocol.h"

#include <aalc/ckpt_layer.h>
#include <aalc/ckpt_layer_services.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODE_NAME_MAX 256
#define CANDIDATES_MAX 64
#define JOB_TEXT_MAX ((size_t)1 << 20) /* as the runtime's job.c reads it */

static int node_leader; /* this rank is the first of its node */
static uint64_t number_floor; /* the highest checkpoint number at any level at the start */

uint64_t cl_levels_number_floor(void)
{
    return number_floor;
}

void cl_levels_init(void)
{
    /* The same setting on every rank, or the levels would disagree on what a
     * checkpoint is: one collective at MPI_Init. */
    int partner = ckpt_levels_partner_wanted();
    int mine[5] = {ckpt_levels_local(), !ckpt_levels_local(), partner == 1, partner == 0,
                   partner < 0}, any[5];
    PMPI_Allreduce(mine, any, 5, MPI_INT, MPI_MAX, cl.control);
    if (any[0] && any[1])
        ckpt_fatal("CKPT_LOCAL_DIR is set for some ranks and not for others: set it for the "
                   "whole job (mpiexec -genv CKPT_LOCAL_DIR ...)");
    if (!any[0])
        return;
    if (any[2] + any[3] + any[4] > 1)
        ckpt_fatal("CKPT_PARTNER differs between ranks: set it for the whole job, or for none");
    /* New checkpoints are numbered above every one at any level: an older
     * run's, left in CKPT_DIR or on some node, must never look newer. */
    unsigned long long highest[2] = {ckpt_store_highest(ckpt_options_dir()),
                                     ckpt_store_highest(ckpt_options_shared_dir())};
    unsigned long long top[2];
    PMPI_Allreduce(highest, top, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, cl.control);
    number_floor = top[0] > top[1] ? top[0] : top[1];
    char name[NODE_NAME_MAX] = {0};
    snprintf(name, sizeof name, "%s", ckpt_levels_node());
    char *names = ckpt_untracked_malloc((size_t)cl.size * NODE_NAME_MAX);
    PMPI_Allgather(name, NODE_NAME_MAX, MPI_CHAR, names, NODE_NAME_MAX, MPI_CHAR, cl.control);
    /* Nodes numbered by their first rank. */
    int *node_of = ckpt_untracked_malloc(sizeof *node_of * (size_t)cl.size), nodes = 0;
    for (int r = 0; r < cl.size; r++) {
        int first = 0;
        while (strncmp(names + (size_t)first * NODE_NAME_MAX, names + (size_t)r * NODE_NAME_MAX,
                       NODE_NAME_MAX) != 0)
            first++;
        node_of[r] = first == r ? nodes++ : node_of[first];
        if (r == cl.rank)
            node_leader = first == r;
    }
    ckpt_untracked_free(names);
    ckpt_layer_set_node_leader(node_leader);
    cl_partner_init(node_of, nodes);
    ckpt_untracked_free(node_of);
}

/* ---- the flush ---- */

static uint64_t flushing;        /* coordinator: the checkpoint being flushed, 0 none */
static int flushed_count, flush_failed;
static unsigned commits_since_flush;
static uint64_t flush_start_failed; /* this rank could not start its flush of it */

int cl_levels_flush_due(uint64_t n)
{
    unsigned every = ckpt_levels_flush_every();
    if (!ckpt_levels_local() || every == 0)
        return 0;
    commits_since_flush++;
    /* One at a time: a commit while the last flush runs is flushed at the
     * next due commit after it ends. */
    if (flushing || commits_since_flush < every)
        return 0;
    flushing = n;
    commits_since_flush = 0;
    flushed_count = flush_failed = 0;
    return 1;
}

void cl_levels_committed(uint64_t n, int flush)
{
    if (!ckpt_levels_local())
        return;
    char err[PATH_MAX + 256];
    /* The coordinator wrote its own node's marker when it committed. */
    if (node_leader && cl.rank != 0) {
        if (ckpt_job_record(ckpt_options_dir(), n, (uint32_t)cl.size, err, sizeof err) != 0 ||
            ckpt_store_commit(ckpt_options_dir(), n, (uint32_t)cl.size, err, sizeof err) != 0)
            ckpt_warn("checkpoint %llu committed, but not marked so on node %s: %s",
                      (unsigned long long)n, ckpt_levels_node(), err);
        else
            ckpt_store_prune_later(ckpt_options_dir(), ckpt_options_keep(), n);
    }
    if (flush && ckpt_levels_flush_start(n, (uint32_t)cl.rank, cl.rank == 0, err, sizeof err) != 0) {
        ckpt_warn("checkpoint %llu not flushed to %s: %s", (unsigned long long)n,
                  ckpt_options_shared_dir(), err);
        flush_start_failed = n;
    }
}

int cl_levels_flush_finished(uint64_t *n, int *ok)
{
    if (flush_start_failed) {
        *n = flush_start_failed;
        *ok = 0;
        flush_start_failed = 0;
        return 1;
    }
    return ckpt_levels_local() && ckpt_levels_flush_finished(n, ok);
}

int cl_levels_flush_pending(void)
{
    return flushing != 0;
}

void cl_levels_flush_wait(void)
{
    if (ckpt_levels_local())
        ckpt_levels_flush_wait();
}

void cl_levels_flushed(uint64_t n, int ok)
{
    if (n != flushing)
        return;
    flush_failed |= !ok;
    if (++flushed_count < cl.size)
        return;
    flushing = 0;
    if (flush_failed)
        return; /* each failed rank said why; CKPT_DIR keeps the last whole flush */
    char err[PATH_MAX + 256];
    const char *shared = ckpt_options_shared_dir();
    if (ckpt_store_commit(shared, n, (uint32_t)cl.size, err, sizeof err) != 0) {
        ckpt_warn("checkpoint %llu flushed but not committed in %s: %s", (unsigned long long)n,
                  shared, err);
        return;
    }
    ckpt_info(1, "checkpoint %llu flushed to %s", (unsigned long long)n, shared);
    ckpt_store_prune_later(shared, ckpt_options_keep(), n);
}

/* ---- recovery ---- */

static int by_newest(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x > y ? -1 : x < y;
}

/* Whether this rank's image and log of n are in CKPT_DIR, each under its
 * final name (so whole: a flush renames a file only once it is durable). */
static int in_shared(uint64_t n)
{
    char names[2][CKPT_STORE_FILE_NAME_MAX];
    return ckpt_store_rank_files(ckpt_options_shared_dir(), n, (uint32_t)cl.rank, 0, names,
                                 2) == 2;
}

void cl_levels_recover(void)
{
    if (!ckpt_levels_local())
        return;
    const char *local = ckpt_options_dir(), *shared = ckpt_options_shared_dir();
    /* A checkpoint is committed if any level anywhere says so: a marker is
     * written only after every rank's part of it was durable. */
    uint64_t mine[2 * CANDIDATES_MAX];
    int k = ckpt_store_list_committed(local, mine, CANDIDATES_MAX);
    k = k > 0 ? k : 0;
    int s = ckpt_store_list_committed(shared, mine + k, CANDIDATES_MAX);
    k += s > 0 ? s : 0;
    int total;
    uint64_t *all = cl_allgather_words(mine, k, &total);
    qsort(all, (size_t)total, sizeof *all, by_newest);
    uint64_t candidates[CANDIDATES_MAX];
    int count = 0;
    for (int i = 0; i < total && count < CANDIDATES_MAX; i++)
        if (count == 0 || all[i] != candidates[count - 1])
            candidates[count++] = all[i];
    ckpt_untracked_free(all);
    /* Per candidate and rank, the lowest rank whose local level holds that
     * rank's image (its own node's, or a partner copy): INT_MAX for none. */
    size_t cells = (size_t)count * (size_t)cl.size;
    int *held = ckpt_untracked_malloc(sizeof *held * (cells ? cells : 1));
    int *holder = ckpt_untracked_malloc(sizeof *holder * (cells ? cells : 1));
    unsigned char *present = ckpt_untracked_malloc((size_t)cl.size);
    for (int c = 0; c < count; c++) {
        if (ckpt_store_images_present(local, candidates[c], present, (uint32_t)cl.size) < 0)
            ckpt_fatal("--recover: cannot read checkpoint %llu in %s",
                       (unsigned long long)candidates[c], local);
        for (int r = 0; r < cl.size; r++)
            held[(size_t)c * cl.size + r] = present[r] ? cl.rank : INT_MAX;
    }
    if (count)
        PMPI_Allreduce(held, holder, (int)cells, MPI_INT, MPI_MIN, cl.control);
    /* The newest whose every image survives at some level. */
    int have[CANDIDATES_MAX], everyone[CANDIDATES_MAX];
    for (int c = 0; c < count; c++)
        have[c] = holder[(size_t)c * cl.size + cl.rank] != INT_MAX || in_shared(candidates[c]);
    if (count)
        PMPI_Allreduce(have, everyone, count, MPI_INT, MPI_MIN, cl.control);
    int c = 0;
    while (c < count && !everyone[c])
        c++;
    if (c == count) {
        ckpt_untracked_free(held);
        ckpt_untracked_free(holder);
        ckpt_untracked_free(present);
        return; /* the runtime finds nothing, and says so */
    }
    uint64_t n = candidates[c];
    char err[PATH_MAX + 256];
    /* From the fastest level that has them: this node's, a partner's, CKPT_DIR. */
    int own = held[(size_t)c * cl.size + cl.rank] == cl.rank;
    int *from = holder + (size_t)c * cl.size;
    unsigned char *need = present;
    unsigned char fetch = !own && from[cl.rank] != INT_MAX;
    PMPI_Allgather(&fetch, 1, MPI_UNSIGNED_CHAR, need, 1, MPI_UNSIGNED_CHAR, cl.control);
    if (cl_partner_fetch(n, from, need, err, sizeof err) != 0)
        ckpt_fatal("--recover: cannot bring checkpoint %llu back from its partner copy: %s",
                   (unsigned long long)n, err);
    if (fetch)
        ckpt_info(1, "checkpoint %llu: this rank's files come from rank %d's partner copy",
                  (unsigned long long)n, from[cl.rank]);
    if (!own && !fetch) { /* this rank's node lost it, and no partner holds it: CKPT_DIR */
        char names[3][CKPT_STORE_FILE_NAME_MAX];
        int files = ckpt_store_rank_files(shared, n, (uint32_t)cl.rank, 0, names, 3);
        for (int f = 0; f < files; f++)
            if (ckpt_store_copy_file(shared, local, n, names[f], err, sizeof err) != 0)
                ckpt_fatal("--recover: cannot bring checkpoint %llu back from %s: %s",
                           (unsigned long long)n, shared, err);
        ckpt_info(1, "checkpoint %llu: this rank's files come from %s", (unsigned long long)n,
                  shared);
    }
    ckpt_untracked_free(held);
    ckpt_untracked_free(holder);
    ckpt_untracked_free(present);
    /* The JOB record for nodes that lost it, as it was written (never made
     * up: recovery checks this run's arguments against it): from the first
     * rank whose node has it (every node whose files survived wrote it with
     * its marker), else from CKPT_DIR. */
    int has_job = ckpt_store_file_exists(local, n, CKPT_JOB_FILE) ? cl.rank : INT_MAX, job_from;
    PMPI_Allreduce(&has_job, &job_from, 1, MPI_INT, MPI_MIN, cl.control);
    char *job = NULL;
    long job_len = -1;
    if (job_from != INT_MAX) {
        job = ckpt_untracked_malloc(JOB_TEXT_MAX);
        if (cl.rank == job_from)
            job_len = ckpt_store_read_file(local, n, CKPT_JOB_FILE, job, JOB_TEXT_MAX);
        PMPI_Bcast(&job_len, 1, MPI_LONG, job_from, cl.control);
        if (job_len > 0)
            PMPI_Bcast(job, (int)job_len, MPI_CHAR, job_from, cl.control);
    }
    PMPI_Barrier(cl.control);
    if (node_leader) {
        /* The node's JOB record and marker, if it lost them. */
        if (!ckpt_store_file_exists(local, n, CKPT_JOB_FILE)) {
            int rc = 0;
            if (job_len > 0)
                rc = ckpt_store_write_file(local, n, CKPT_JOB_FILE, job, (size_t)job_len, err,
                                           sizeof err);
            else if (ckpt_store_file_exists(shared, n, CKPT_JOB_FILE))
                rc = ckpt_store_copy_file(shared, local, n, CKPT_JOB_FILE, err, sizeof err);
            if (rc != 0)
                ckpt_fatal("--recover: checkpoint %llu: %s", (unsigned long long)n, err);
        }
        if (ckpt_store_committed_nranks(local, n) == 0 &&
            ckpt_store_commit(local, n, (uint32_t)cl.size, err, sizeof err) != 0)
            ckpt_fatal("--recover: checkpoint %llu: %s", (unsigned long long)n, err);
        /* Newer ones are of a future that will not happen: no later
         * recovery may take them (new numbers go above them anyway). */
        ckpt_store_remove_above(local, n);
    }
    if (cl.rank == 0)
        ckpt_store_remove_above(shared, n);
    ckpt_untracked_free(job);
    PMPI_Barrier(cl.control);
}
