/* Derived datatypes and user-defined reductions: created through the
 * library, recorded with their recipes (objects.h), handed to the program as
 * virtual handles. A reduction's function pointer stays valid on recovery:
 * ckptcc links position-dependent executables, and recovery checks it is the
 * same executable. The library calls the reduction through a trampoline
 * (user_ops.c). */
#include "datatypes.h"

#include "attributes.h"
#include "handle_bits.h"
#include "library_calls.h"
#include "objects.h"
#include "user_ops.h"

#include <aalc/ckpt_layer_services.h>

/* The recipe's arguments: counts and displacements as int64, handles as the
 * program's. */
struct args {
    int64_t *v;
    int n;
};

static struct args args_new(int capacity)
{
    struct args a = {ckpt_untracked_malloc(sizeof(int64_t) * (size_t)(capacity + 1)), 0};
    return a;
}

static void put(struct args *a, int64_t x)
{
    a->v[a->n++] = x;
}

static void put_ints(struct args *a, const int *x, int n)
{
    for (int i = 0; i < n; i++)
        put(a, x[i]);
}

static void put_types(struct args *a, const MPI_Datatype *types, int n)
{
    for (int i = 0; i < n; i++)
        put(a, CL_ARG(types[i]));
}

static void put_aints(struct args *a, const MPI_Aint *x, int n)
{
    for (int i = 0; i < n; i++)
        put(a, x[i]);
}

static int made(struct args *a, int rc, MPI_Datatype real, int call, MPI_Datatype *out)
{
    *out = rc == MPI_SUCCESS
               ? CL_HANDLE(MPI_Datatype, cl_object_add(CL_OBJ_TYPE, CL_BITS(real), call, a->v, a->n))
               : MPI_DATATYPE_NULL;
    ckpt_untracked_free(a->v);
    return rc;
}

int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_contiguous(count, cl_real_type(oldtype), &real);
    struct args a = args_new(2);
    put(&a, count);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_CONTIGUOUS, newtype);
}

int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                    MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_vector(count, blocklength, stride, cl_real_type(oldtype), &real);
    struct args a = args_new(4);
    put(&a, count);
    put(&a, blocklength);
    put(&a, stride);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_VECTOR, newtype);
}

int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_hvector(count, blocklength, stride, cl_real_type(oldtype), &real);
    struct args a = args_new(4);
    put(&a, count);
    put(&a, blocklength);
    put(&a, stride);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_HVECTOR, newtype);
}

int MPI_Type_indexed(int count, const int blocklengths[], const int displacements[],
                     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_indexed(count, blocklengths, displacements, cl_real_type(oldtype), &real);
    struct args a = args_new(2 + 2 * count);
    put(&a, count);
    put_ints(&a, blocklengths, count);
    put_ints(&a, displacements, count);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_INDEXED, newtype);
}

int MPI_Type_create_hindexed(int count, const int blocklengths[],
                             const MPI_Aint displacements[], MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_hindexed(count, blocklengths, displacements, cl_real_type(oldtype),
                                       &real);
    struct args a = args_new(2 + 2 * count);
    put(&a, count);
    put_ints(&a, blocklengths, count);
    put_aints(&a, displacements, count);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_HINDEXED, newtype);
}

int MPI_Type_create_indexed_block(int count, int blocklength, const int displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_indexed_block(count, blocklength, displacements,
                                            cl_real_type(oldtype), &real);
    struct args a = args_new(3 + count);
    put(&a, count);
    put(&a, blocklength);
    put_ints(&a, displacements, count);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_INDEXED_BLOCK, newtype);
}

int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_hindexed_block(count, blocklength, displacements,
                                             cl_real_type(oldtype), &real);
    struct args a = args_new(3 + count);
    put(&a, count);
    put(&a, blocklength);
    put_aints(&a, displacements, count);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_HINDEXED_BLOCK, newtype);
}

int MPI_Type_create_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                           const MPI_Datatype types[], MPI_Datatype *newtype)
{
    MPI_Datatype *real_types = cl_real_types(types, count);
    MPI_Datatype real;
    int rc = PMPI_Type_create_struct(count, blocklengths, displacements, real_types, &real);
    ckpt_untracked_free(real_types);
    struct args a = args_new(1 + 3 * count);
    put(&a, count);
    put_ints(&a, blocklengths, count);
    put_aints(&a, displacements, count);
    put_types(&a, types, count);
    return made(&a, rc, real, CL_MAKE_TYPE_STRUCT, newtype);
}

int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_subarray(ndims, sizes, subsizes, starts, order,
                                       cl_real_type(oldtype), &real);
    struct args a = args_new(3 + 3 * ndims);
    put(&a, ndims);
    put_ints(&a, sizes, ndims);
    put_ints(&a, subsizes, ndims);
    put_ints(&a, starts, ndims);
    put(&a, order);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_SUBARRAY, newtype);
}

int MPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[],
                           const int distribs[], const int dargs[], const int psizes[],
                           int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_create_darray(size, rank, ndims, gsizes, distribs, dargs, psizes, order,
                                     cl_real_type(oldtype), &real);
    struct args a = args_new(5 + 4 * ndims);
    put(&a, size);
    put(&a, rank);
    put(&a, ndims);
    put_ints(&a, gsizes, ndims);
    put_ints(&a, distribs, ndims);
    put_ints(&a, dargs, ndims);
    put_ints(&a, psizes, ndims);
    put(&a, order);
    put(&a, CL_ARG(oldtype));
    return made(&a, rc, real, CL_MAKE_TYPE_DARRAY, newtype);
}

