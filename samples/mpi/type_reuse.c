/* type_reuse: a datatype made and freed every step, in a shape that changes.
 *
 * Codes that describe each step's data with a fresh datatype free it when
 * the step is done, and MPI hands the freed handle out again for the next
 * type. Here the type alternates between a contiguous block of 4 ints and a
 * strided vector of 4 ints, both 16 bytes of data: anything that remembers
 * a handle's layout past MPI_Type_free (the coordination layer keeps the
 * last types it sent, to copy small contiguous data next to its header)
 * sends the vector as if it were contiguous, and the output changes. Types
 * made and freed across checkpoints are also rebuilt on recovery.
 *
 * At the end, a type that a struct was built from is freed after the
 * struct, and rank 0 prints whether the next type made got its handle back,
 * as MPICH hands handles out (MPICH's own datatype/indexed_misc goes on
 * using such a handle for the next type).
 *
 * Each step, every rank exchanges one item of the step's type with its two
 * neighbours (MPI_Sendrecv right and left) and folds what it got into its
 * state. Every fourth step does it with MPI_Irecv and MPI_Isend instead and
 * frees the type before waiting for them, as MPI allows. The potential checkpoint is at the top of each step, where no type
 * is alive. Nothing is printed until the end: then rank 0 prints its state
 * as it was every 5000 steps, and every rank's final state.
 *
 *   mpiexec -n N type_reuse [steps]      default: 200000 steps
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define STRIDE 3 /* ints between the vector's elements */
#define ROOM (4 * STRIDE)
#define TAG_STEP 1
#define TAG_RESULT 2
#define REPORT_EVERY 5000

/* The step's type: contiguous on even steps, a vector on odd ones. */
static MPI_Datatype step_type(int step)
{
    MPI_Datatype t;
    if (step % 2 == 0)
        MPI_Type_contiguous(4, MPI_INT, &t);
    else
        MPI_Type_vector(4, 1, STRIDE, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 200000;
    if (size < 2 || steps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N type_reuse [steps], N >= 2\n");
        MPI_Finalize();
        return 1;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    long long state = 1000 + rank;
    long long *history = malloc(((size_t)steps / REPORT_EVERY + 1) * sizeof *history);

    for (int step = 0; step < steps; step++) {
#pragma ckpt potential
        int out[ROOM], in_left[ROOM], in_right[ROOM];
        for (int i = 0; i < ROOM; i++) {
            out[i] = (int)((state * (i + 3) + step * 7 + i) % 100003);
            in_left[i] = in_right[i] = -1;
        }
        MPI_Datatype t = step_type(step);
        if (step % 4 == 3) { /* the type freed while its requests are pending */
            MPI_Request req[4];
            MPI_Status st[4]; /* MPI_STATUSES_IGNORE draws a -Wstringop-overflow warning */
            MPI_Irecv(in_left, 1, t, left, TAG_STEP, MPI_COMM_WORLD, &req[0]);
            MPI_Irecv(in_right, 1, t, right, TAG_STEP, MPI_COMM_WORLD, &req[1]);
            MPI_Isend(out, 1, t, right, TAG_STEP, MPI_COMM_WORLD, &req[2]);
            MPI_Isend(out, 1, t, left, TAG_STEP, MPI_COMM_WORLD, &req[3]);
            MPI_Type_free(&t);
            MPI_Waitall(4, req, st);
        } else {
            MPI_Sendrecv(out, 1, t, right, TAG_STEP, in_left, 1, t, left, TAG_STEP,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Sendrecv(out, 1, t, left, TAG_STEP, in_right, 1, t, right, TAG_STEP,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Type_free(&t);
        }
        /* Every int of the room counts, the untouched ones (-1) too. */
        for (int i = 0; i < ROOM; i++)
            state = (state * 31 + in_left[i] * (i + 1) + in_right[i] * (i + 2)) % 1000000007LL;
        if (step % REPORT_EVERY == REPORT_EVERY - 1)
            history[step / REPORT_EVERY] = state;
    }

    MPI_Datatype first = step_type(0), members[2] = {first, MPI_INT}, pair, next;
    int lengths[2] = {1, 1};
    MPI_Aint at[2] = {0, 64};
    MPI_Type_create_struct(2, lengths, at, members, &pair);
    MPI_Type_free(&pair);
    MPI_Type_free(&first);
    next = step_type(1);
    int handle_back = members[0] == next;
    MPI_Type_free(&next);

    if (rank != 0) {
        MPI_Send(&state, 1, MPI_LONG_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
    } else {
        printf("type_reuse: %d ranks, %d steps\n", size, steps);
        printf("a freed type's handle given to the next type: %s\n", handle_back ? "yes" : "no");
        for (int k = 0; k < steps / REPORT_EVERY; k++)
            printf("step %6d: state %lld\n", (k + 1) * REPORT_EVERY, history[k]);
        for (int r = 0; r < size; r++) {
            long long s = state;
            if (r != 0)
                MPI_Recv(&s, 1, MPI_LONG_LONG, r, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank %d: state %lld\n", r, s);
        }
    }
    free(history);
    MPI_Finalize();
    return 0;
}
