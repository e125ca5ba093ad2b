/*
 * For a layer between the program and the outside world that has state of
 * its own to checkpoint and that takes part in deciding when checkpoints
 * happen: the MPI coordination layer. The runtime calls these hooks; it does
 * not know what the layer does in them.
 *
 * Without a layer (serial programs) the runtime takes a checkpoint whenever
 * one is due, numbers it after the newest in CKPT_DIR, and commits it at once.
 */
#ifndef AALC_CKPT_LAYER_H
#define AALC_CKPT_LAYER_H

#include <stddef.h>
#include <stdint.h>

struct ckpt_image_writer;
struct ckpt_image;

struct ckpt_layer {
    /* On --recover, before start: this process's rank as far as it is known
     * before the layer is up (from what its launcher exported), or -1. The
     * runtime loads that rank's newest image while start runs; a wrong
     * guess costs time only. NULL: nothing is loaded early. */
    int (*guess_rank)(void);
    /* At program start, before any recovery: bring up what the layer needs
     * (MPI when recovering, since the program's own MPI_Init lies before the
     * point it resumes at). Sets the rank through ckpt_layer_set_rank. */
    void (*start)(int recovering);
    /* At a due potential point: 1 = take the local checkpoint now. */
    int (*point_due)(void);
    /* The number of the checkpoint about to be written (the same on every rank). */
    uint64_t (*checkpoint_number)(void);
    /* Add the layer's sections to this rank's image. 0 or -1 with a message. */
    int (*save)(struct ckpt_image_writer *w, char *err, size_t errlen);
    /* This rank's image of checkpoint n is written and durable (ok=1) or failed
     * (ok=0). Committing the checkpoint is now the layer's business. */
    void (*image_written)(uint64_t n, int ok);
    /* Recovery: given this rank's committed checkpoints (newest first) and a
     * test of whether it can load committed[i] (which reads and checks that
     * image: ask only as far down the list as needed), return the one every
     * rank loads, or 0 if there is none. */
    uint64_t (*agree)(const uint64_t *committed, int count, int (*loadable)(int i));
    /* Recovery: 1 when ok is 1 on every rank (a check each rank makes on its
     * own, whose failure all must act on alike), else 0. */
    int (*all_ranks)(int ok);
    /* Recovery: every rank agreed there is nothing to load and is about to
     * exit with the same error; shut down together (a launcher kills the
     * ranks that are still running when the first one exits non-zero). */
    void (*leave_together)(void);
    /* Recovery: read the layer's sections back. 0 or -1 with a message. */
    int (*restore)(const struct ckpt_image *img, char *err, size_t errlen);
    /* Recovery: the stack is rebuilt and the program continues. */
    void (*resumed)(void);
};

/* Checkpoint n is committed (1) or given up (0), as this rank knows it: the
 * checkpoint interval counts from here. */
void ckpt_layer_checkpoint_settled(uint64_t n, int committed);
/* Every rank has reached the program's end together and no checkpoint will
 * follow. Each rank calls it, then the layer waits for all (a barrier):
 * rank 0 then removes the job's checkpoints if it exits with status 0
 * (unless CKPT_KEEP_ON_EXIT=1). */
void ckpt_layer_job_ending(void);
/* Called from a constructor of the layer: there is at most one. */
void ckpt_set_layer(const struct ckpt_layer *layer);
/* Which rank this process is, of how many (image names and headers use it). */
void ckpt_layer_set_rank(uint32_t rank, uint32_t nranks);
/* How many of the job's processes run on this node (this one included): the
 * runtime gives each its share of the CPUs to copy a checkpoint with. */
void ckpt_layer_set_node_processes(uint32_t processes);
/* Whether this process is its node's first (as CKPT_DEBUG_NODE or the host
 * name says): it removes the node's local level at the end of a run. */
void ckpt_layer_set_node_leader(int leader);

#endif
