/* MPI semantics the coordination layer must keep exactly, one mode per
 * case (issue 18; most found by MPICH's own test suite). Each mode prints
 * what the program observes; mpi_semantics.py runs every mode built with
 * ckptcc and with plain mpicc and compares stdout and exit status. No
 * checkpoint is taken: these are the calls' semantics, not recovery.
 * Each rank writes to OUT_DIR/rank-N.txt, so that ranks' lines do not mix.
 *
 *   mpiexec -n 2 mpi_semantics MODE OUT_DIR
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static int rank, size;
static FILE *report;
#define say(...) fprintf(report, __VA_ARGS__)

/* MPI_BOTTOM with absolute addresses, both ends, for a message with a
 * header (small) and one above the combine limit; errors return. */
static void bottom(void)
{
    struct {
        int id;
        double v[24];
    } rec;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int n = 1; n <= 24; n += 23) {
        MPI_Aint at[2];
        int lengths[2] = {1, n};
        MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t;
        MPI_Get_address(&rec.id, &at[0]);
        MPI_Get_address(rec.v, &at[1]);
        MPI_Type_create_struct(2, lengths, at, types, &t);
        MPI_Type_commit(&t);
        int rc;
        if (rank == 0) {
            rec.id = 40 + n;
            for (int i = 0; i < n; i++)
                rec.v[i] = 0.5 * i + n;
            rc = MPI_Send(MPI_BOTTOM, 1, t, 1, n, MPI_COMM_WORLD);
            say("send %d values: rc %d\n", n, rc);
            MPI_Request req;
            rc = MPI_Isend(MPI_BOTTOM, 1, t, 1, 100 + n, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            say("isend %d values: rc %d\n", n, rc);
        } else if (rank == 1) {
            for (int k = 0; k < 2; k++) {
                memset(&rec, 0, sizeof rec);
                MPI_Status st;
                if (k == 0) {
                    rc = MPI_Recv(MPI_BOTTOM, 1, t, 0, n, MPI_COMM_WORLD, &st);
                } else {
                    MPI_Request req;
                    rc = MPI_Irecv(MPI_BOTTOM, 1, t, 0, 100 + n, MPI_COMM_WORLD, &req);
                    MPI_Wait(&req, &st);
                }
                double sum = 0;
                for (int i = 0; i < n; i++)
                    sum += rec.v[i];
                say("%s %d values: rc %d id %d sum %.2f\n", k ? "irecv" : "recv", n, rc,
                       rec.id, sum);
            }
        }
        MPI_Type_free(&t);
    }
}

/* A receive buffer that holds only the message, much less than its
 * datatype describes, right before unmapped memory (MPI writes only the
 * message's locations: datatype/lots_of_types). */
static void short_buffer(void)
{
    /* Mapped by a raw system call: the checkpointing runtime serves mmap from
     * its heap and keeps a partly unmapped range, and the page after the
     * buffer must really be unmapped. */
    long page = sysconf(_SC_PAGESIZE);
    char *pages = (char *)syscall(SYS_mmap, NULL, 2 * page, PROT_READ | PROT_WRITE,
                                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    syscall(SYS_munmap, pages + page, page);
    int *end = (int *)(pages + page) - 4; /* four ints, then nothing */
    int blocks[64], displs[64];
    for (int j = 0; j < 64; j++) {
        blocks[j] = j == 0 ? 4 : j % 3 + 1;
        displs[j] = 4 * j;
    }
    MPI_Datatype sparse;
    MPI_Type_indexed(64, blocks, displs, MPI_INT, &sparse);
    MPI_Type_commit(&sparse);
    int data[4] = {1, 2, 3, 4};
    /* k 0-3 at the very end; 4-7 128 bytes before it, where the first
     * bytes a header could take are mapped but the datatype's extent is not. */
    for (int k = 0; k < 8; k++) {
        int tag = k;
        if (rank == 0) {
            MPI_Send(data, 4, MPI_INT, 1, tag, MPI_COMM_WORLD);
            continue;
        }
        if (rank != 1)
            continue;
        if (k == 4)
            end -= 28;
        memset(end, 0xff, 4 * sizeof(int));
        MPI_Status st;
        MPI_Request req;
        int count = -2, elements = -2;
        MPI_Datatype t = k % 2 ? MPI_INT : sparse;
        int n = k % 2 ? 100 : 1;
        if (k % 4 < 2) {
            MPI_Recv(end, n, t, 0, tag, MPI_COMM_WORLD, &st);
        } else {
            MPI_Irecv(end, n, t, 0, tag, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, &st);
        }
        MPI_Get_count(&st, t, &count);
        MPI_Get_elements(&st, t, &elements);
        say("%s %s: %d %d %d %d count %d elements %d\n", k % 4 < 2 ? "recv" : "irecv",
               k % 2 ? "100 ints" : "sparse", end[0], end[1], end[2], end[3], count, elements);
    }
    MPI_Type_free(&sparse);
}

/* A communicator freed while a receive on it is pending (comm/cmfree2). */
static void comm_freed_pending(void)
{
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    int value = 0;
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD);
        value = 77;
        MPI_Ssend(&value, 1, MPI_INT, 1, 0, comm);
        MPI_Comm_free(&comm);
    } else if (rank == 1) {
        MPI_Request req;
        MPI_Status st;
        MPI_Irecv(&value, 1, MPI_INT, 0, 0, comm, &req);
        MPI_Comm_free(&comm);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, &st);
        say("received %d from %d, comm %s\n", value, st.MPI_SOURCE,
               comm == MPI_COMM_NULL ? "null" : "set");
    } else {
        MPI_Comm_free(&comm);
        MPI_Barrier(MPI_COMM_WORLD);
    }
}

