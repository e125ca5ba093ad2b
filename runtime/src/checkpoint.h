/* Writing a checkpoint once the stack has collapsed into the runtime. */
#ifndef AALC_CHECKPOINT_H
#define AALC_CHECKPOINT_H

#include "output_rewind.h"

#include <stdint.h>

/* Runtime bookkeeping saved in every image (CKPT_SECTION_RUNTIME). */
struct ckpt_runtime_record {
    uint64_t checkpoint;  /* its own number */
    uint64_t frames;      /* how many frame records */
    struct ckpt_output_marks output;
    uint64_t environment; /* environ, in saved memory (0: not there) */
};

/* The number the next checkpoint gets: above everything in CKPT_DIR. */
void ckpt_checkpoint_init(uint64_t last_number);
/* Write, commit and prune. A failed write is reported and the run goes on:
 * the previous committed checkpoint is still there. */
void ckpt_take_checkpoint(void);
/* Checkpoint n is committed or given up everywhere this rank knows of: its
 * figures go to CKPT_STATS and the interval starts again. */
void ckpt_checkpoint_settled(uint64_t n, int committed);
/* Before this process's first checkpoint: fault in the in-memory image's
 * pages for the state as large as it is now, so that the checkpoint only
 * copies (called by the interval timer, the first checkpoint being due in
 * due_in seconds; asks for it when that time passes meanwhile). Stops early
 * if a checkpoint starts. */
void ckpt_checkpoint_prefault(double due_in);

#endif
