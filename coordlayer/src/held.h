/* Messages a probe took out of MPI before the program received them
 * (held.c). */
#ifndef AALC_CL_HELD_H
#define AALC_CL_HELD_H

#include <stddef.h>

/* chan: cl_chan of the communicator (objects.h). */
void cl_held_add(int chan, int source, int tag, void *bytes, int nbytes); /* takes bytes */
int cl_held_take(int chan, int source, int tag, int *src_out, int *tag_out, void **bytes,
                 int *nbytes);
int cl_held_peek(int chan, int source, int tag, int *src_out, int *tag_out, int *nbytes);
extern struct held *cl_held_first;
static inline int cl_held_none(void) /* nothing held: receives may go straight to MPI */
{
    return cl_held_first == NULL;
}
/* A held message a matched probe took for the program (mprobe.c): out of
 * the receives' sight, under a number of its own (> 0). */
#define CL_MATCHED_LIMIT (1 << 24)
int cl_held_match(int chan, int source, int tag);
int cl_held_take_matched(int id, int *src_out, int *tag_out, void **bytes, int *nbytes);
void cl_held_save(void **bytes, size_t *n);
int cl_held_load(const void *bytes, size_t n);

#endif
