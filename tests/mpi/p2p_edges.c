/* Edge cases of the layer's blocking point-to-point calls, one per mode
 * (tests/mpi/p2p_edges.py runs them and checks how each ends):
 *
 *   deadlock   rank 0 posts a large MPI_Irecv, then a small MPI_Ssend;
 *              rank 1 first sends the large message, then receives the small
 *              one. Legal MPI: it must finish (the layer's blocking send must
 *              keep rank 0's split receive moving while it waits, when the
 *              message is split: p2p_edges.py runs it both ways).
 *   trunc-small, trunc-large, trunc-tiny
 *              a message larger than the receive buffer (combined, data alone
 *              or split, into a buffer smaller than the header): it stops
 *              with "message truncated", in the program's terms from the layer;
 *              data alone lands straight in the program's buffer, so MPI
 *              itself reports it, as it would without the layer.
 *   huge       a 4 GiB message (count * size past INT_MAX): refused with a
 *              message, never sent truncated.
 *   status     MPI_SOURCE, MPI_TAG and MPI_Get_count after receives of a
 *              combined, an empty and a large message, and after a probe and
 *              a receive of a 10-byte one (12 bytes on the wire with its
 *              header, the size of a split header): printed by rank 1.
 *   mixed-types  receives whose basic elements do not tile a header: a
 *              struct {double; int} (12 bytes of data per element), the pair
 *              type MPI_SHORT_INT (a hole inside) and a strided vector of
 *              complex numbers, with combined, always-split (65 or 66 bytes) and
 *              long messages. Rank 1 prints the values, MPI_Get_count and
 *              whether any padding byte changed (MPI refuses a header in such
 *              a buffer as truncated unless the layer receives it as bytes).
 *
 *   mpiexec -n 2 p2p_edges MODE
 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct particle {
    double x;
    int id; /* then 4 bytes of padding */
};
struct short_int {
    short s; /* then 2 bytes of padding */
    int i;
};

/* Bytes of p[0..n) that no datatype covers and must keep their mark. */
static int padding_changed(const unsigned char *p, int n, int elem, int from, int to)
{
    int changed = 0;
    for (int k = 0; k < n; k++)
        for (int b = from; b < to; b++)
            changed += p[k * elem + b] != 0x5a;
    return changed;
}

