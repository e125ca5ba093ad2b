/* Communicators, groups and error handlers: created through the library,
 * recorded with their recipes, handed to the program as virtual handles.
 *
 * A new communicator is recorded as "split the parent with this colour and
 * key", whatever call made it: the colour is the world rank of its rank 0
 * (MPI_UNDEFINED for a rank left out) and the key the rank's place in it, so
 * one split on recovery rebuilds it with the same members in the same order.
 * Creating one is a collective on the parent (coll.h): counted, logged and
 * replayed like the others. */
#include "comms.h"

#include "attributes.h"
#include "coll.h"
#include "coord.h"
#include "errhandlers.h"
#include "handle_bits.h"
#include "infos.h"
#include "objects.h"
#include "requests.h"


#include <aalc/ckpt_layer_services.h>
#include <string.h>

void cl_comm_membership(MPI_Comm real, int64_t *color, int64_t *key)
{
    if (real == MPI_COMM_NULL) {
        *color = MPI_UNDEFINED;
        *key = 0;
        return;
    }
    int rank = 0;
    PMPI_Comm_rank(real, &rank);
    *color = cl_first_world_rank(real);
    *key = rank;
    /* Split again, an inter-communicator pairs the groups of equal colour:
     * both take the lowest world rank of the two. */
    if (cl_is_inter(real)) {
        int64_t remote = cl_first_remote_world_rank(real);
        *color = remote < *color ? remote : *color;
    }
}

MPI_Comm cl_comm_made(struct cl_coll *c, MPI_Comm real, int call, const int64_t *args,
                      int nargs)
{
    cl_bits handle = cl_object_add(CL_OBJ_COMM, CL_BITS(real), call, args, nargs);
    int index = cl_bits_index(handle);
    /* A failed MPI_Intercomm_create is logged by each group on its own
     * communicator: no key both would agree on; never let go. */
    cl_objects[index].made_by_members =
        call == CL_MAKE_INTERCOMM ? 0 : cl_creation_members(c->real, real);
    cl_objects[index].made_by = cl_objects[index].made_by_members
                                    ? cl_creation_key(cl_objects[c->comm].name, c->seq)
                                    : 0;
    int null_slot = -1;
    if (real == MPI_COMM_NULL) {
        cl_object_free(index);
        null_slot = index;
        index = -1;
    } else {
        cl_comm_created(index, c->comm, c->seq, real);
    }
    cl_coll_end_creation(c, call, args, nargs, index, null_slot);
    return index >= 0 ? CL_HANDLE(MPI_Comm, handle) : MPI_COMM_NULL;
}

/* dup, split, split_type, create: all recorded as a split. */
static MPI_Comm created_as_split(struct cl_coll *c, MPI_Comm parent, MPI_Comm real)
{
    int64_t args[3] = {CL_ARG(parent), 0, 0};
    cl_comm_membership(real, &args[1], &args[2]);
    return cl_comm_made(c, real, CL_MAKE_COMM_SPLIT, args, 3);
}

/* The attributes of a duplicate's parent, copied by their copy functions.
 * One that fails fails the duplication: as MPI does, the new communicator
 * is freed (deleting what was copied), MPI_COMM_NULL returned and the
 * parent's error handler called (attr/attrerrcomm). */
static int copy_attributes(MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc = cl_attributes_comm_dup(comm, *newcomm);
    if (rc != MPI_SUCCESS && *newcomm != MPI_COMM_NULL) {
        /* Freed here, not as a collective: the copy may fail on some ranks only. */
        int index = cl_comm_index(*newcomm);
        cl_attributes_comm_freed(*newcomm);
        cl_comm_free_real(index);
        cl_object_free(index);
        *newcomm = MPI_COMM_NULL;
        cl_comm_error(cl_comm_index(comm), rc);
    }
    return rc;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_dup")) {
        *newcomm = cl_coll_replay_creation(&c);
        return copy_attributes(comm, newcomm); /* the copy functions run again */
    }
    MPI_Comm real;
    int rc = PMPI_Comm_dup(c.real, &real);
    int64_t parent = CL_ARG(comm);
    *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_DUP, &parent, 1);
    return rc == MPI_SUCCESS ? copy_attributes(comm, newcomm) : rc;
}

