/* Buffered sends (bsend.c): the attached buffer, kept across a recovery. */
#ifndef AALC_CL_BSEND_H
#define AALC_CL_BSEND_H

#include <stdint.h>

/* The buffer the program attached for buffered sends, saved with the image
 * (size -1: none) and attached again on recovery. */
void cl_bsend_save(uint64_t *buffer, int64_t *size);
int cl_bsend_restore(uint64_t buffer, int64_t size);

#endif