int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                            MPI_Datatype *newtype)
{
    if (cl_called_by_library(__builtin_return_address(0))) /* ROMIO flattening a view */
        return PMPI_Type_create_resized(oldtype, lb, extent, newtype);
    MPI_Datatype real;
    int rc = PMPI_Type_create_resized(cl_real_type(oldtype), lb, extent, &real);
    struct args a = args_new(3);
    put(&a, CL_ARG(oldtype));
    put(&a, lb);
    put(&a, extent);
    return made(&a, rc, real, CL_MAKE_TYPE_RESIZED, newtype);
}

int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Datatype real;
    int rc = PMPI_Type_dup(cl_real_type(oldtype), &real);
    struct args a = args_new(1);
    put(&a, CL_ARG(oldtype));
    rc = made(&a, rc, real, CL_MAKE_TYPE_DUP, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    /* A copy function that fails fails the duplication: the new type goes
     * (deleting what was copied) and MPI_DATATYPE_NULL is returned
     * (attr/attrerrtype), as for communicators. */
    rc = cl_attributes_type_dup(oldtype, *newtype);
    if (rc != MPI_SUCCESS)
        MPI_Type_free(newtype);
    return rc;
}

/* A duplicate for the layer's own use (no attributes copied), rebuilt on
 * recovery like the program's: MPI-IO keeps a file's view types with it. */
MPI_Datatype cl_type_dup_private(MPI_Datatype type)
{
    MPI_Datatype real, out;
    int rc = PMPI_Type_dup(cl_real_type(type), &real);
    struct args a = args_new(1);
    put(&a, CL_ARG(type));
    made(&a, rc, real, CL_MAKE_TYPE_DUP, &out);
    return out;
}

/* MPI_Type_get_contents hands out a new reference to each derived type the
 * program must free: the program gets a handle of its own for it, made
 * again on recovery by asking the rebuilt type for its contents (the same
 * type, also when the program has freed the handle it built it with). */
int MPI_Type_get_contents(MPI_Datatype type, int max_integers, int max_addresses,
                          int max_datatypes, int array_of_integers[],
                          MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    MPI_Datatype real = cl_real_type(type);
    int rc = PMPI_Type_get_contents(real, max_integers, max_addresses, max_datatypes,
                                    array_of_integers, array_of_addresses, array_of_datatypes);
    int ni = 0, na = 0, nd = 0, combiner, named;
    if (rc == MPI_SUCCESS)
        PMPI_Type_get_envelope(real, &ni, &na, &nd, &combiner);
    for (int k = 0; k < nd && k < max_datatypes; k++) {
        PMPI_Type_get_envelope(array_of_datatypes[k], &ni, &na, &named, &combiner);
        if (combiner == MPI_COMBINER_NAMED)
            continue;
        struct args a = args_new(2);
        put(&a, CL_ARG(type));
        put(&a, k);
        made(&a, MPI_SUCCESS, array_of_datatypes[k], CL_TYPE_CONTENTS_OF,
             &array_of_datatypes[k]);
    }
    return rc;
}

int MPI_Type_commit(MPI_Datatype *type)
{
    if (!cl_is_virtual(*type, CL_OBJ_TYPE))
        return PMPI_Type_commit(type);
    MPI_Datatype real = cl_real_type(*type);
    int rc = PMPI_Type_commit(&real);
    int64_t arg = CL_ARG(*type);
    cl_recipe_add(CL_TYPE_COMMIT, cl_index_of(*type), &arg, 1);
    return rc;
}

int MPI_Type_free(MPI_Datatype *type)
{
    if (!cl_is_virtual(*type, CL_OBJ_TYPE))
        return PMPI_Type_free(type);
    cl_real_type(*type); /* stops the program on a handle it does not have */
    cl_attributes_type_freed(*type);
    int rc = cl_type_free(cl_index_of(*type));
    *type = MPI_DATATYPE_NULL;
    return rc;
}

int MPI_Op_create(MPI_User_function *function, int commute, MPI_Op *op)
{
    MPI_Op real;
    int slot = cl_user_op_slot();
    int rc = PMPI_Op_create(cl_user_op_bind(slot, function), commute, &real);
    if (rc != MPI_SUCCESS) {
        cl_user_op_release(slot);
        *op = MPI_OP_NULL;
        return rc;
    }
    int64_t args[3] = {(int64_t)(uintptr_t)function, commute, slot};
    *op = CL_HANDLE(MPI_Op, cl_object_add(CL_OBJ_OP, CL_BITS(real), CL_MAKE_OP, args, 3));
    cl_objects[cl_index_of(*op)].slot = slot;
    return rc;
}

int MPI_Op_free(MPI_Op *op)
{
    if (!cl_is_virtual(*op, CL_OBJ_OP))
        return PMPI_Op_free(op);
    int index = cl_index_of(*op);
    MPI_Op real = cl_real_op(*op);
    int rc = PMPI_Op_free(&real);
    cl_user_op_release(cl_objects[index].slot);
    cl_object_free(index);
    *op = MPI_OP_NULL;
    return rc;
}
