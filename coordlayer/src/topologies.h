/* Graph and distributed-graph communicators (topologies.c), and the
 * neighbour counts of any topology. */
#ifndef AALC_CL_TOPOLOGIES_H
#define AALC_CL_TOPOLOGIES_H

#include <mpi.h>
#include <stdint.h>

/* How many neighbours send to this rank (in) and receive from it (out) in
 * the communicator's topology: cartesian, graph or distributed graph (0
 * without a topology: MPI reports that error). */
void cl_topo_degrees(MPI_Comm real, int *in, int *out);
int cl_topo_in_degree(MPI_Comm real);
/* Graph and distributed-graph communicators built from their recipes'
 * arguments (the parent given as the library's handle). */
MPI_Comm cl_topo_build_graph(MPI_Comm parent, const int64_t *args);
MPI_Comm cl_topo_build_dist_graph(MPI_Comm parent, const int64_t *args);

#endif
