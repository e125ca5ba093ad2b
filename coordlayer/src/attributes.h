/* Attributes on communicators and datatypes (attributes.c), kept by the
 * layer so that they survive recovery. */
#ifndef AALC_CL_ATTRIBUTES_H
#define AALC_CL_ATTRIBUTES_H

#include <mpi.h>
#include <stddef.h>

/* Attributes on communicators and datatypes (the program's
 * handles), their copy and delete functions run where MPI runs them. */
int cl_attributes_comm_dup(MPI_Comm from, MPI_Comm to);
int cl_attributes_type_dup(MPI_Datatype from, MPI_Datatype to);
void cl_attributes_comm_freed(MPI_Comm comm);
void cl_attributes_type_freed(MPI_Datatype type);
void cl_attributes_finalize(void);
void cl_attributes_save(void **bytes, size_t *n);
int cl_attributes_load(const void *bytes, size_t n);

#endif
