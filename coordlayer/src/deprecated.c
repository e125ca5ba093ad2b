/* Calls MPI-3 deprecated (and MPI-4 removed) that MPICH still provides and
 * older codes still call: each is the same as its successor, which the
 * layer records. (MPI_Type_extent, _lb and _ub are passed on by forward.c.)
 * Open MPI's header removes them (a program cannot call them), unless it is
 * built with its MPI-1 compatibility. */
#include <mpi.h>

#ifndef OMPI_OMIT_MPI1_COMPAT_DECLS

int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    return MPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype);
}

int MPI_Type_hindexed(int count, int array_of_blocklengths[],
                      MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    return MPI_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements,
                                    oldtype, newtype);
}

int MPI_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                    MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    return MPI_Type_create_struct(count, array_of_blocklengths, array_of_displacements,
                                  array_of_types, newtype);
}

int MPI_Errhandler_create(MPI_Comm_errhandler_function *comm_errhandler_fn,
                          MPI_Errhandler *errhandler)
{
    return MPI_Comm_create_errhandler(comm_errhandler_fn, errhandler);
}

int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return MPI_Comm_get_errhandler(comm, errhandler);
}

int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return MPI_Comm_set_errhandler(comm, errhandler);
}

#endif

/* Not deprecated, but of the same kind: it returns a predefined type. */
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    return PMPI_Type_match_size(typeclass, size, datatype);
}
