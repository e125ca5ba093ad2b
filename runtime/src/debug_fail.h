/* Fault injection for tests, where a real fault cannot be made on demand:
 * CKPT_DEBUG_FAIL=STAGE:N[:R] makes stage STAGE of checkpoint N fail on rank
 * R (every rank without :R), as an I/O error would. Stages:
 *   image   this rank's image, once its temporary file is written
 *   log     this rank's message log (MPI)
 *   commit  writing the COMMITTED marker (rank 0 under MPI)
 *   rebuild a recovery from checkpoint N, while the MPI layer builds its
 *           objects again: an erroneous MPI call, as a failing one would
 *           be (MPI_Comm_split on MPI_COMM_NULL) */
#ifndef AALC_DEBUG_FAIL_H
#define AALC_DEBUG_FAIL_H

#include <aalc/ckpt_layer_services.h>
#include <stdint.h>

/* ckpt_debug_fail: aalc/ckpt_layer_services.h. */
#endif
