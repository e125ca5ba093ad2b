/* The output-commit problem, solved where it can be: when stdout or stderr is
 * a regular file, a checkpoint records its length, and recovery cuts off what
 * was printed after that checkpoint, so it is not printed twice. A pipe or a
 * socket cannot be cut: output_forward.h drops the repeat instead. */
#ifndef AALC_OUTPUT_REWIND_H
#define AALC_OUTPUT_REWIND_H

#include "output_forward.h"

#include <stdint.h>

struct ckpt_output_mark {
    uint64_t valid, device, inode, length;
};

struct ckpt_output_marks {
    struct ckpt_output_mark out, err;
    struct ckpt_output_positions forwarded; /* pipes and sockets: output_forward.h */
};

/* Flush stdio and record where stdout and stderr stand. */
void ckpt_output_capture(struct ckpt_output_marks *marks);
/* On recovery: truncate the same files back to the recorded lengths, and
 * tell the output forwarder where the output stands. */
void ckpt_output_rewind(const struct ckpt_output_marks *marks);

#endif
