/* sessions: an MPI-4 sessions program kept across the potential checkpoint.
 *
 * The program never calls MPI_Init: it opens a session (MPI_Session_init),
 * looks at its process sets (their number, their names, the size of
 * "mpi://WORLD"), makes a group from "mpi://WORLD"
 * (MPI_Group_from_session_pset), a communicator from the group
 * (MPI_Comm_create_from_group, with a string tag) and frees the group; a
 * second session gives a communicator of "mpi://SELF" the same way.
 *
 * Each iteration, on the world communicator: a ring of point-to-point
 * messages (MPI_Sendrecv to the right from the left, and an MPI_Isend /
 * MPI_Recv pair the other way round), an MPI_Allreduce and an MPI_Bcast
 * from a root chosen by the iteration, folded into a running 64-bit hash; a
 * message to itself on the "mpi://SELF" communicator. Every `renew`
 * iterations the world communicator is made again from a new group of the
 * process set, under a new tag (the old one freed), so that creations cross
 * the recovery line too. The potential checkpoint is at the top of each
 * iteration. Rank 0 prints every rank's hash at the end; the sessions are
 * finalized, and the program ends without MPI_Finalize.
 *
 *   mpiexec -n N sessions [iterations] [renew]     defaults: 200, 7
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A communicator of the process set `pset`, through a group that is freed. */
static MPI_Comm comm_of_pset(MPI_Session session, const char *pset, int generation)
{
    MPI_Group group;
    MPI_Comm comm;
    char tag[64];
    snprintf(tag, sizeof tag, "org.aalc.samples.sessions.%s.%d", pset, generation);
    MPI_Group_from_session_pset(session, pset, &group);
    MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm);
    MPI_Group_free(&group);
    return comm;
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 200;
    int renew = argc > 2 ? atoi(argv[2]) : 7;
    MPI_Session session, self_session;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", "MPI_THREAD_SINGLE");
    if (MPI_Session_init(info, MPI_ERRORS_RETURN, &session) != MPI_SUCCESS) {
        fprintf(stderr, "sessions: MPI_Session_init failed\n");
        return 1;
    }
    MPI_Info_free(&info);

    /* The process sets, looked at before the loop, printed at the end. */
    int npsets = 0, world_listed = 0;
    MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets);
    for (int i = 0; i < npsets; i++) {
        char name[256];
        int len = sizeof name;
        MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &len, name);
        world_listed += strcmp(name, "mpi://WORLD") == 0;
    }
    char world_size[32] = "?";
    int flag = 0;
    MPI_Info pset_info;
    MPI_Session_get_pset_info(session, "mpi://WORLD", &pset_info);
    MPI_Info_get(pset_info, "mpi_size", sizeof world_size - 1, world_size, &flag);
    MPI_Info_free(&pset_info);
    MPI_Session_get_info(session, &info);
    int nkeys = 0;
    MPI_Info_get_nkeys(info, &nkeys);
    MPI_Info_free(&info);

    int generation = 0;
    MPI_Comm comm = comm_of_pset(session, "mpi://WORLD", generation);
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &self_session);
    MPI_Comm self = comm_of_pset(self_session, "mpi://SELF", 0);
    int rank, size, initialized;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Initialized(&initialized); /* the world model: never initialized here */
    if (iterations < 1 || renew < 1 || size < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n N sessions [iterations] [renew], N >= 2\n");
        return 1;
    }
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    uint64_t h = mix64((uint64_t)rank);
    for (int it = 0; it < iterations; it++) {
#pragma ckpt potential
        uint64_t out = mix64(h + (uint64_t)it), in = 0, back = 0, sum = 0, root_value;
        MPI_Request req;
        MPI_Sendrecv(&out, 1, MPI_UINT64_T, right, 1, &in, 1, MPI_UINT64_T, left, 1, comm,
                     MPI_STATUS_IGNORE);
        MPI_Isend(&in, 1, MPI_UINT64_T, left, 2, comm, &req);
        MPI_Recv(&back, 1, MPI_UINT64_T, right, 2, comm, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        h = mix64(h ^ in ^ mix64(back));
        MPI_Allreduce(&h, &sum, 1, MPI_UINT64_T, MPI_SUM, comm);
        root_value = mix64(h + 7);
        MPI_Bcast(&root_value, 1, MPI_UINT64_T, it % size, comm);
        h = mix64(h ^ sum ^ mix64(root_value));
        uint64_t echo = 0;
        MPI_Sendrecv(&h, 1, MPI_UINT64_T, 0, 3, &echo, 1, MPI_UINT64_T, 0, 3, self,
                     MPI_STATUS_IGNORE);
        h = mix64(h + echo);
        for (int k = 0; k < 2000; k++) /* some work between the calls */
            h = mix64(h + (uint64_t)k);
        if ((it + 1) % renew == 0) {
            MPI_Comm_free(&comm);
            comm = comm_of_pset(session, "mpi://WORLD", ++generation);
        }
    }

    uint64_t *all = malloc(sizeof *all * (size_t)size);
    MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, comm);
    if (rank == 0) {
        printf("process sets: %d, mpi://WORLD listed: %d, its mpi_size: %s, session info "
               "keys: %d, MPI_Initialized: %d\n",
               npsets, world_listed, world_size, nkeys, initialized);
        printf("communicators made from groups: %d\n", generation + 2);
        for (int r = 0; r < size; r++)
            printf("rank %d: %016llx\n", r, (unsigned long long)all[r]);
    }
    free(all);
    MPI_Comm_free(&self);
    MPI_Comm_free(&comm);
    MPI_Session_finalize(&self_session);
    MPI_Session_finalize(&session);
    return 0;
}