MPI_Comm cl_comm_dup_private(MPI_Comm comm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_dup"))
        return cl_coll_replay_creation(&c);
    MPI_Comm real;
    PMPI_Comm_dup(c.real, &real);
    int64_t parent = CL_ARG(comm);
    return cl_comm_made(&c, real, CL_MAKE_COMM_DUP, &parent, 1);
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    (void)info; /* hints only; the rebuilt communicator goes without them */
    return MPI_Comm_dup(comm, newcomm);
}

/* MPI_Comm_idup: numbered when started, like any non-blocking collective;
 * recorded (and given to the program) when the library completes it. No
 * checkpoint is taken while one is in flight (requests.c): a recovery
 * could not start it again half-way. */
struct cl_idup {
    struct cl_nb_coll *nb;
    MPI_Comm parent, real;
    MPI_Comm *newcomm; /* the program's variable */
};

void cl_comm_idup_completed(struct cl_idup *d)
{
    int64_t parent = CL_ARG(d->parent);
    *d->newcomm = cl_comm_made(&d->nb->c, d->real, CL_MAKE_COMM_DUP, &parent, 1);
    copy_attributes(d->parent, d->newcomm);
    cl_coll_nb_creation_completed(d->nb);
    ckpt_untracked_free(d);
}

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_idup")) {
        *newcomm = cl_coll_replay_creation(&c);
        *request = cl_request_collective(NULL, MPI_REQUEST_NULL);
        return copy_attributes(comm, newcomm);
    }
    struct cl_idup *d = ckpt_untracked_malloc(sizeof *d);
    MPI_Request real = MPI_REQUEST_NULL;
    int rc = PMPI_Comm_idup(c.real, &d->real, &real);
    struct cl_block none = {NULL, 0, MPI_DATATYPE_NULL};
    d->nb = cl_coll_nb_new(&c, &none, 0);
    d->parent = comm;
    d->newcomm = newcomm;
    *request = cl_request_creation(d, real);
    return rc;
}

int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
                            MPI_Request *request)
{
    (void)info; /* hints only, as for MPI_Comm_dup_with_info */
    return MPI_Comm_idup(comm, newcomm, request);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_split")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real;
    int rc = PMPI_Comm_split(c.real, color, key, &real);
    *newcomm = created_as_split(&c, comm, real);
    return rc;
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                        MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_split_type")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real;
    int made_hints;
    MPI_Info hints = cl_comm_hints(info, &made_hints);
    int rc = PMPI_Comm_split_type(c.real, split_type, key, hints, &real);
    if (made_hints)
        PMPI_Info_free(&hints);
    *newcomm = created_as_split(&c, comm, real);
    return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Comm_create")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real;
    int rc = PMPI_Comm_create(c.real, cl_real_group(group), &real);
    *newcomm = created_as_split(&c, comm, real);
    return rc;
}

/* The pseudo-communicator a creation without a parent is counted on, named
 * alike by every member; one made just now joins the collectives' window. */
static int joined_pseudo(uint64_t name)
{
    int known = cl_nobjects;
    int pseudo = cl_comm_pseudo(name);
    if (pseudo >= known)
        cl_coll_join_window(pseudo);
    return pseudo;
}

