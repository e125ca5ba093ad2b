/* split_comm: communicators made with MPI_Comm_split and MPI_Comm_dup, kept
 * across the potential checkpoint.
 *
 * Before the loop every rank splits MPI_COMM_WORLD into a lower and an
 * upper half of the world ranks (key size - rank, so the ranks of each half
 * are numbered in the reverse of their world order; with 3 ranks, {0, 1} and
 * {2}, so that an odd and an even rank talk, which the stress tests' skew
 * needs) and duplicates MPI_COMM_WORLD; the handles stay in local
 * variables of main for the whole loop. Each iteration runs, on its half,
 * an MPI_Allreduce and an MPI_Bcast (root rotating); then, when the half has
 * more than one rank, a ring exchange inside it; then an MPI_Allreduce on the
 * duplicate. The ring exchange is mirrored on the duplicate between the same
 * pair of processes with the same tag and message size: both receives are
 * posted (half first), then both sends (duplicate first), so only the
 * communicator tells the two messages apart.
 *
 * Contributions are derived from each rank's running 64-bit hash and every
 * result is folded into it at once, so a message or collective that is lost,
 * repeated, or delivered on the wrong communicator changes the output.
 * Arithmetic is on unsigned 64-bit integers (sums wrap mod 2^64).
 *
 * Two more communicators come from other calls: `ends`, made with
 * MPI_Comm_create from a group of the first and the last world rank (the
 * others get MPI_COMM_NULL), and `node`, from MPI_Comm_split_type; each
 * iteration ends with an MPI_Allreduce on both. The duplicate gets
 * MPI_ERRORS_RETURN and the half a user error handler (MPI_Comm_set_errhandler);
 * after the loop MPI_Comm_get_errhandler must still return them.
 *
 * Every temp_every iterations a short-lived communicator is made inside the
 * loop, so that creations cross the recovery line too: a split of the
 * duplicate by rank mod 3 (all ranks) or, every other time, an
 * MPI_Comm_create_group of the ends group (only its members call it); one
 * MPI_Allreduce on it, then MPI_Comm_free.
 *
 * The potential checkpoint is at the top of each iteration. After the loop
 * the communicators are freed with MPI_Comm_free, and rank 0 gathers and
 * prints each rank's half, rank in the half and hash.
 *
 *   mpiexec -n N split_comm [iterations] [temp_every]     defaults: 120, 5
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TAG_RING 7 /* the same tag on both communicators, on purpose */
#define MSG 4      /* uint64 values per ring message */

