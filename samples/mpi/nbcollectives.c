/* nbcollectives: non-blocking collectives on MPI_COMM_WORLD, one of them in
 * flight across the potential checkpoint.
 *
 * Each rank keeps a running 64-bit hash. In every iteration it starts
 * MPI_Ibarrier, Ibcast, Ireduce, Iallreduce, Igather, Iallgather, Ialltoall,
 * Iscatter and Iscan, and completes each with MPI_Wait or MPI_Waitall after
 * some local computation or another collective: two at a time (waited in
 * either order), and one with a blocking MPI_Allreduce started and finished
 * while it is pending. The roots rotate with the iteration. Every other
 * iteration adds the v-forms and the rest: MPI_Igatherv with MPI_Iexscan, then
 * MPI_Ialltoallw (64-bit words to even ranks, 32-bit to odd ones) with
 * MPI_Ireduce_scatter_block.
 *
 * One more MPI_Iallreduce is started at the end of every iteration, after
 * everything else, and waited in the next one after the potential point and
 * after an Ibarrier has been started and completed. So a request is pending
 * at every potential checkpoint, and a later collective completes before it.
 * Every other one runs on a duplicate of MPI_COMM_WORLD, so that the request
 * a recovery restores may be on a communicator the program made. The last
 * one is waited after the loop.
 *
 * Contributions are derived from the hash and every result is folded into it
 * at once, so a collective that is lost, repeated or replayed with other data
 * changes every later hash. Arithmetic is on unsigned 64-bit integers (sums
 * wrap mod 2^64), so the results do not depend on the reduction order.
 * Buffers of pending operations are not touched until they complete.
 *
 * Nothing is printed until the end, when rank 0 gathers the hashes and prints
 * one line per rank and their sum.
 *
 *   mpiexec -n N nbcollectives [iterations]    default: 100 iterations
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t fold(uint64_t h, uint64_t v)
{
    return mix64(h ^ mix64(v));
}

static uint64_t fold_all(uint64_t h, const uint64_t *v, int n)
{
    for (int i = 0; i < n; i++)
        h = fold(h, v[i]);
    return h;
}

/* Local work done while collectives are in flight; the result is folded in. */
static uint64_t churn(uint64_t seed, int rounds)
{
    uint64_t a = seed, b = ~seed;
    for (int i = 0; i < rounds; i++) {
        a = mix64(a + b);
        b ^= a >> 7;
    }
    return a ^ b;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 100;
    if (iters < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N nbcollectives [iterations]\n");
        MPI_Finalize();
        return 1;
    }

    uint64_t *sbuf = malloc((size_t)size * 2 * sizeof(uint64_t));
    uint64_t *rbuf = malloc((size_t)size * 2 * sizeof(uint64_t));
    uint64_t *gbuf = malloc((size_t)size * 2 * sizeof(uint64_t));
    uint64_t h = mix64(0xb10c0000ULL + (uint64_t)rank);

    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);

    /* The request that spans the potential point, and its buffers. */
    uint64_t span_in[2], span_out[2];
    MPI_Request span_req;
    span_in[0] = mix64(h);
    span_in[1] = (uint64_t)rank + 1;
    MPI_Iallreduce(span_in, span_out, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &span_req);

    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        MPI_Request req[2];
        MPI_Status st[2]; /* MPI_STATUSES_IGNORE draws a -Wstringop-overflow warning */
        int root = it % size;
        uint64_t c;

        /* Ibarrier, with work while it completes. */
        MPI_Ibarrier(MPI_COMM_WORLD, &req[0]);
        c = churn(h + (uint64_t)it, 200);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        h = fold(h, c);

        /* The Iallreduce started in the previous iteration. */
        MPI_Wait(&span_req, MPI_STATUS_IGNORE);
        h = fold_all(h, span_out, 2);

        /* Ibcast and Ireduce in flight together. */
        uint64_t b[3], rin[2], rout[2] = {0, 0};
        for (int i = 0; i < 3; i++)
            b[i] = mix64(h + 10 + (uint64_t)i);
        rin[0] = mix64(h + 20);
        rin[1] = mix64(h + 21);
        int rroot = (it + 1) % size;
        MPI_Ibcast(b, 3, MPI_UINT64_T, root, MPI_COMM_WORLD, &req[0]);
        MPI_Ireduce(rin, rout, 2, MPI_UINT64_T, MPI_BXOR, rroot, MPI_COMM_WORLD, &req[1]);
        c = churn(h ^ 0x33, 150);
        MPI_Waitall(2, req, st);
        h = fold(h, c);
        h = fold_all(h, b, 3);
        if (rank == rroot)
            h = fold_all(h, rout, 2);

        /* Iallreduce and Igather, waited in the reverse order. */
        uint64_t ain[2], aout[2], gin[2];
        ain[0] = mix64(h + 30);
        ain[1] = h >> 20;
        gin[0] = mix64(h + 40);
        gin[1] = mix64(h + 41);
        int groot = (it + 2) % size;
        MPI_Iallreduce(ain, aout, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req[0]);
        MPI_Igather(gin, 2, MPI_UINT64_T, gbuf, 2, MPI_UINT64_T, groot, MPI_COMM_WORLD,
                    &req[1]);
        c = churn(h ^ 0x44, 150);
        MPI_Wait(&req[1], MPI_STATUS_IGNORE);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        h = fold(h, c);
        h = fold_all(h, aout, 2);
        if (rank == groot)
            h = fold_all(h, gbuf, 2 * size);

        /* Iallgather and Ialltoall in flight together. */
        uint64_t g1 = mix64(h + 50);
        for (int p = 0; p < size; p++)
            sbuf[p] = mix64(h + 60 + (uint64_t)p);
        MPI_Iallgather(&g1, 1, MPI_UINT64_T, gbuf, 1, MPI_UINT64_T, MPI_COMM_WORLD, &req[0]);
        MPI_Ialltoall(sbuf, 1, MPI_UINT64_T, rbuf, 1, MPI_UINT64_T, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, st);
        h = fold_all(h, gbuf, size);
        h = fold_all(h, rbuf, size);

        /* Iscatter, with a blocking Allreduce while it is pending. */
        int sroot = (it + 1) % size;
        uint64_t sc[2], m = h & 0xffffffffULL, mmax;
        for (int i = 0; i < 2 * size; i++)
            sbuf[i] = mix64(h + 70 + (uint64_t)i);
        MPI_Iscatter(sbuf, 2, MPI_UINT64_T, sc, 2, MPI_UINT64_T, sroot, MPI_COMM_WORLD, &req[0]);
        MPI_Allreduce(&m, &mmax, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        h = fold(h, mmax);
        h = fold_all(h, sc, 2);

        /* Iscan, with work while it completes. */
        uint64_t sin[2], sout[2];
        sin[0] = mix64(h + 80);
        sin[1] = h >> 32;
        MPI_Iscan(sin, sout, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req[0]);
        c = churn(h ^ 0x55, 150);
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        h = fold(h, c);
        h = fold_all(h, sout, 2);

        if (it % 2 == 1) {
            /* Igatherv (rank r sends r % 2 + 1 words) with Iexscan. */
            int *counts = malloc((size_t)size * sizeof(int));
            int *displs = malloc((size_t)size * sizeof(int));
            for (int r = 0, at = 0; r < size; r++) {
                counts[r] = r % 2 + 1;
                displs[r] = at;
                at += counts[r] + 1; /* a gap the gather must not touch */
            }
            uint64_t mine[2] = {mix64(h + 100), mix64(h + 101)}, ex = 0, exin = mix64(h + 102);
            uint64_t *gv = calloc((size_t)size * 3, sizeof(uint64_t));
            int root = it % size;
            MPI_Igatherv(mine, rank % 2 + 1, MPI_UINT64_T, gv, counts, displs, MPI_UINT64_T, root,
                         MPI_COMM_WORLD, &req[0]);
            MPI_Iexscan(&exin, &ex, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req[1]);
            MPI_Waitall(2, req, st);
            if (rank == root)
                h = fold_all(h, gv, size * 3);
            if (rank != 0)
                h = fold(h, ex);

            /* Ialltoallw: to even ranks one 64-bit word, to odd ones a 32-bit one. */
            uint64_t wout[64], win[64];
            int *scount = malloc((size_t)size * sizeof(int));
            int *sdispl = malloc((size_t)size * sizeof(int));
            MPI_Datatype *stype = malloc((size_t)size * sizeof(MPI_Datatype));
            for (int r = 0; r < size && r < 64; r++) {
                wout[r] = mix64(h + 110 + (uint64_t)r);
                win[r] = 0;
                scount[r] = 1;
                sdispl[r] = r * (int)sizeof(uint64_t);
                stype[r] = r % 2 == 0 ? MPI_UINT64_T : MPI_UINT32_T;
            }
            /* What rank r receives from each peer has r's own type. */
            MPI_Datatype *rtype = malloc((size_t)size * sizeof(MPI_Datatype));
            for (int r = 0; r < size; r++)
                rtype[r] = rank % 2 == 0 ? MPI_UINT64_T : MPI_UINT32_T;
            uint64_t rs_in[64], rs_out = 0;
            for (int r = 0; r < size && r < 64; r++)
                rs_in[r] = mix64(h + 120 + (uint64_t)r);
            MPI_Ialltoallw(wout, scount, sdispl, stype, win, scount, sdispl, rtype, MPI_COMM_WORLD,
                           &req[0]);
            MPI_Ireduce_scatter_block(rs_in, &rs_out, 1, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD,
                                      &req[1]);
            MPI_Waitall(2, req, st);
            h = fold_all(h, win, size < 64 ? size : 64);
            h = fold(h, rs_out);
            free(counts);
            free(displs);
            free(gv);
            free(scount);
            free(sdispl);
            free(stype);
            free(rtype);
        }

        /* Start the Iallreduce that the next iteration (or the end) waits for. */
        span_in[0] = mix64(h + 90);
        span_in[1] = h >> 48;
        MPI_Iallreduce(span_in, span_out, 2, MPI_UINT64_T, MPI_SUM,
                       it % 2 == 0 ? dup : MPI_COMM_WORLD, &span_req);
    }
    MPI_Wait(&span_req, MPI_STATUS_IGNORE);
    h = fold_all(h, span_out, 2);

    /* Results: every rank's hash to rank 0. */
    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t sum = 0;
        printf("nbcollectives: %d ranks, %d iterations\n", size, iters);
        for (int r = 0; r < size; r++) {
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
            sum += all[r];
        }
        printf("total: %016llx\n", (unsigned long long)sum);
    }
    free(all);
    free(sbuf);
    free(rbuf);
    free(gbuf);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
