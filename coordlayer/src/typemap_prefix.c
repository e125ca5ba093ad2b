/* Where the first bytes of data of a datatype lie in memory.
 *
 * A direct receive (piggyback.c) saves the first CL_WIRE_LIMIT bytes of data
 * its buffer takes, and rebuilds them when a message with a header lands
 * there. For a derived datatype those bytes lie where its type map says.
 * MPI packs only whole elements, which for a large element (a matrix
 * column, say) would copy the whole message; so the type map is walked
 * instead (MPI_Type_get_envelope and _contents), in the order MPI packs it,
 * until that many bytes are found. The walk knows the constructors programs
 * use for halos and records; for the others (subarray, darray) it gives up
 * and the caller packs whole elements. */
#define _GNU_SOURCE /* process_vm_readv */
#include "typemap_prefix.h"

#include "coord.h"
#include "type_contents.h"


#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

/* A pathological type (a huge count of empty blocks) is given up on. */
#define MAX_VISITS 65536

struct walk {
    struct cl_prefix *p;
    int need; /* bytes still to find */
    int visits, failed;
};

static void add(struct walk *w, MPI_Aint off, MPI_Aint len)
{
    if (len > w->need)
        len = w->need;
    if (len <= 0)
        return;
    struct cl_prefix *p = w->p;
    if (p->n > 0 && p->off[p->n - 1] + p->len[p->n - 1] == off)
        p->len[p->n - 1] += (int)len; /* continues the last block */
    else {
        p->off[p->n] = off;
        p->len[p->n] = (int)len;
        p->n++;
    }
    w->need -= (int)len;
}

static MPI_Aint extent_of(MPI_Datatype t)
{
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(t, &lb, &extent);
    return extent;
}

static void walk_type(struct walk *w, MPI_Datatype t, MPI_Aint base);

/* count runs of blocklength elements of t, the i-th starting at at(i). */
static void walk_blocks(struct walk *w, MPI_Datatype t, int count, const int *blocklengths,
                        int blocklength, MPI_Aint base, const int *int_disps,
                        const MPI_Aint *byte_disps, MPI_Aint stride, int stride_in_bytes)
{
    MPI_Aint extent = extent_of(t);
    for (int i = 0; i < count && w->need > 0 && !w->failed; i++) {
        MPI_Aint start = int_disps    ? (MPI_Aint)int_disps[i] * extent
                         : byte_disps ? byte_disps[i]
                         : stride_in_bytes ? (MPI_Aint)i * stride
                                           : (MPI_Aint)i * stride * extent;
        int n = blocklengths ? blocklengths[i] : blocklength;
        for (int j = 0; j < n && w->need > 0 && !w->failed; j++)
            walk_type(w, t, base + start + (MPI_Aint)j * extent);
    }
}

static void walk_type(struct walk *w, MPI_Datatype t, MPI_Aint base)
{
    if (w->need <= 0 || w->failed)
        return;
    if (++w->visits > MAX_VISITS) {
        w->failed = 1;
        return;
    }
    struct cl_type_contents c;
    if (!cl_type_contents_get(t, &c)) {
        int size;
        MPI_Aint tlb, textent;
        PMPI_Type_size(t, &size);
        PMPI_Type_get_true_extent(t, &tlb, &textent);
        if (tlb != 0 || textent != size) {
            w->failed = 1; /* a pair type with a hole (MPI_SHORT_INT) */
            return;
        }
        add(w, base, size);
        return;
    }
    const int *ints = c.ints;
    const MPI_Aint *aints = c.aints;
    MPI_Datatype *types = c.types;
    switch (c.combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED: /* same type map, other bounds */
        walk_type(w, types[0], base);
        break;
    case MPI_COMBINER_CONTIGUOUS:
        walk_blocks(w, types[0], ints[0], NULL, 1, base, NULL, NULL, 1, 0);
        break;
    case MPI_COMBINER_VECTOR:
        walk_blocks(w, types[0], ints[0], NULL, ints[1], base, NULL, NULL, ints[2], 0);
        break;
    case MPI_COMBINER_HVECTOR:
        walk_blocks(w, types[0], ints[0], NULL, ints[1], base, NULL, NULL, aints[0], 1);
        break;
    case MPI_COMBINER_INDEXED:
        walk_blocks(w, types[0], ints[0], ints + 1, 0, base, ints + 1 + ints[0], NULL, 0, 0);
        break;
    case MPI_COMBINER_HINDEXED:
        walk_blocks(w, types[0], ints[0], ints + 1, 0, base, NULL, aints, 0, 0);
        break;
    case MPI_COMBINER_INDEXED_BLOCK:
        walk_blocks(w, types[0], ints[0], NULL, ints[1], base, ints + 2, NULL, 0, 0);
        break;
    case MPI_COMBINER_HINDEXED_BLOCK:
        walk_blocks(w, types[0], ints[0], NULL, ints[1], base, NULL, aints, 0, 0);
        break;
    case MPI_COMBINER_STRUCT:
        for (int i = 0; i < ints[0] && w->need > 0 && !w->failed; i++)
            walk_blocks(w, types[i], 1, ints + 1 + i, 0, base, NULL, aints + i, 0, 0);
        break;
    default: /* subarray, darray, Fortran types */
        w->failed = 1;
    }
    cl_type_contents_free(&c);
}

