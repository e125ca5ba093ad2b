/* Error handlers on communicators, called with the program's handles.
 *
 * MPI calls an error handler with the communicator the error happened on:
 * the library's handle, which the program never saw (errhan/commcall
 * compares it with its own). So every handler the program makes is, for
 * the library, the trampoline below, which finds the program's function
 * and communicator and calls the one with the other. Errors the layer
 * finds itself (a bad rank or count it must check before it counts a
 * message) go through the communicator's handler the same way. */
#include "errhandlers.h"

#include "handle_bits.h"
#include "objects.h"


#include <aalc/ckpt_layer_services.h>
#include <stdint.h>

/* The program's error handler of a library one, or -1 for a predefined
 * one. A handler the program freed still counts while a communicator holds
 * it; MPICH hands out a freed handle again, so a live handler goes first,
 * then the one made last. */
static int index_of(MPI_Errhandler real)
{
    int freed = -1;
    for (int i = cl_nobjects - 1; i > CL_SELF; i--) {
        const struct cl_object *o = &cl_objects[i];
        if (o->kind != CL_OBJ_ERRHANDLER || o->real != CL_BITS(real) || o->freed == CL_RECLAIMED)
            continue;
        if (!o->freed)
            return i;
        if (freed < 0)
            freed = i;
    }
    return freed;
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
    for (int i = CL_SELF + 1; i < cl_nobjects; i++) /* a freed one has no handle left */
        if (cl_objects[i].kind == CL_OBJ_COMM && cl_comm_at(i) == real &&
            (!cl_objects[i].freed || cl_objects[i].freed == CL_FREED_IN_USE))
            return CL_HANDLE(MPI_Comm, cl_handle_of(i));
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
    PMPI_Comm_call_errhandler(cl_comm_at(comm), code);
    return code;
}

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *function,
                               MPI_Errhandler *errhandler)
{
    MPI_Errhandler real;
    int rc = PMPI_Comm_create_errhandler(cl_errhandler_trampoline, &real);
    int64_t args[1] = {(int64_t)(uintptr_t)function};
    *errhandler = CL_HANDLE(MPI_Errhandler, cl_object_add(CL_OBJ_ERRHANDLER, CL_BITS(real),
                                                          CL_MAKE_ERRHANDLER, args, 1));
    cl_objects[cl_index_of(*errhandler)].slot = 1;
    return rc;
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    int index = cl_comm_index(comm);
    int rc = PMPI_Comm_set_errhandler(cl_comm_at(index), cl_real_errhandler(errhandler));
    int64_t args[2] = {CL_ARG(comm), CL_ARG(errhandler)};
    cl_recipe_add(CL_SET_ERRHANDLER, index, args, 2);
    return rc;
}

int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    MPI_Errhandler real;
    int rc = PMPI_Comm_get_errhandler(cl_real_comm(comm), &real);
    int index = index_of(real);
    if (index < 0) {
        *errhandler = real; /* predefined */
        return rc;
    }
    /* A new reference for the program, as in MPI: counted here, so that the
     * library holds one reference per handler whatever the program does
     * (and so does a rebuilt one). */
    PMPI_Errhandler_free(&real);
    cl_objects[index].slot++;
    *errhandler = CL_HANDLE(MPI_Errhandler, cl_handle_of(index));
    return rc;
}

void cl_errhandler_hold(MPI_Errhandler errhandler)
{
    if (cl_is_virtual(errhandler, CL_OBJ_ERRHANDLER))
        cl_objects[cl_index_of(errhandler)].slot++;
}

int cl_errhandler_release(MPI_Errhandler errhandler)
{
    if (!cl_is_virtual(errhandler, CL_OBJ_ERRHANDLER))
        return MPI_SUCCESS;
    int index = cl_index_of(errhandler);
    if (--cl_objects[index].slot > 0)
        return MPI_SUCCESS; /* held through another reference */
    MPI_Errhandler real = cl_real_errhandler(errhandler);
    int rc = PMPI_Errhandler_free(&real); /* a copy: the trampoline finds it by its handle */
    cl_object_free(index);
    return rc;
}

int MPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    if (!cl_is_virtual(*errhandler, CL_OBJ_ERRHANDLER))
        return PMPI_Errhandler_free(errhandler);
    MPI_Errhandler program = *errhandler;
    *errhandler = MPI_ERRHANDLER_NULL;
    return cl_errhandler_release(program);
}
