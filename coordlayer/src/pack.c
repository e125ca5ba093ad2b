/* Packing the program's buffers, MPI_BOTTOM included.
 *
 * A program may send from, or receive into, MPI_BOTTOM with a datatype of
 * absolute addresses (MPI_Get_address). MPICH's MPI_Pack and MPI_Unpack
 * refuse a null buffer, although MPI_Send and MPI_Recv take it; so for
 * MPI_BOTTOM the layer packs one element of a type that holds the count
 * elements shifted down by their lowest address, from that address. Same
 * bytes, same order. */
#include "pack.h"

#include <stdint.h>

/* The count elements of `real` as one element placed so that it starts at
 * its own lowest address: *at is that address. */
static int shifted(int count, MPI_Datatype real, MPI_Datatype *out, void **at)
{
    MPI_Datatype all;
    MPI_Aint lb, extent;
    int rc = PMPI_Type_contiguous(count, real, &all);
    if (rc != MPI_SUCCESS)
        return rc;
    PMPI_Type_get_true_extent(all, &lb, &extent);
    int one = 1;
    MPI_Aint down = -lb;
    rc = PMPI_Type_create_struct(1, &one, &down, &all, out);
    PMPI_Type_free(&all);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_commit(out);
    *at = (void *)(uintptr_t)lb;
    return rc;
}

/* For MPI_BOTTOM, *buf, *count and *type become the shifted form (*made is
 * the type to free after the call); anything else passes as it is. */
static int shift_bottom(void **buf, int *count, MPI_Datatype *type, MPI_Datatype *made)
{
    *made = MPI_DATATYPE_NULL;
    if (*buf != MPI_BOTTOM || *count == 0)
        return MPI_SUCCESS;
    int rc = shifted(*count, *type, made, buf);
    *count = 1;
    *type = *made;
    return rc;
}

int cl_pack(const void *buf, int count, MPI_Datatype real, void *out, int outsize, int *position)
{
    void *from = (void *)buf;
    MPI_Datatype made;
    int rc = shift_bottom(&from, &count, &real, &made);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Pack(from, count, real, out, outsize, position, MPI_COMM_WORLD);
    if (made != MPI_DATATYPE_NULL)
        PMPI_Type_free(&made);
    return rc;
}

/* Data shorter than count elements, written where a receive of it would
 * write it and nowhere else. MPICH's MPI_Unpack does so; Open MPI's refuses
 * a partial element (MPI_ERR_TRUNCATE). A receive of the packed bytes does
 * it in both: sent as MPI_PACKED to this process, on a duplicate of
 * MPI_COMM_SELF that no message of the program's can match. */
static int unpack_short(const void *in, int nbytes, void *buf, int count, MPI_Datatype real)
{
    static MPI_Comm self = MPI_COMM_NULL; /* the layer's: made again in every run */
    if (self == MPI_COMM_NULL)
        PMPI_Comm_dup(MPI_COMM_SELF, &self);
    return PMPI_Sendrecv(in, nbytes, MPI_PACKED, 0, 0, buf, count, real, 0, 0, self,
                         MPI_STATUS_IGNORE);
}

/* Fewer bytes than count elements may have arrived: what did is unpacked. */
int cl_unpack(const void *in, int insize, int *position, void *buf, int count, MPI_Datatype real)
{
    int size = 0;
    PMPI_Type_size(real, &size);
    int nbytes = insize - *position;
    if ((int64_t)count * size > nbytes) {
        int rc = unpack_short((const char *)in + *position, nbytes, buf, count, real);
        *position = insize;
        return rc;
    }
    MPI_Datatype made;
    int rc = shift_bottom(&buf, &count, &real, &made);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Unpack(in, insize, position, buf, count, real, MPI_COMM_WORLD);
    if (made != MPI_DATATYPE_NULL)
        PMPI_Type_free(&made);
    return rc;
}