int cl_type_prefix(MPI_Datatype real, int limit, struct cl_prefix *p)
{
    struct walk w = {p, limit, 0, 0};
    p->n = 0;
    MPI_Aint extent = extent_of(real);
    /* Elements follow each other at the type's extent. */
    for (MPI_Aint i = 0; w.need > 0 && !w.failed; i++)
        walk_type(&w, real, i * extent);
    return w.failed ? -1 : 0;
}

void cl_prefix_gather(const struct cl_prefix *p, const void *buf, unsigned char *out)
{
    for (int i = 0; i < p->n; i++) {
        memcpy(out, (const char *)buf + p->off[i], (size_t)p->len[i]);
        out += p->len[i];
    }
}

#define PAGE_OF(a) ((a) & ~(uintptr_t)4095)

/* Through the kernel, which answers EFAULT where a plain read would fault. */
static int copy_if_mapped(struct iovec *from, int n, void *out, size_t bytes)
{
    struct iovec to = {out, bytes};
    return process_vm_readv(getpid(), &to, 1, from, (unsigned long)n, 0) == (ssize_t)bytes ? 0
                                                                                           : -1;
}

int cl_prefix_gather_mapped(const struct cl_prefix *p, const void *buf, unsigned char *out)
{
    uintptr_t first = PAGE_OF((uintptr_t)buf);
    struct iovec from[CL_WIRE_LIMIT];
    int on_first_page = 1, bytes = 0;
    for (int i = 0; i < p->n; i++) {
        uintptr_t lo = (uintptr_t)buf + (uintptr_t)p->off[i];
        on_first_page &= PAGE_OF(lo) == first && PAGE_OF(lo + (uintptr_t)p->len[i] - 1) == first;
        from[i] = (struct iovec){(void *)lo, (size_t)p->len[i]};
        bytes += p->len[i];
    }
    if (on_first_page) {
        cl_prefix_gather(p, buf, out);
        return 0;
    }
    return copy_if_mapped(from, p->n, out, (size_t)bytes);
}

int cl_copy_mapped(const void *buf, int n, unsigned char *out)
{
    uintptr_t lo = (uintptr_t)buf;
    if (PAGE_OF(lo) == PAGE_OF(lo + (uintptr_t)n - 1)) {
        memcpy(out, buf, (size_t)n);
        return 0;
    }
    struct iovec from = {(void *)buf, (size_t)n};
    return copy_if_mapped(&from, 1, out, (size_t)n);
}

void cl_prefix_scatter(const struct cl_prefix *p, void *buf, const unsigned char *in, int from,
                       int to)
{
    int at = 0; /* the prefix's byte where block i starts */
    for (int i = 0; i < p->n && at < to; at += p->len[i], i++) {
        int lo = from > at ? from : at, hi = to < at + p->len[i] ? to : at + p->len[i];
        if (lo < hi)
            memcpy((char *)buf + p->off[i] + (lo - at), in + (lo - from), (size_t)(hi - lo));
    }
}
