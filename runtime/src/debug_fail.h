/* Fault injection for tests, where a real fault cannot be made on demand:
 * CKPT_DEBUG_FAIL=STAGE:N[:R] makes stage STAGE of checkpoint N fail on rank
 * R (every rank without :R), as an I/O error would. Stages:
 *   image   this rank's image, once its temporary file is written
 *   log     this rank's message log (MPI)
 *   commit  writing the COMMITTED marker (rank 0 under MPI) */
#ifndef AALC_DEBUG_FAIL_H
#define AALC_DEBUG_FAIL_H

#include <stdint.h>

/* 1 if the test asked this stage of checkpoint n to fail on this rank. */
int ckpt_debug_fail(const char *stage, uint64_t n, uint32_t rank);

#endif
