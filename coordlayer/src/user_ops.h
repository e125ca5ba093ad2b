/* User reductions that see the program's datatype handles (user_ops.c). */
#ifndef AALC_CL_USER_OPS_H
#define AALC_CL_USER_OPS_H

#include <mpi.h>

/* The library calls a trampoline, which calls the program's reduction
 * with the program's datatype handle. */
int cl_user_op_slot(void);
MPI_User_function *cl_user_op_bind(int slot, MPI_User_function *function);
void cl_user_op_release(int slot);

#endif
