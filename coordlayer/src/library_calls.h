/* Calls the MPI library makes to itself through public names.
 *
 * The layer's MPI_* functions are exported from the program, so a shared
 * library's calls reach them: a library of the program's (a solver, HDF5)
 * is checkpointed like the program. The MPI library itself also calls a few
 * public names through its PLT (MPICH 4.0's ROMIO calls
 * MPI_Type_create_resized when it flattens a darray or subarray file view),
 * and must get its own objects back, not the program's virtual handles:
 * those wrappers pass such calls straight on. */
#ifndef AALC_CL_LIBRARY_CALLS_H
#define AALC_CL_LIBRARY_CALLS_H

#include <stdint.h>

extern uintptr_t cl_library_lo, cl_library_hi;

/* Finds the MPI library's code in memory (once, at start). */
void cl_library_calls_init(void);

/* On recovery: warns unless the MPI library is where it was when the
 * checkpoint was written (saved_lo, saved_hi: cl_library_lo, _hi then). Address-space
 * randomization is off, so it moves only with another library or another
 * set of preloaded ones. Open MPI's predefined handles are addresses in it
 * (MPI_COMM_WORLD is &ompi_mpi_comm_world), but the executable refers to
 * copies of those objects in itself (copy relocations), which do not move. */
void cl_library_check_place(uint64_t saved_lo, uint64_t saved_hi);

/* Was the wrapper called from the MPI library's code? Give it
 * __builtin_return_address(0). */
static inline int cl_called_by_library(const void *return_address)
{
    uintptr_t a = (uintptr_t)return_address;
    return a >= cl_library_lo && a < cl_library_hi;
}

#endif
