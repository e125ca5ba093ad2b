/* mpi_calls: calls real programs use beyond plain send and receive, kept
 * across the potential checkpoint (issue 18).
 *
 * Each rank owns a state array that MPI_Alloc_mem gave it. Every
 * iteration, around a ring:
 *   - buffered sends (MPI_Buffer_attach before the loop): a large message
 *     (128 KiB, above MPICH's eager limit, so that without its buffer the
 *     ring of MPI_Bsend-then-MPI_Recv would deadlock) and a small one, the
 *     second as MPI_Ibsend;
 *   - a struct sent from and received into MPI_BOTTOM with a datatype of
 *     absolute addresses;
 *   - a receive polled with MPI_Request_get_status before its MPI_Wait;
 *   - generalized requests (MPI_Grequest_start) pending at every potential
 *     checkpoint: one started before the loop, completed after the
 *     checkpoint and started again at once; on odd iterations another
 *     one, completed before the checkpoint and waited for after it. Their
 *     free function counts them;
 *   - every 16 iterations, a duplicate of MPI_COMM_WORLD with a receive
 *     posted on it, freed before the message is sent (MPI lets the
 *     receive complete);
 *   - at the end of each iteration a matched probe (MPI_Mprobe, or
 *     MPI_Improbe until found, alternately) of a message from the left,
 *     small or above the combine limit, received with MPI_Mrecv (or
 *     MPI_Imrecv) only after the next potential checkpoint.
 * Everything received is folded into the state; rank 0 prints every
 * rank's hash at the end, and what MPI_Query_thread says then (MPI was
 * started with MPI_Init_thread, and again by a recovery).
 *
 *   mpiexec -n N mpi_calls [iterations]     default: 150
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG (128 * 1024 / 8) /* uint64 values in the large message */
#define STATE 4096

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static struct {
    int32_t it;
    uint64_t key[3];
} record; /* sent from MPI_BOTTOM */

