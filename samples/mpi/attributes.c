/* attributes: values cached on communicators and datatypes with attribute
 * keys, kept across checkpoints.
 *
 * A tally (a heap struct) hangs on a duplicate of MPI_COMM_WORLD under a key
 * whose copy function shares it with duplicates (counting references) and
 * whose delete function drops a reference and frees it with the last one. A
 * second key copies its value with MPI_COMM_DUP_FN; a third hangs a counter
 * on a vector datatype. Each step reads the tally back through
 * MPI_Comm_get_attr, and every few steps the duplicate is duplicated again,
 * used and freed, so copy and delete functions run on both sides of the
 * recovery line. MPI_COMM_SELF carries an attribute whose delete function
 * prints at MPI_Finalize, as MPI says it must run.
 *
 * The potential checkpoint is at the top of each step. After the loop rank 0
 * prints the tallies; every rank checks that what it read matched.
 *
 *   mpiexec -n N attributes [steps [dup_every]]      defaults: 300, 10
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct tally {
    long refs, hits, copies;
    unsigned long hash;
};

static long deletions;   /* delete calls of the tally key */
static long type_counts; /* through the datatype's attribute */

static int copy_tally(MPI_Comm old, int key, void *extra, void *in, void *out, int *flag)
{
    (void)old, (void)key, (void)extra;
    struct tally *t = in;
    t->refs++;
    t->copies++;
    *(void **)out = t;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_tally(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)extra;
    struct tally *t = value;
    deletions++;
    if (--t->refs == 0)
        free(t);
    return MPI_SUCCESS;
}

static int delete_count(MPI_Datatype type, int key, void *value, void *extra)
{
    (void)type, (void)key, (void)extra;
    type_counts += *(long *)value;
    return MPI_SUCCESS;
}

static int say_goodbye(MPI_Comm comm, int key, void *value, void *extra)
{
    (void)comm, (void)key, (void)extra;
    if (*(int *)value == 0)
        printf("rank 0: MPI_COMM_SELF's attribute deleted at MPI_Finalize\n");
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int steps = argc > 1 ? atoi(argv[1]) : 300;
    int dup_every = argc > 2 ? atoi(argv[2]) : 10;

    int tally_key, label_key, type_key, self_key;
    MPI_Comm_create_keyval(copy_tally, delete_tally, &tally_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &label_key, NULL);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, delete_count, &type_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, say_goodbye, &self_key, NULL);

    MPI_Comm work;
    MPI_Comm_dup(MPI_COMM_WORLD, &work);
    struct tally *mine = calloc(1, sizeof *mine);
    mine->refs = 1;
    mine->hash = 1469598103934665603UL + (unsigned long)rank;
    MPI_Comm_set_attr(work, tally_key, mine);
    MPI_Comm_set_attr(work, label_key, (void *)(long)(100 + rank));
    MPI_Datatype pair;
    MPI_Type_vector(2, 1, 2, MPI_LONG, &pair);
    MPI_Type_commit(&pair);
    long *per_type = malloc(sizeof *per_type);
    *per_type = 0;
    MPI_Type_set_attr(pair, type_key, per_type);
    int *self_value = malloc(sizeof *self_value);
    *self_value = rank;
    MPI_Comm_set_attr(MPI_COMM_SELF, self_key, self_value);
    MPI_Comm_free_keyval(&self_key); /* the attribute outlives its key */

    long mismatches = 0;
    for (int step = 0; step < steps; step++) {
#pragma ckpt potential
        struct tally *t;
        long *counter;
        void *label;
        int found;
        MPI_Comm_get_attr(work, tally_key, &t, &found);
        if (!found || t != mine)
            mismatches++;
        MPI_Comm_get_attr(work, label_key, &label, &found);
        if (!found || (long)label != 100 + rank + step / 50)
            mismatches++;
        MPI_Type_get_attr(pair, type_key, &counter, &found);
        if (!found || counter != per_type)
            mismatches++;
        else
            (*counter)++;

        unsigned long mixed, sum;
        mixed = t->hash * 1099511628211UL + (unsigned long)step;
        MPI_Allreduce(&mixed, &sum, 1, MPI_UNSIGNED_LONG, MPI_SUM, work);
        t->hash ^= sum;
        t->hits++;

        if (step % dup_every == dup_every - 1) { /* a short-lived duplicate: copy, use, delete */
            MPI_Comm child;
            MPI_Comm_dup(work, &child);
            struct tally *shared;
            MPI_Comm_get_attr(child, tally_key, &shared, &found);
            if (!found || shared != mine || shared->refs != 2)
                mismatches++;
            MPI_Comm_get_attr(child, label_key, &label, &found);
            if (!found || (long)label != 100 + rank + step / 50)
                mismatches++;
            MPI_Allreduce(&mixed, &sum, 1, MPI_UNSIGNED_LONG, MPI_BXOR, child);
            shared->hash += sum;
            MPI_Comm_free(&child);
        }
        if (step % 50 == 49) /* a new value replaces the old one */
            MPI_Comm_set_attr(work, label_key, (void *)(long)(100 + rank + (step + 1) / 50));
    }

    long total_mismatches;
    MPI_Allreduce(&mismatches, &total_mismatches, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    unsigned long hash = mine->hash, *hashes = malloc(sizeof *hashes * (size_t)size);
    MPI_Gather(&hash, 1, MPI_UNSIGNED_LONG, hashes, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("steps %d, hits %ld, copies %ld, references %ld, mismatches %ld\n", steps,
               mine->hits, mine->copies, mine->refs, total_mismatches);
        for (int r = 0; r < size; r++)
            printf("rank %d hash %016lx\n", r, hashes[r]);
    }
    MPI_Comm_delete_attr(work, label_key);
    MPI_Comm_free(&work); /* the tally's last reference: freed */
    MPI_Type_free(&pair);
    if (rank == 0)
        printf("rank 0: %ld tally deletions, datatype attribute counted %ld\n", deletions,
               type_counts);
    MPI_Comm_free_keyval(&tally_key);
    MPI_Comm_free_keyval(&label_key);
    MPI_Type_free_keyval(&type_key);
    free(per_type);
    free(hashes);
    MPI_Finalize();
    return 0;
}
