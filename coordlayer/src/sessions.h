/* MPI-4 sessions (sessions.c): virtual session handles, groups from process
 * sets, recorded and made again on recovery. */
#ifndef AALC_CL_SESSIONS_H
#define AALC_CL_SESSIONS_H

#include <mpi.h>
#include <stdint.h>

/* The library's objects for the recipes MAKE_SESSION, MAKE_GROUP_FROM_PSET
 * and MAKE_COMM_FROM_GROUP (recipes.def), in this run. */
int cl_session_build(const int64_t *args);
int cl_session_build_group(const int64_t *args);
int cl_session_build_comm(const int64_t *args);

#endif