/* Collective over the group only: counting it on the parent would leave its
 * members disagreeing on the parent's count. It is counted instead on a
 * pseudo-communicator named by the parent, the tag and the members, which
 * exactly the members call. */
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    int parent = cl_comm_index(comm), n = 0;
    MPI_Group real_group = cl_real_group(group), parent_group;
    PMPI_Comm_group(cl_comm_at(parent), &parent_group);
    int *ranks = cl_group_ranks_in(real_group, parent_group, &n); /* parent ranks */
    PMPI_Group_free(&parent_group);
    struct cl_coll c;
    int pseudo = joined_pseudo(cl_pseudo_name(parent, tag, ranks, n));
    int rc = MPI_SUCCESS;
    if (cl_coll_begin_at(&c, pseudo, "MPI_Comm_create_group")) {
        *newcomm = cl_coll_replay_creation(&c);
    } else {
        MPI_Comm real;
        rc = PMPI_Comm_create_group(cl_comm_at(parent), real_group, tag, &real);
        int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(3 + n));
        args[0] = CL_ARG(comm);
        args[1] = tag;
        args[2] = n;
        for (int i = 0; i < n; i++)
            args[3 + i] = ranks[i];
        *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_GROUP_OF, args, 3 + n);
        ckpt_untracked_free(args);
    }
    ckpt_untracked_free(ranks);
    return rc;
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                    int reorder, MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Cart_create")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real;
    int rc = PMPI_Cart_create(c.real, ndims, dims, periods, reorder, &real);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(4 + 2 * ndims));
    args[0] = CL_ARG(comm);
    cl_comm_membership(real, &args[1], &args[2]);
    args[3] = ndims;
    for (int i = 0; i < ndims; i++) {
        args[4 + i] = dims[i];
        args[4 + ndims + i] = periods[i] != 0;
    }
    *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_CART, args, 4 + 2 * ndims);
    ckpt_untracked_free(args);
    return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, comm, "MPI_Cart_sub")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    int ndims = 0;
    PMPI_Cartdim_get(c.real, &ndims);
    MPI_Comm real;
    int rc = PMPI_Cart_sub(c.real, remain_dims, &real);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(2 + ndims));
    args[0] = CL_ARG(comm);
    args[1] = ndims;
    for (int i = 0; i < ndims; i++)
        args[2 + i] = remain_dims[i] != 0;
    *newcomm = cl_comm_made(&c, real, CL_MAKE_CART_SUB, args, 2 + ndims);
    ckpt_untracked_free(args);
    return rc;
}

/* World ranks of a group's members, hashed in order. */
static uint64_t members_hash(MPI_Group real)
{
    int n = 0;
    int *ranks = cl_group_world_ranks(real, &n);
    uint64_t h = cl_pseudo_name(CL_WORLD, n, ranks, n);
    ckpt_untracked_free(ranks);
    return h;
}

/* The pseudo-communicator of two groups (of an inter-communicator), salted
 * with `tag`: the same name on either side. */
static uint64_t across_name(MPI_Group local, MPI_Group remote, uint64_t tag)
{
    uint64_t mine = members_hash(local), theirs = members_hash(remote);
    uint64_t low = mine < theirs ? mine : theirs, high = mine ^ theirs ^ low;
    return low * 0x9e3779b97f4a7c15ULL ^ high ^ (tag << 1);
}

/* Collective over both groups, each calling it on its own local
 * communicator, which counts it; the peer communicator is the local
 * leader's alone (others may pass anything). Each local count is kept by
 * one group only, so the creation is also counted on the pseudo-
 * communicator of both groups: when the recovery line passes between the
 * groups (always possible with one rank each), every member rebuilds it at
 * recovery, the group behind from its log (coll.h). That pseudo-
 * communicator is named by the groups alone: MPI does not ask members other
 * than the leaders to pass the same tag, and all members make their
 * creations over the same two groups in the same order anyway. */
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                         int remote_leader, int tag, MPI_Comm *newintercomm)
{
    struct cl_coll c;
    int replay = cl_coll_begin(&c, local_comm, "MPI_Intercomm_create");
    if (cl_coll_replay_creation_across(&c, replay, newintercomm))
        return MPI_SUCCESS;
    int rank = 0;
    PMPI_Comm_rank(c.real, &rank);
    MPI_Comm peer = rank == local_leader ? peer_comm : MPI_COMM_NULL;
    MPI_Comm real = MPI_COMM_NULL;
    int rc = PMPI_Intercomm_create(c.real, local_leader,
                                   peer == MPI_COMM_NULL ? MPI_COMM_NULL : cl_real_comm(peer),
                                   remote_leader, tag, &real);
    int64_t args[5] = {CL_ARG(local_comm), local_leader, CL_ARG(peer), remote_leader, tag};
    if (real == MPI_COMM_NULL) { /* failed (under MPI_ERRORS_RETURN): logged as such locally */
        *newintercomm = cl_comm_made(&c, real, CL_MAKE_INTERCOMM, args, 5);
        return rc;
    }
    MPI_Group mine, theirs;
    PMPI_Comm_group(real, &mine);
    PMPI_Comm_remote_group(real, &theirs);
    int across = joined_pseudo(across_name(mine, theirs, 0x696e746572ULL));
    PMPI_Group_free(&mine);
    PMPI_Group_free(&theirs);
    struct cl_coll u;
    if (cl_coll_begin_at(&u, across, "MPI_Intercomm_create"))
        ckpt_fatal("recovering: MPI_Intercomm_create should be served from this rank's log, "
                   "which holds no creation logged under this count of its local communicator");
    cl_bits handle = cl_object_add(CL_OBJ_COMM, CL_BITS(real), CL_MAKE_INTERCOMM, args, 5);
    /* The groups swap their names over the new inter-communicator here (an
     * allreduce), after joining the pseudo-communicator's logging window: no
     * member ahead of the recovery line can leave the creation before every
     * member of the other group has joined, and learned that it must log
     * (members of its own group are held by the local count). */
    cl_comm_created(cl_bits_index(handle), c.comm, c.seq, real);
    struct cl_object *made = &cl_objects[cl_bits_index(handle)];
    made->made_by = made->name; /* the one key both groups agree on */
    made->made_by_members = cl_creation_members(MPI_COMM_NULL, real);
    cl_coll_end_creation_across(&c, &u, CL_MAKE_INTERCOMM, args, 5, cl_bits_index(handle));
    *newintercomm = CL_HANDLE(MPI_Comm, handle);
    return rc;
}

