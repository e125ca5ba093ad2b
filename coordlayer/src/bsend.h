/* Buffered sends (bsend.c): the attached buffer, kept across a recovery. */
#ifndef AALC_CL_BSEND_H
#define AALC_CL_BSEND_H

#include <mpi.h>
#include <stdint.h>

/* Part 2 of a split buffered message, packed into a copy of the layer's
 * (see bsend.c). */
struct cl_bsend_copy {
    void *bytes;
    int size;
};

/* Packs it (MPI_BOTTOM included) before part 1 goes: MPI_SUCCESS, or the
 * error with nothing to send. */
int cl_bsend_pack(const void *buf, int count, MPI_Datatype real_type, struct cl_bsend_copy *copy);
/* Sends the copy, which the layer keeps until it is gone: returns at once,
 * as a buffered send does. */
int cl_bsend_send(struct cl_bsend_copy *copy, int dest, int tag, MPI_Comm real);

/* Lets go of the copies that are gone (the protocol's regular poll). */
void cl_bsend_reap(void);
/* Returns once every copy is gone (MPI_Buffer_detach, MPI_Finalize). */
void cl_bsend_drain(void);

/* The buffer the program attached for buffered sends, saved with the image
 * (size -1: none) and attached again on recovery. */
void cl_bsend_save(uint64_t *buffer, int64_t *size);
int cl_bsend_restore(uint64_t buffer, int64_t size);

#endif
