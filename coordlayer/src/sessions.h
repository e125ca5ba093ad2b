/* MPI-4 sessions (sessions.c): virtual session handles, groups from process
 * sets, recorded and made again on recovery. */
#ifndef AALC_CL_SESSIONS_H
#define AALC_CL_SESSIONS_H

#include <mpi.h>
#include <stdint.h>

#include "handle_bits.h"

/* The recipes MAKE_SESSION, MAKE_GROUP_FROM_PSET, SESSION_SET_ERRHANDLER
 * and MAKE_COMM_FROM_GROUP (recipes.def) made again in this run: the
 * library's object, or 0 for a recipe that makes none. An MPI before MPI-4
 * has no sessions: there, no image can hold such a recipe. */
cl_bits cl_session_recipe_build(int call, const int64_t *args);
MPI_Comm cl_session_build_comm(const int64_t *args);
MPI_Comm cl_session_build_comm_from_pset(const int64_t *args); /* MAKE_COMM_FROM_PSET */
/* The library's session goes (the program's handle was freed). */
void cl_session_free_real(cl_bits real);

#endif
