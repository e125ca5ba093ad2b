/* The coordination layer as the runtime sees it, and MPI_Init / MPI_Finalize
 * (layer.c): what the other modules call of it. */
#ifndef AALC_CL_LAYER_H
#define AALC_CL_LAYER_H

#include <stdint.h>

/* The rank's log of checkpoint n: late messages, non-deterministic events
 * and the results of collectives. 0, or -1 after a warning. */
int cl_write_log(uint64_t n);
/* MPI_Session_init: brings MPI (the world model) and the layer up if the
 * program has not, to be finalized at exit (layer.c). */
void cl_layer_up_for_sessions(void);

#endif