static int grequest_done;
static int query(void *extra, MPI_Status *st)
{
    (void)extra;
    MPI_Status_set_elements(st, MPI_BYTE, 0);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int free_fn(void *extra)
{
    (*(int *)extra)++;
    return MPI_SUCCESS;
}
static int cancel_fn(void *extra, int complete)
{
    (void)extra, (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 150;
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    uint64_t *state;
    MPI_Alloc_mem(STATE * sizeof(uint64_t), MPI_INFO_NULL, &state);
    for (int i = 0; i < STATE; i++)
        state[i] = mix64((uint64_t)rank * STATE + (uint64_t)i);
    int bsize = 2 * (BIG * (int)sizeof(uint64_t) + 64 + MPI_BSEND_OVERHEAD);
    void *bbuf = malloc((size_t)bsize);
    MPI_Buffer_attach(bbuf, bsize);
    uint64_t *big_out = malloc(BIG * sizeof(uint64_t)), *big_in = malloc(BIG * sizeof(uint64_t));

    MPI_Aint at[2];
    int lengths[2] = {1, 3};
    MPI_Datatype types[2] = {MPI_INT32_T, MPI_UINT64_T}, absolute;
    MPI_Get_address(&record.it, &at[0]);
    MPI_Get_address(record.key, &at[1]);
    MPI_Type_create_struct(2, lengths, at, types, &absolute);
    MPI_Type_commit(&absolute);

    MPI_Request grequest, completed_grequest = MPI_REQUEST_NULL;
    MPI_Grequest_start(query, free_fn, cancel_fn, &grequest_done, &grequest);
    MPI_Message probed = MPI_MESSAGE_NULL;
    uint64_t matched[20];
    for (int it = 0; it < iters; it++) {
        if (it % 2 == 1) {
            MPI_Grequest_start(query, free_fn, cancel_fn, &grequest_done, &completed_grequest);
            MPI_Grequest_complete(completed_grequest);
        }
#pragma ckpt potential
        uint64_t h = state[it % STATE];
        if (probed != MPI_MESSAGE_NULL) {
            MPI_Status st;
            int n = -1;
            if (it % 2) {
                MPI_Mrecv(matched, 20, MPI_UINT64_T, &probed, &st);
            } else {
                MPI_Request req;
                MPI_Imrecv(matched, 20, MPI_UINT64_T, &probed, &req);
                MPI_Wait(&req, &st);
            }
            MPI_Get_count(&st, MPI_UINT64_T, &n);
            h = mix64(h ^ matched[0] ^ matched[n - 1] ^ (uint64_t)n);
        }
        MPI_Grequest_complete(grequest);
        MPI_Wait(&grequest, MPI_STATUS_IGNORE);
        MPI_Grequest_start(query, free_fn, cancel_fn, &grequest_done, &grequest);
        if (completed_grequest != MPI_REQUEST_NULL)
            MPI_Wait(&completed_grequest, MPI_STATUS_IGNORE);

        /* Buffered sends around the ring, then the receives. */
        for (int i = 0; i < BIG; i++)
            big_out[i] = mix64(h + (uint64_t)i);
        uint64_t small_out[2] = {mix64(h + 1), (uint64_t)it}, small_in[2];
        MPI_Request small_req;
        MPI_Bsend(big_out, BIG, MPI_UINT64_T, right, 1, MPI_COMM_WORLD);
        MPI_Ibsend(small_out, 2, MPI_UINT64_T, right, 2, MPI_COMM_WORLD, &small_req);
        MPI_Recv(big_in, BIG, MPI_UINT64_T, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(small_in, 2, MPI_UINT64_T, left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&small_req, MPI_STATUS_IGNORE);
        h = mix64(h ^ big_in[it % BIG] ^ big_in[BIG - 1] ^ small_in[0] ^ small_in[1]);

        /* MPI_BOTTOM both ways. */
        record.it = it;
        for (int k = 0; k < 3; k++)
            record.key[k] = mix64(h + 10 + (uint64_t)k);
        MPI_Sendrecv_replace(MPI_BOTTOM, 1, absolute, right, 3, left, 3, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        h = mix64(h ^ record.key[0] ^ record.key[2] ^ (uint64_t)record.it);

        /* A receive polled with MPI_Request_get_status. */
        uint64_t polled = 0, sent = mix64(h + 20);
        MPI_Request req;
        MPI_Status st;
        int flag = 0;
        MPI_Irecv(&polled, 1, MPI_UINT64_T, left, 4, MPI_COMM_WORLD, &req);
        MPI_Send(&sent, 1, MPI_UINT64_T, right, 4, MPI_COMM_WORLD);
        while (!flag)
            MPI_Request_get_status(req, &flag, &st);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        h = mix64(h ^ polled ^ (uint64_t)st.MPI_SOURCE);

        /* A communicator freed while a receive on it is pending. */
        if (it % 16 == 0) {
            MPI_Comm dup;
            uint64_t got = 0, give = mix64(h + 30);
            MPI_Comm_dup(MPI_COMM_WORLD, &dup);
            MPI_Irecv(&got, 1, MPI_UINT64_T, left, 5, dup, &req);
            MPI_Send(&give, 1, MPI_UINT64_T, right, 5, dup);
            MPI_Comm_free(&dup);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            h = mix64(h ^ got);
        }
        state[(it * 7 + 1) % STATE] ^= h;

        /* Matched: probed now, received after the next potential checkpoint. */
        int n = it % 3 ? 2 : 20;
        for (int i = 0; i < n; i++)
            matched[i] = mix64(h + 40 + (uint64_t)i);
        MPI_Send(matched, n, MPI_UINT64_T, right, 6, MPI_COMM_WORLD);
        if (it % 2) {
            MPI_Mprobe(MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &probed, MPI_STATUS_IGNORE);
        } else {
            int found = 0;
            while (!found)
                MPI_Improbe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &found, &probed,
                            MPI_STATUS_IGNORE);
        }
    }
    if (probed != MPI_MESSAGE_NULL)
        MPI_Mrecv(matched, 20, MPI_UINT64_T, &probed, MPI_STATUS_IGNORE);
    MPI_Grequest_complete(grequest);
    MPI_Wait(&grequest, MPI_STATUS_IGNORE);

    void *detached;
    int detached_size;
    MPI_Buffer_detach(&detached, &detached_size);
    uint64_t total = 0;
    for (int i = 0; i < STATE; i++)
        total = mix64(total ^ state[i]);
    uint64_t *all = malloc((size_t)size * sizeof(uint64_t));
    MPI_Gather(&total, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    int level;
    MPI_Query_thread(&level);
    if (rank == 0) {
        printf("thread level: asked %d, given %d, now %d\n", MPI_THREAD_FUNNELED, provided, level);
        printf("mpi_calls: %d ranks, %d iterations, %d generalized requests freed on rank 0, "
               "buffer %s\n", size, iters, grequest_done,
               detached == bbuf && detached_size == bsize ? "given back" : "LOST");
        for (int r = 0; r < size; r++)
            printf("rank %d: hash %016llx\n", r, (unsigned long long)all[r]);
    }
    MPI_Type_free(&absolute);
    MPI_Free_mem(state);
    free(all);
    free(bbuf);
    free(big_out);
    free(big_in);
    MPI_Finalize();
    return 0;
}