/* Never called in a correct run: it only has to be the handler after recovery. */
static void on_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    fprintf(stderr, "split_comm: MPI error %d\n", *code);
    MPI_Abort(MPI_COMM_WORLD, 3);
}

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

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 120;
    int temp_every = argc > 2 ? atoi(argv[2]) : 5;
    if (iters < 1 || temp_every < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N split_comm [iterations] [temp_every]\n");
        MPI_Finalize();
        return 1;
    }

    MPI_Comm half, dup;
    int color = rank < (size + 1) / 2 ? 0 : 1;
    MPI_Comm_split(MPI_COMM_WORLD, color, size - rank, &half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int hrank, hsize;
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);

    /* The first and the last world rank, through a group. */
    MPI_Group world_group, ends_group;
    MPI_Comm ends, node;
    int end_ranks[2] = {0, size - 1};
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, size > 1 ? 2 : 1, end_ranks, &ends_group);
    MPI_Comm_create(MPI_COMM_WORLD, ends_group, &ends);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Errhandler mine_handler;
    MPI_Comm_create_errhandler(on_error, &mine_handler);
    MPI_Comm_set_errhandler(half, mine_handler);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);

    /* The ring inside the half, as ranks of the half and of the duplicate
     * (which numbers the processes as MPI_COMM_WORLD does). */
    int *members = malloc((size_t)hsize * sizeof(int));
    MPI_Allgather(&rank, 1, MPI_INT, members, 1, MPI_INT, half);
    int hright = (hrank + 1) % hsize, hleft = (hrank + hsize - 1) % hsize;
    int dright = members[hright], dleft = members[hleft];

    uint64_t h = mix64(0xc0de0000ULL + (uint64_t)rank);
    for (int it = 0; it < iters; it++) {
#pragma ckpt potential
        uint64_t in[2], out[2], b[2];

        /* Allreduce on the half. */
        in[0] = mix64(h + 1);
        in[1] = h >> 16;
        MPI_Allreduce(in, out, 2, MPI_UINT64_T, MPI_SUM, half);
        h = fold_all(h, out, 2);

        /* Bcast on the half, from a rotating root. */
        b[0] = mix64(h + 2);
        b[1] = (uint64_t)it * 1000 + (uint64_t)rank;
        MPI_Bcast(b, 2, MPI_UINT64_T, it % hsize, half);
        h = fold_all(h, b, 2);

        /* The ring on the half, mirrored on the duplicate. */
        if (hsize > 1) {
            uint64_t hs[MSG], hr[MSG], ds[MSG], dr[MSG];
            MPI_Request req[4];
            MPI_Status st[4];
            for (int i = 0; i < MSG; i++) {
                hs[i] = mix64(h + 10 + (uint64_t)i);
                ds[i] = mix64(h + 20 + (uint64_t)i);
            }
            MPI_Irecv(hr, MSG, MPI_UINT64_T, hleft, TAG_RING, half, &req[0]);
            MPI_Irecv(dr, MSG, MPI_UINT64_T, dleft, TAG_RING, dup, &req[1]);
            MPI_Isend(ds, MSG, MPI_UINT64_T, dright, TAG_RING, dup, &req[2]);
            MPI_Isend(hs, MSG, MPI_UINT64_T, hright, TAG_RING, half, &req[3]);
            MPI_Waitall(4, req, st);
            h = fold_all(h, hr, MSG);
            h = fold(h, 0x5eed);
            h = fold_all(h, dr, MSG);
        }

        /* Allreduce on the duplicate of MPI_COMM_WORLD. */
        in[0] = mix64(h + 3);
        MPI_Allreduce(in, out, 1, MPI_UINT64_T, MPI_BXOR, dup);
        h = fold(h, out[0]);

        /* The group-made and the split_type communicators. */
        if (ends != MPI_COMM_NULL) {
            in[0] = mix64(h + 4);
            MPI_Allreduce(in, out, 1, MPI_UINT64_T, MPI_SUM, ends);
            h = fold(h, out[0]);
        }
        in[0] = mix64(h + 5);
        MPI_Allreduce(in, out, 1, MPI_UINT64_T, MPI_MAX, node);
        h = fold(h, out[0]);

        if (it % temp_every == 0) {
            MPI_Comm temp = MPI_COMM_NULL;
            if (it / temp_every % 2 == 0)
                MPI_Comm_split(dup, rank % 3, rank, &temp);
            else if (rank == 0 || rank == size - 1)
                MPI_Comm_create_group(MPI_COMM_WORLD, ends_group, 99, &temp);
            if (temp != MPI_COMM_NULL) {
                in[0] = mix64(h + 6);
                MPI_Allreduce(in, out, 1, MPI_UINT64_T, MPI_SUM, temp);
                h = fold(h, out[0]);
                MPI_Comm_free(&temp);
            }
        }
    }

    MPI_Errhandler got_half, got_dup;
    MPI_Comm_get_errhandler(half, &got_half);
    MPI_Comm_get_errhandler(dup, &got_dup);
    int handlers_kept = got_half == mine_handler && got_dup == MPI_ERRORS_RETURN, all_kept;
    MPI_Allreduce(&handlers_kept, &all_kept, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (got_half != MPI_ERRHANDLER_NULL && got_half != MPI_ERRORS_RETURN)
        MPI_Errhandler_free(&got_half);
    MPI_Errhandler_free(&mine_handler);
    if (ends != MPI_COMM_NULL)
        MPI_Comm_free(&ends);
    MPI_Comm_free(&node);
    MPI_Group_free(&ends_group);
    MPI_Group_free(&world_group);

    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    if (half != MPI_COMM_NULL || dup != MPI_COMM_NULL) {
        fprintf(stderr, "split_comm: rank %d: MPI_Comm_free did not reset the handle\n", rank);
        return 2;
    }

    /* Results: half, rank in the half and hash of every rank to rank 0. */
    uint64_t mine[3] = {(uint64_t)color, (uint64_t)hrank, h};
    uint64_t *all = malloc((size_t)size * 3 * sizeof(uint64_t));
    MPI_Gather(mine, 3, MPI_UINT64_T, all, 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        uint64_t sum = 0;
        printf("split_comm: %d ranks, %d iterations\n", size, iters);
        printf("error handlers %s\n", all_kept ? "kept" : "LOST");
        for (int r = 0; r < size; r++) {
            printf("rank %d: half %llu, rank %llu in half, hash %016llx\n", r,
                   (unsigned long long)all[3 * r], (unsigned long long)all[3 * r + 1],
                   (unsigned long long)all[3 * r + 2]);
            sum += all[3 * r + 2];
        }
        printf("total: %016llx\n", (unsigned long long)sum);
    }
    free(all);
    free(members);
    MPI_Finalize();
    return 0;
}