#if MPI_VERSION >= 4 /* MPI-4 calls: creations without a parent communicator */

static uint64_t string_hash(const char *s)
{
    uint64_t h = 0;
    for (; *s; s++)
        h = h * 131 + (unsigned char)*s;
    return h;
}

/* Collective over both groups, with no parent communicator: counted on a
 * pseudo-communicator named by both groups' members and the tag, the same
 * on either side. */
int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                     MPI_Group remote_group, int remote_leader,
                                     const char *stringtag, MPI_Info info,
                                     MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
    int pseudo = joined_pseudo(
        across_name(cl_real_group(local_group), cl_real_group(remote_group), string_hash(stringtag)));
    struct cl_coll c;
    if (cl_coll_begin_at(&c, pseudo, "MPI_Intercomm_create_from_groups")) {
        *newintercomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int made_hints;
    MPI_Info hints = cl_comm_hints(info, &made_hints);
    int rc = PMPI_Intercomm_create_from_groups(cl_real_group(local_group), local_leader,
                                               cl_real_group(remote_group), remote_leader,
                                               stringtag, hints, cl_real_errhandler(errhandler),
                                               &real);
    if (made_hints)
        PMPI_Info_free(&hints);
    int words = 0;
    int64_t *tag = cl_string_args(stringtag, &words);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(6 + words));
    args[0] = CL_ARG(local_group);
    args[1] = local_leader;
    args[2] = CL_ARG(remote_group);
    args[3] = remote_leader;
    args[4] = CL_ARG(errhandler);
    args[5] = words;
    memcpy(args + 6, tag, sizeof *args * (size_t)words);
    *newintercomm = cl_comm_made(&c, real, CL_MAKE_INTERCOMM_FROM_GROUPS, args, 6 + words);
    ckpt_untracked_free(tag);
    ckpt_untracked_free(args);
    return rc;
}

/* MPI-4: collective over the group's members, with no parent communicator
 * (the group comes from a session's process set, sessions.c): counted on a
 * pseudo-communicator named by the members and the string tag, which
 * exactly the members call. */
int MPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                               MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
    uint64_t members = members_hash(cl_real_group(group));
    int pseudo = joined_pseudo(members * 0xff51afd7ed558ccdULL ^ (string_hash(stringtag) << 1) ^
                               0x66726f6d67726f75ULL);
    struct cl_coll c;
    if (cl_coll_begin_at(&c, pseudo, "MPI_Comm_create_from_group")) {
        *newcomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int made_hints;
    MPI_Info hints = cl_comm_hints(info, &made_hints);
    int rc = PMPI_Comm_create_from_group(cl_real_group(group), stringtag, hints,
                                         cl_real_errhandler(errhandler), &real);
    if (made_hints)
        PMPI_Info_free(&hints);
    int words = 0, pset_words = 0;
    int64_t *tag = cl_string_args(stringtag, &words);
    /* A group straight from a process set: its recipe goes into the
     * communicator's, which then needs no group to be made again. */
    const int64_t *pset = NULL;
    if (cl_bits_virtual((cl_bits)CL_ARG(group), CL_OBJ_GROUP)) {
        int nargs = 0;
        pset = cl_recipe_find(cl_bits_index((cl_bits)CL_ARG(group)), CL_MAKE_GROUP_FROM_PSET,
                              &nargs);
        pset_words = pset ? (int)pset[1] : 0;
    }
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(4 + pset_words + words));
    if (pset) { /* session errhandler n pset[n] m tag[m] */
        args[0] = pset[0];
        args[1] = CL_ARG(errhandler);
        args[2] = pset_words;
        memcpy(args + 3, pset + 2, sizeof *args * (size_t)pset_words);
        args[3 + pset_words] = words;
        memcpy(args + 4 + pset_words, tag, sizeof *args * (size_t)words);
        *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_FROM_PSET, args, 4 + pset_words + words);
    } else { /* group errhandler n tag[n] */
        args[0] = CL_ARG(group);
        args[1] = CL_ARG(errhandler);
        args[2] = words;
        memcpy(args + 3, tag, sizeof *args * (size_t)words);
        *newcomm = cl_comm_made(&c, real, CL_MAKE_COMM_FROM_GROUP, args, 3 + words);
    }
    ckpt_untracked_free(tag);
    ckpt_untracked_free(args);
    return rc;
}

#endif

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    struct cl_coll c;
    if (cl_coll_begin(&c, intercomm, "MPI_Intercomm_merge")) {
        *newintracomm = cl_coll_replay_creation(&c);
        return MPI_SUCCESS;
    }
    MPI_Comm real = MPI_COMM_NULL;
    int rc = PMPI_Intercomm_merge(c.real, high, &real);
    int64_t args[2] = {CL_ARG(intercomm), high != 0};
    *newintracomm = cl_comm_made(&c, real, CL_MAKE_INTERCOMM_MERGE, args, 2);
    return rc;
}

int MPI_Comm_free(MPI_Comm *comm)
{
    if (*comm == MPI_COMM_WORLD || *comm == MPI_COMM_SELF)
        cl_unsupported("MPI_Comm_free", "a predefined communicator cannot be freed");
    cl_comm_index(*comm);           /* a valid one, before anything is done to it */
    cl_attributes_comm_freed(*comm); /* their delete functions run, as MPI would run them */
    struct cl_coll c;
    int replay = cl_coll_begin(&c, *comm, "MPI_Comm_free");
    int rc = MPI_SUCCESS;
    if (replay && !cl_requests_use_comm(c.comm)) {
        cl_coll_replay(&c, NULL, 0);
        cl_comm_free_real(c.comm); /* the one the recovery rebuilt */
    } else if (replay) {
        cl_coll_replay(&c, NULL, 0);
        cl_objects[c.comm].freed = CL_FREED_IN_USE; /* requests.c frees it after them */
    } else if (cl_requests_use_comm(c.comm)) {
        /* Its pending operations complete first: the layer still names it
         * (requests.c frees it with the last of them). */
        cl_objects[c.comm].freed = CL_FREED_IN_USE;
        cl_coll_end(&c, NULL, 0);
    } else {
        rc = cl_comm_free_real(c.comm); /* no stale handle left behind */
        cl_coll_end(&c, NULL, 0);
    }
    cl_object_free(c.comm);
    *comm = MPI_COMM_NULL;
    return rc;
}

/* Freeing: the library's object goes; the record stays, for the objects
 * built from it and for recovery. */
static int free_group(MPI_Group *handle)
{
    if (!cl_is_virtual(*handle, CL_OBJ_GROUP))
        return PMPI_Group_free(handle);
    int index = cl_index_of(*handle);
    MPI_Group real = cl_real_group(*handle);
    int rc = PMPI_Group_free(&real);
    cl_object_free(index);
    *handle = MPI_GROUP_NULL;
    return rc;
}

