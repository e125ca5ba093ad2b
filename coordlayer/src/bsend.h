/* Buffered sends (bsend.c): the attached buffer, kept across a recovery. */
#ifndef AALC_CL_BSEND_H
#define AALC_CL_BSEND_H

#include <mpi.h>
#include <stdint.h>

/* Sends part 2 of a split buffered message from a copy of the layer's (see
 * bsend.c): returns at once, as a buffered send does. */
int cl_bsend_part2(const void *buf, int count, MPI_Datatype real_type, int dest, int tag,
                   MPI_Comm real);

/* Returns once every such part 2 is gone (MPI_Buffer_detach, MPI_Finalize). */
void cl_bsend_drain(void);

/* The buffer the program attached for buffered sends, saved with the image
 * (size -1: none) and attached again on recovery. */
void cl_bsend_save(uint64_t *buffer, int64_t *size);
int cl_bsend_restore(uint64_t buffer, int64_t size);

#endif