static void mixed_types(int rank)
{
    MPI_Datatype particle, pstruct, cvec;
    int lengths[2] = {1, 1};
    MPI_Aint disps[2] = {offsetof(struct particle, x), offsetof(struct particle, id)};
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Type_create_struct(2, lengths, disps, types, &pstruct);
    MPI_Type_create_resized(pstruct, 0, sizeof(struct particle), &particle);
    MPI_Type_commit(&particle);
    MPI_Type_vector(8, 1, 2, MPI_C_DOUBLE_COMPLEX, &cvec);
    MPI_Type_commit(&cvec);
    static struct particle parts[100];
    static struct short_int pairs[16];
    static double cplx[32][2];
    const int part_counts[] = {3, 5, 6, 100}; /* 36, 60, 72 and 1200 bytes */
    const int pair_counts[] = {10, 11, 12};   /* 60, 66 and 72 bytes */
    const int cplx_counts[] = {3, 4, 5};      /* 48, 64 and 80 bytes */
    if (rank == 0) {
        for (int k = 0; k < 100; k++)
            parts[k] = (struct particle){k + 0.5, 1000 + k};
        for (int k = 0; k < 16; k++)
            pairs[k] = (struct short_int){(short)(100 + k), 100000 + k};
        for (int k = 0; k < 32; k++)
            cplx[k][0] = k + 0.25, cplx[k][1] = -k - 0.75;
        for (int t = 0; t < 4; t++)
            MPI_Send(parts, part_counts[t], particle, 1, 20 + t, MPI_COMM_WORLD);
        for (int t = 0; t < 3; t++)
            MPI_Send(pairs, pair_counts[t], MPI_SHORT_INT, 1, 30 + t, MPI_COMM_WORLD);
        for (int t = 0; t < 3; t++)
            MPI_Send(cplx, 2 * cplx_counts[t], MPI_DOUBLE, 1, 40 + t, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Status st;
        int count;
        for (int t = 0; t < 4; t++) {
            memset(parts, 0x5a, sizeof parts);
            MPI_Recv(parts, 100, particle, 0, 20 + t, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, particle, &count);
            int last = part_counts[t] - 1;
            printf("particles: count %d, first (%g, %d), last (%g, %d), next id %#x, "
                   "padding changed %d\n", count, parts[0].x, parts[0].id, parts[last].x,
                   parts[last].id, (unsigned)parts[last + (last < 99)].id,
                   padding_changed((unsigned char *)parts, 100, sizeof *parts, 12, 16));
        }
        for (int t = 0; t < 3; t++) {
            memset(pairs, 0x5a, sizeof pairs);
            MPI_Recv(pairs, 16, MPI_SHORT_INT, 0, 30 + t, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_SHORT_INT, &count);
            int last = pair_counts[t] - 1;
            printf("short_int: count %d, first (%d, %d), last (%d, %d), next %#x, "
                   "padding changed %d\n", count, pairs[0].s, pairs[0].i, pairs[last].s,
                   pairs[last].i, (unsigned)pairs[last + 1].i,
                   padding_changed((unsigned char *)pairs, 16, sizeof *pairs, 2, 4));
        }
        for (int t = 0; t < 3; t++) {
            memset(cplx, 0x5a, sizeof cplx);
            MPI_Recv(cplx, 1, cvec, 0, 40 + t, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_C_DOUBLE_COMPLEX, &count);
            int gaps = 0; /* the odd elements the vector skips */
            for (int k = 1; k < 32; k += 2)
                gaps += padding_changed((unsigned char *)cplx[k], 1, 16, 0, 16);
            printf("complex vector: count %d, [0] %g%+gi, [2] %g%+gi, [%d] %g%+gi, gaps "
                   "changed %d\n", count, cplx[0][0], cplx[0][1], cplx[2][0], cplx[2][1],
                   2 * (cplx_counts[t] - 1), cplx[2 * (cplx_counts[t] - 1)][0],
                   cplx[2 * (cplx_counts[t] - 1)][1], gaps);
        }
    }
    MPI_Type_free(&particle);
    MPI_Type_free(&pstruct);
    MPI_Type_free(&cvec);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const char *mode = argc > 1 ? argv[1] : "";
    int n = 1 << 17; /* 1 MiB of doubles: data alone, or split */
    double *big = calloc((size_t)n, sizeof *big), d[5] = {1, 2, 3, 4, 5};
    MPI_Status st;
    if (!strcmp(mode, "deadlock")) {
        if (rank == 0) {
            MPI_Request r;
            MPI_Irecv(big, n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, &r);
            MPI_Ssend(d, 1, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            sleep(1); /* rank 0 is in its MPI_Ssend by now */
            MPI_Send(big, n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
            MPI_Recv(d, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        printf("rank %d done\n", rank);
    } else if (!strcmp(mode, "trunc-small") || !strcmp(mode, "trunc-large") ||
               !strcmp(mode, "trunc-tiny")) {
        int large = !strcmp(mode, "trunc-large"), tiny = !strcmp(mode, "trunc-tiny");
        if (rank == 0)
            MPI_Send(large ? big : d, large ? 4000 : tiny ? 1 : 5, MPI_DOUBLE, 1, 1,
                     MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(large ? (void *)big : (void *)d, large ? 3000 : tiny ? 1 : 3,
                     tiny ? MPI_INT : MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
        printf("rank %d: no error\n", rank);
    } else if (!strcmp(mode, "huge")) {
        int count = 536870913; /* 8 * count = 2^32 + 8 bytes */
        if (rank == 0) {
            MPI_Send(d, 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD); /* the layer remembers MPI_DOUBLE */
            MPI_Send(d, count, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(d, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
            MPI_Recv(d, count, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &st);
        }
        printf("rank %d: no error\n", rank);
    } else if (!strcmp(mode, "status")) {
        int count;
        if (rank == 0) {
            MPI_Send(d, 3, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
            MPI_Send(d, 0, MPI_DOUBLE, 1, 8, MPI_COMM_WORLD);
            MPI_Send(big, 2000, MPI_DOUBLE, 1, 9, MPI_COMM_WORLD);
            short five[5] = {11, 12, 13, 14, 15}; /* 12 bytes on the wire, as a split header */
            MPI_Send(five, 5, MPI_SHORT, 1, 10, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Recv(d, 5, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            MPI_Recv(d, 5, MPI_DOUBLE, 0, 8, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            MPI_Recv(big, n, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            short got[8] = {0};
            MPI_Probe(0, 10, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_SHORT, &count);
            printf("probed: source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
            MPI_Recv(got, 8, MPI_SHORT, 0, 10, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_SHORT, &count);
            printf("source %d tag %d count %d: %d %d %d %d %d %d\n", st.MPI_SOURCE, st.MPI_TAG,
                   count, got[0], got[1], got[2], got[3], got[4], got[5]);
        }
    } else if (!strcmp(mode, "mixed-types")) {
        mixed_types(rank);
    } else {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 p2p_edges deadlock|trunc-small|trunc-large|"
                            "trunc-tiny|huge|status|mixed-types\n");
        MPI_Finalize();
        return 2;
    }
    free(big);
    MPI_Finalize();
    return 0;
}