/* ---- groups (local objects) ---- */

int MPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    MPI_Group real;
    int rc = PMPI_Comm_group(cl_real_comm(comm), &real);
    int64_t args[1] = {CL_ARG(comm)};
    *group = CL_HANDLE(MPI_Group,
                       cl_object_add(CL_OBJ_GROUP, CL_BITS(real), CL_MAKE_GROUP_OF_COMM, args, 1));
    return rc;
}

int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    MPI_Group real;
    int rc = PMPI_Comm_remote_group(cl_real_comm(comm), &real);
    int64_t args[1] = {CL_ARG(comm)};
    *group = CL_HANDLE(MPI_Group,
                       cl_object_add(CL_OBJ_GROUP, CL_BITS(real), CL_MAKE_REMOTE_GROUP, args, 1));
    return rc;
}

/* A group made from `group` by rank selection, recorded as the list of its
 * members' ranks in `group` (incl, excl and the range forms alike). */
static int selected(MPI_Group group, int rc, MPI_Group real, MPI_Group *out)
{
    if (rc != MPI_SUCCESS || real == MPI_GROUP_EMPTY) {
        *out = real;
        return rc;
    }
    int n = 0;
    int *mine = cl_group_ranks_in(real, cl_real_group(group), &n);
    int64_t *args = ckpt_untracked_malloc(sizeof *args * (size_t)(n + 2));
    args[0] = CL_ARG(group);
    args[1] = n;
    for (int i = 0; i < n; i++)
        args[2 + i] = mine[i];
    *out = CL_HANDLE(MPI_Group,
                     cl_object_add(CL_OBJ_GROUP, CL_BITS(real), CL_MAKE_GROUP_RANKS, args, n + 2));
    ckpt_untracked_free(mine);
    ckpt_untracked_free(args);
    return rc;
}

int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    MPI_Group real = MPI_GROUP_NULL;
    int rc = PMPI_Group_incl(cl_real_group(group), n, ranks, &real);
    return selected(group, rc, real, newgroup);
}

int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    MPI_Group real = MPI_GROUP_NULL;
    int rc = PMPI_Group_excl(cl_real_group(group), n, ranks, &real);
    return selected(group, rc, real, newgroup);
}

int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    MPI_Group real = MPI_GROUP_NULL;
    int rc = PMPI_Group_range_incl(cl_real_group(group), n, ranges, &real);
    return selected(group, rc, real, newgroup);
}

int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    MPI_Group real = MPI_GROUP_NULL;
    int rc = PMPI_Group_range_excl(cl_real_group(group), n, ranges, &real);
    return selected(group, rc, real, newgroup);
}

static int group_set(int which, MPI_Group g1, MPI_Group g2, MPI_Group *out,
                     int (*op)(MPI_Group, MPI_Group, MPI_Group *))
{
    MPI_Group real;
    int rc = op(cl_real_group(g1), cl_real_group(g2), &real);
    if (rc != MPI_SUCCESS || real == MPI_GROUP_EMPTY) {
        *out = real;
        return rc;
    }
    int64_t args[3] = {which, CL_ARG(g1), CL_ARG(g2)};
    *out = CL_HANDLE(MPI_Group, cl_object_add(CL_OBJ_GROUP, CL_BITS(real), CL_MAKE_GROUP_SET,
                                              args, 3));
    return rc;
}

int MPI_Group_union(MPI_Group g1, MPI_Group g2, MPI_Group *out)
{
    return group_set(0, g1, g2, out, PMPI_Group_union);
}

int MPI_Group_intersection(MPI_Group g1, MPI_Group g2, MPI_Group *out)
{
    return group_set(1, g1, g2, out, PMPI_Group_intersection);
}

int MPI_Group_difference(MPI_Group g1, MPI_Group g2, MPI_Group *out)
{
    return group_set(2, g1, g2, out, PMPI_Group_difference);
}

int MPI_Group_free(MPI_Group *group)
{
    return free_group(group);
}
