/* Error handlers on communicators, called with the program's handles.
 *
 * MPI calls an error handler with the communicator the error happened on:
 * the library's handle, which the program never saw (errhan/commcall
 * compares it with its own). So every handler the program makes is, for
 * the library, the trampoline below, which finds the program's function
 * and communicator and calls the one with the other. Errors the layer
 * finds itself (a bad rank or count it must check before it counts a
 * message) go through the communicator's handler the same way. */
#include "coord.h"

#include "objects.h"

#include "log.h"

#include <stdint.h>

/* The program's error handler of a library one (freed by the program or
 * not: a communicator may still hold it), or -1 for a predefined one. */
static int index_of(MPI_Errhandler real)
{
    for (int i = CL_SELF + 1; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_ERRHANDLER && cl_objects[i].freed != CL_RECLAIMED &&
            cl_objects[i].real == real)
            return i;
    return -1;
}

/* The program's error handler set on a library communicator, or -1. */
static int handler_on(MPI_Comm real)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    PMPI_Comm_get_errhandler(real, &eh);
    int found = index_of(eh);
    if (eh != MPI_ERRHANDLER_NULL)
        PMPI_Errhandler_free(&eh); /* get_errhandler took a reference */
    return found;
}

/* The program's handle of a library communicator. */
static MPI_Comm program_comm(MPI_Comm real)
{
    if (real == MPI_COMM_WORLD || real == MPI_COMM_SELF)
        return real;
    for (int i = CL_SELF + 1; i < cl_nobjects; i++)
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_objects[i].real == real &&
            cl_objects[i].freed != CL_RECLAIMED)
            return cl_handle_of(i);
    return real;
}

void cl_errhandler_trampoline(MPI_Comm *real, int *code, ...)
{
    int index = handler_on(*real);
    if (index < 0)
        ckpt_fatal("MPI error %d on a communicator whose error handler this layer does not "
                   "know", *code);
    MPI_Comm_errhandler_function *function =
        (MPI_Comm_errhandler_function *)(uintptr_t)cl_recipe_arg(index, CL_MAKE_ERRHANDLER, 0);
    MPI_Comm comm = program_comm(*real);
    function(&comm, code);
}

int cl_comm_error(int comm, int code)
{
    PMPI_Comm_call_errhandler(cl_objects[comm].real, code);
    return code;
}

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *function,
                               MPI_Errhandler *errhandler)
{
    MPI_Errhandler real;
    int rc = PMPI_Comm_create_errhandler(cl_errhandler_trampoline, &real);
    int64_t args[1] = {(int64_t)(uintptr_t)function};
    *errhandler = cl_object_add(CL_OBJ_ERRHANDLER, real, CL_MAKE_ERRHANDLER, args, 1);
    return rc;
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    int index = cl_comm_index(comm);
    int rc = PMPI_Comm_set_errhandler(cl_objects[index].real, cl_real_errhandler(errhandler));
    int64_t args[2] = {comm, errhandler};
    cl_recipe_add(CL_SET_ERRHANDLER, index, args, 2);
    return rc;
}

int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    MPI_Errhandler real;
    int rc = PMPI_Comm_get_errhandler(cl_real_comm(comm), &real);
    int index = index_of(real);
    *errhandler = index >= 0 ? cl_handle_of(index) : real; /* a new reference, as in MPI */
    return rc;
}

int MPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    if (!cl_is_virtual((unsigned)*errhandler, CL_OBJ_ERRHANDLER))
        return PMPI_Errhandler_free(errhandler);
    int index = *errhandler & CL_VIRTUAL_INDEX;
    int real = cl_real_errhandler(*errhandler);
    int rc = PMPI_Errhandler_free(&real);
    cl_object_free(index);
    *errhandler = MPI_ERRHANDLER_NULL;
    return rc;
}