/* status.MPI_ERROR after a single-completion receive (pt2pt/isendself). */
static void status_error(void)
{
    int a[4] = {1, 2, 3, 4}, b[4];
    MPI_Request req;
    for (int k = 0; k < 2; k++) {
        MPI_Status st;
        st.MPI_ERROR = 12345;
        MPI_Isend(k ? NULL : a, 0, MPI_INT, rank, 0, MPI_COMM_WORLD, &req);
        MPI_Recv(k ? NULL : b, k ? 0 : 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD,
                 &st);
        int count = -1;
        MPI_Get_count(&st, MPI_INT, &count);
        say("rank %d: source %d tag %d error %d count %d\n", rank, st.MPI_SOURCE == rank,
               st.MPI_TAG, st.MPI_ERROR, count);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
}

static int copy_fails(MPI_Comm c, int key, void *extra, void *in, void *out, int *flag)
{
    (void)c, (void)key, (void)extra, (void)in, (void)out;
    *flag = 1;
    return MPI_ERR_OTHER;
}

static int type_copy_fails(MPI_Datatype t, int key, void *extra, void *in, void *out, int *flag)
{
    (void)t, (void)key, (void)extra, (void)in, (void)out;
    *flag = 1;
    return MPI_ERR_OTHER;
}

/* MPI_Comm_dup whose attribute copy fails (attr/attrerrcomm). */
static void dup_copy_fails(void)
{
    MPI_Comm dup, copy = MPI_COMM_WORLD;
    int key;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(copy_fails, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm_set_attr(dup, key, (void *)(MPI_Aint)5);
    int rc = MPI_Comm_dup(dup, &copy);
    int class = -1;
    MPI_Error_class(rc, &class);
    say("rank %d: dup %s, class %d, new communicator %s\n", rank,
           rc == MPI_SUCCESS ? "succeeded" : "failed", class,
           copy == MPI_COMM_NULL ? "MPI_COMM_NULL" : "set");
    if (copy != MPI_COMM_NULL)
        MPI_Comm_free(&copy);
    MPI_Comm_free_keyval(&key);
    MPI_Comm_free(&dup);

    /* The same for a datatype (attr/attrerrtype). */
    MPI_Datatype type, type_copy = MPI_INT;
    MPI_Type_dup(MPI_DOUBLE, &type);
    MPI_Type_create_keyval(type_copy_fails, MPI_TYPE_NULL_DELETE_FN, &key, NULL);
    MPI_Type_set_attr(type, key, (void *)(MPI_Aint)6);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Type_dup(type, &type_copy);
    MPI_Error_class(rc, &class);
    say("rank %d: type dup %s, class %d, new type %s\n", rank,
        rc == MPI_SUCCESS ? "succeeded" : "failed", class,
        type_copy == MPI_DATATYPE_NULL ? "MPI_DATATYPE_NULL" : "set");
    if (type_copy != MPI_DATATYPE_NULL)
        MPI_Type_free(&type_copy);
    MPI_Type_free_keyval(&key);
    MPI_Type_free(&type);
}

static MPI_Comm expected;
static int handler_calls;

static void handler(MPI_Comm *comm, int *code, ...)
{
    int class = -1;
    MPI_Error_class(*code, &class);
    handler_calls++;
    say("rank %d: handler call %d: %s communicator, class %d\n", rank, handler_calls,
        *comm == expected ? "the program's" : "ANOTHER", class);
}

/* A user error handler gets the program's communicator (errhan/commcall),
 * also on a duplicate that inherited it, and on a real error. */
static void errhandler_comm(void)
{
    MPI_Comm comm, dup;
    MPI_Errhandler eh;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(comm, eh);
    expected = comm;
    MPI_Comm_call_errhandler(comm, MPI_ERR_OTHER);
    MPI_Comm_dup(comm, &dup);
    expected = dup;
    MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    int rc = MPI_Send(NULL, -1, MPI_INT, 0, 0, dup); /* a bad count */
    say("rank %d: bad send returned %s\n", rank, rc == MPI_SUCCESS ? "success" : "an error");
    MPI_Errhandler got;
    MPI_Comm_get_errhandler(dup, &got);
    say("rank %d: duplicate's handler is %s\n", rank, got == eh ? "the program's" : "another");
    MPI_Errhandler_free(&got);
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&comm);
}

/* MPI_Request_get_status leaves the request to be completed. */
static void request_get_status(void)
{
    int out[20], in[20];
    for (int i = 0; i < 20; i++)
        out[i] = rank * 100 + i;
    for (int n = 1; n <= 20; n += 19) {
        int peer = (rank + 1) % size, from = (rank + size - 1) % size, flag = 0, polls = 0;
        MPI_Request recv, send;
        MPI_Status st;
        MPI_Irecv(in, n, MPI_INT, from, n, MPI_COMM_WORLD, &recv);
        MPI_Isend(out, n, MPI_INT, peer, n, MPI_COMM_WORLD, &send);
        while (!flag) {
            MPI_Request_get_status(recv, &flag, &st);
            polls++;
        }
        int count = -1;
        MPI_Get_count(&st, MPI_INT, &count);
        say("rank %d: %d ints: source %d tag %d count %d first %d last %d, still %s\n", rank,
               n, st.MPI_SOURCE, st.MPI_TAG, count, in[0], in[n - 1],
               recv != MPI_REQUEST_NULL ? "a request" : "null");
        MPI_Wait(&recv, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        say("rank %d: waited: source %d count %d, request %s\n", rank, st.MPI_SOURCE, count,
               recv == MPI_REQUEST_NULL ? "null" : "set");
        MPI_Request_get_status(send, &flag, &st);
        MPI_Wait(&send, MPI_STATUS_IGNORE);
    }
    int flag = 0;
    MPI_Status st;
    MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st);
    say("rank %d: null request: flag %d\n", rank, flag);
}

static int query(void *state, MPI_Status *st)
{
    MPI_Status_set_elements(st, MPI_INT, *(int *)state);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int free_state(void *state)
{
    say("rank %d: free_fn with %d\n", rank, *(int *)state);
    return MPI_SUCCESS;
}
static int cancel_state(void *state, int complete)
{
    (void)state, (void)complete;
    return MPI_SUCCESS;
}

/* A generalized request, completed before and after it is tested. */
static void grequest(void)
{
    int state = 6;
    MPI_Request req;
    MPI_Grequest_start(query, free_state, cancel_state, &state, &req);
    int flag = -1;
    MPI_Status st;
    MPI_Test(&req, &flag, &st);
    say("rank %d: before complete: flag %d\n", rank, flag);
    MPI_Grequest_complete(req);
    MPI_Wait(&req, &st);
    int count = -1;
    MPI_Get_count(&st, MPI_INT, &count);
    say("rank %d: after wait: count %d, request %s\n", rank, count,
           req == MPI_REQUEST_NULL ? "null" : "set");
}

/* MPI_Alloc_mem as an allocator. */
static void alloc_mem(void)
{
    double *a = NULL;
    int rc = MPI_Alloc_mem(1 << 20, MPI_INFO_NULL, &a);
    for (int i = 0; i < (1 << 17); i++)
        a[i] = i * 0.5 + rank;
    double sum = 0, all = 0;
    for (int i = 0; i < (1 << 17); i++)
        sum += a[i];
    MPI_Allreduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    say("rank %d: rc %d sum %.1f\n", rank, rc, all);
    say("rank %d: free rc %d\n", rank, MPI_Free_mem(a));
}

/* MPI_Type_get_envelope and _contents on the program's types: the
 * datatype returned is one the program can use and must free, and freeing
 * it leaves the type it came from alone. */
static void type_contents(void)
{
    MPI_Datatype pair, vec, got[2];
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_vector(3, 1, 2, pair, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_free(&pair); /* the vector keeps what it needs */
    int ni, na, nd, combiner, ints[3], bytes, gbytes;
    MPI_Aint addrs[1], lb, extent, glb, gextent;
    MPI_Type_get_envelope(vec, &ni, &na, &nd, &combiner);
    say("rank %d: envelope %d %d %d, vector %d\n", rank, ni, na, nd,
        combiner == MPI_COMBINER_VECTOR);
    MPI_Type_get_contents(vec, 3, 1, 1, ints, addrs, got);
    MPI_Type_size(got[0], &bytes);
    MPI_Type_get_extent(got[0], &lb, &extent);
    MPI_Type_get_envelope(got[0], &ni, &na, &nd, &combiner);
    say("rank %d: contents %d %d %d: a type of %d bytes, extent %ld, contiguous %d\n", rank,
        ints[0], ints[1], ints[2], bytes, (long)extent, combiner == MPI_COMBINER_CONTIGUOUS);
    MPI_Type_get_contents(got[0], 1, 0, 1, ints, addrs, &got[1]);
    say("rank %d: inner %d, MPI_INT %d\n", rank, ints[0], got[1] == MPI_INT);
    MPI_Type_commit(&got[0]);
    int out[12], in[12] = {0};
    for (int i = 0; i < 12; i++)
        out[i] = 10 * rank + i;
    MPI_Sendrecv(out, 3, got[0], (rank + 1) % size, 0, in, 3, got[0], (rank + size - 1) % size,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    say("rank %d: through it: %d %d %d %d %d %d\n", rank, in[0], in[1], in[2], in[3], in[4],
        in[5]);
    MPI_Type_free(&got[0]);
    MPI_Type_size(vec, &gbytes);
    MPI_Type_get_extent(vec, &glb, &gextent);
    MPI_Sendrecv(out, 1, vec, (rank + 1) % size, 1, in, 1, vec, (rank + size - 1) % size, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    say("rank %d: the vector still: %d bytes, extent %ld, %d %d %d %d\n", rank, gbytes,
        (long)gextent, in[0], in[4], in[8], in[9]);
    MPI_Type_free(&vec);
}

/* Matched probes: the probed message is the program's alone, a receive
 * posted before MPI_Mrecv takes the next one; small and large messages,
 * MPI_PROC_NULL, MPI_Improbe and MPI_Imrecv. */
static void mprobe(void)
{
    int peer = 1 - rank;
    double out[40], in[40];
    for (int i = 0; i < 40; i++)
        out[i] = rank * 1000 + i;
    for (int k = 0; k < 3; k++) {
        int n = k == 1 ? 40 : 3;
        if (rank == 0) {
            MPI_Send(out, n, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD);
            MPI_Send(out + 1, n, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD);
            continue;
        }
        MPI_Message msg;
        MPI_Status st;
        int count = -1, found = 0;
        if (k < 2) {
            MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
        } else {
            while (!found)
                MPI_Improbe(peer, 7, MPI_COMM_WORLD, &found, &msg, &st);
        }
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        say("probed: source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
        MPI_Recv(in, 40, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        say("then received: count %d first %.0f\n", count, in[0]);
        if (k == 0) {
            MPI_Mrecv(in, 40, MPI_DOUBLE, &msg, &st);
        } else {
            MPI_Request req;
            MPI_Imrecv(in, 40, MPI_DOUBLE, &msg, &req);
            MPI_Wait(&req, &st);
        }
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        say("matched receive: source %d count %d first %.0f last %.0f, message %s\n",
            st.MPI_SOURCE, count, in[0], in[count - 1],
            msg == MPI_MESSAGE_NULL ? "null" : "set");
    }
    MPI_Message none;
    MPI_Status st;
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &none, &st);
    say("rank %d: MPI_PROC_NULL: source %d, no-proc message %d\n", rank,
        st.MPI_SOURCE == MPI_PROC_NULL, none == MPI_MESSAGE_NO_PROC);
    MPI_Mrecv(NULL, 0, MPI_INT, &none, &st);
    say("rank %d: received from it: source %d, message null %d\n", rank,
        st.MPI_SOURCE == MPI_PROC_NULL, none == MPI_MESSAGE_NULL);
}

/* MPI_Init_thread asking for MPI_THREAD_MULTIPLE (main calls it for this
 * mode): MPI lets a library provide less; the program must learn what. */
static int provided = -1;
static void init_thread(void)
{
    int query = -1;
    MPI_Query_thread(&query);
    say("rank %d: provided a level %s, MPI_Query_thread agrees: %d\n", rank,
        provided >= MPI_THREAD_SINGLE && provided <= MPI_THREAD_MULTIPLE ? "defined by MPI"
                                                                         : "UNKNOWN",
        query == provided);
}

#if MPI_VERSION >= 4 /* the two modes below: calls MPI-4 added (not in Open MPI 4.1) */
/* Persistent collectives are matched by the order of their init calls, not
 * of their starts (MPICH's coll/p_order): rank 0 starts the broadcast first,
 * the others the barrier first; twice, to see the requests started again. */
static void persistent_order(void)
{
    int a = -1, b = -1;
    MPI_Request req[2];
    MPI_Bcast_init(&a, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Allreduce_init(&rank, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    for (int round = 0; round < 2; round++) {
        a = rank == 0 ? 42 + round : -1;
        MPI_Start(&req[rank == 0 ? 0 : 1]);
        MPI_Start(&req[rank == 0 ? 1 : 0]);
        MPI_Status st[2]; /* not MPI_STATUSES_IGNORE: GCC 12 warns of it */
        MPI_Waitall(2, req, st);
        say("rank %d round %d: broadcast %d, sum of ranks %d\n", rank, round, a, b);
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);
}

/* An inter-communicator made from two groups (MPI_Intercomm_create_from_groups,
 * MPICH's comm/ic1): rank 0 alone against the others; a message each way
 * and a collective across. */
static void intercomm_groups(void)
{
    MPI_Group world, mine, theirs;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int zero = 0, n = 0, *others = malloc(sizeof(int) * (size_t)size);
    for (int r = 1; r < size; r++)
        others[n++] = r;
    MPI_Group_incl(world, rank == 0 ? 1 : n, rank == 0 ? &zero : others, &mine);
    MPI_Group_incl(world, rank == 0 ? n : 1, rank == 0 ? others : &zero, &theirs);
    MPI_Comm inter;
    MPI_Intercomm_create_from_groups(mine, 0, theirs, 0, "semantics", MPI_INFO_NULL,
                                     MPI_ERRORS_ARE_FATAL, &inter);
    int flag = 0, remote = 0, value = rank * 10 + 1, got = -1, sum = -1;
    MPI_Comm_test_inter(inter, &flag);
    MPI_Comm_remote_size(inter, &remote);
    MPI_Sendrecv(&value, 1, MPI_INT, 0, 5, &got, 1, MPI_INT, 0, 5, inter, MPI_STATUS_IGNORE);
    /* Not MPI_Allreduce: MPICH 4.0.2's on inter-communicators is unreliable. */
    int *gathered = malloc(sizeof(int) * (size_t)size);
    MPI_Allgather(&value, 1, MPI_INT, gathered, 1, MPI_INT, inter);
    sum = 0;
    for (int i = 0; i < remote; i++)
        sum += gathered[i];
    free(gathered);
    say("rank %d: inter %d, remote size %d, got %d, remote sum %d\n", rank, flag, remote, got,
        sum);
    MPI_Comm_free(&inter);
    MPI_Group_free(&mine);
    MPI_Group_free(&theirs);
    MPI_Group_free(&world);
    free(others);
}
#endif

static const struct {
    const char *name;
    void (*run)(void);
} modes[] = {
    {"bottom", bottom},
    {"short_buffer", short_buffer},
    {"comm_freed_pending", comm_freed_pending},
    {"status_error", status_error},
    {"dup_copy_fails", dup_copy_fails},
    {"errhandler_comm", errhandler_comm},
    {"request_get_status", request_get_status},
    {"grequest", grequest},
    {"alloc_mem", alloc_mem},
    {"type_contents", type_contents},
    {"mprobe", mprobe},
    {"init_thread", init_thread},
#if MPI_VERSION >= 4
    {"persistent_order", persistent_order},
    {"intercomm_groups", intercomm_groups},
#endif
};

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "init_thread") == 0)
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    else
        MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char path[4096];
    snprintf(path, sizeof path, "%s/rank-%d.txt", argc > 2 ? argv[2] : ".", rank);
    report = fopen(path, "w");
    if (!report) {
        perror(path);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    setvbuf(report, NULL, _IOLBF, 0); /* complete up to a failure */
    int found = 0;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (argc > 1 && strcmp(argv[1], modes[i].name) == 0) {
            modes[i].run();
            found = 1;
        }
    if (!found && rank == 0)
        fprintf(stderr, "usage: mpiexec -n 2 mpi_semantics MODE OUT_DIR\n");
    fclose(report);
    MPI_Finalize();
    return found ? 0 : 2;
}
