/* Where the first bytes of data of a datatype lie in memory
 * (typemap_prefix.c). */
#ifndef AALC_CL_TYPEMAP_PREFIX_H
#define AALC_CL_TYPEMAP_PREFIX_H

#include "coord.h"

#include <mpi.h>

/* The first bytes of data of a datatype, as blocks at offsets from the
 * buffer, in the order MPI packs them. */
struct cl_prefix {
    int n;
    MPI_Aint off[CL_WIRE_LIMIT];
    int len[CL_WIRE_LIMIT];
};
/* The first `limit` (at most CL_WIRE_LIMIT) bytes of data of as many
 * elements of the library's type `real` as hold them; -1 for a constructor
 * the walk does not know (subarray, darray). */
int cl_type_prefix(MPI_Datatype real, int limit, struct cl_prefix *p);
/* The prefix's bytes out of buf, and bytes [from, to) of it (in[0] is byte
 * `from`) into buf. */
void cl_prefix_gather(const struct cl_prefix *p, const void *buf, unsigned char *out);
/* The same, and cl_copy_mapped for n bytes from buf, for bytes a program
 * need not own: its buffer may hold only what it knows will arrive, less
 * than its datatype describes (MPI writes only the message's locations).
 * -1, with nothing read, when some of them are not mapped. The bytes on
 * the page of buf's first byte, the common case, cost no system call. */
int cl_prefix_gather_mapped(const struct cl_prefix *p, const void *buf, unsigned char *out);
int cl_copy_mapped(const void *buf, int n, unsigned char *out);
void cl_prefix_scatter(const struct cl_prefix *p, void *buf, const unsigned char *in, int from,
                       int to);

#endif
