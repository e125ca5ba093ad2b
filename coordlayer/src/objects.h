/* MPI objects the program creates (communicators, groups, datatypes,
 * reduction operations, error handlers, sessions), under handles that stay valid
 * across recovery.
 *
 * The program never sees the library's own handle for an object it created:
 * it gets a virtual handle, an index into the object table marked so that it
 * cannot be mistaken for a predefined handle. Every wrapper translates
 * virtual handles to the library's before calling it. On recovery the table
 * comes back from the image and every object is built again from its recipe
 * (the call that created it, with its arguments), so the handles the program
 * kept in its variables keep working. Predefined handles pass through
 * unchanged.
 *
 * Handles are integers in MPICH and pointers in Open MPI: handle_bits.h
 * says how virtual handles are told from the library's in each. */
#ifndef AALC_OBJECTS_H
#define AALC_OBJECTS_H

#include "handle_bits.h"

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

struct cl_object {
    cl_bits real;  /* the library's handle in this run */
    int32_t kind;
    int32_t freed; /* the program freed it; objects built from it may still need it
                      (CL_RECLAIMED: nothing does; the slot is free) */
    int32_t slot;  /* user reductions: the trampoline (user_ops.c); error handlers:
                      the program's references (MPI_Comm_get_errhandler adds one) */
    /* Communicators. The name is the same on every member and differs
     * between communicators: it keys the collective counts ranks exchange. */
    uint64_t name;
    uint64_t coll_seq;  /* collectives called on it so far (creations of children too) */
    uint64_t replay_to; /* recovered: collectives up to this number come from the log */
    uint64_t log_to;    /* logging window: collectives up to this number are logged */
    /* The creation that made it, the same on every member of the parent
     * (every part of one split, and the members left out, share it); 0 for
     * the predefined and pseudo-communicators, which are never let go
     * (comm_release.c). */
    uint64_t made_by;
    /* How many ranks hold an entry of that creation: the parent's members
     * (both groups of an inter-communicator parent or child). */
    uint32_t made_by_members;
};

extern struct cl_object *cl_objects;
extern int cl_nobjects;

/* Index 0 is MPI_COMM_WORLD, index 1 MPI_COMM_SELF. */
#define CL_WORLD 0
#define CL_SELF 1

_Noreturn void cl_bad_handle(cl_bits handle, int kind);

/* The library's handle for a handle the program passes (predefined ones pass). */
static inline cl_bits cl_real(cl_bits handle, int kind)
{
    if (!cl_bits_virtual(handle, kind))
        return handle;
    int i = cl_bits_index(handle);
    if (i >= cl_nobjects || cl_objects[i].kind != kind)
        cl_bad_handle(handle, kind);
    return cl_objects[i].real;
}
static inline MPI_Datatype cl_real_type(MPI_Datatype t)
{
    return CL_HANDLE(MPI_Datatype, cl_real(CL_BITS(t), CL_OBJ_TYPE));
}
static inline MPI_Op cl_real_op(MPI_Op op)
{
    return CL_HANDLE(MPI_Op, cl_real(CL_BITS(op), CL_OBJ_OP));
}
static inline MPI_Group cl_real_group(MPI_Group g)
{
    return CL_HANDLE(MPI_Group, cl_real(CL_BITS(g), CL_OBJ_GROUP));
}
static inline MPI_Errhandler cl_real_errhandler(MPI_Errhandler e)
{
    return CL_HANDLE(MPI_Errhandler, cl_real(CL_BITS(e), CL_OBJ_ERRHANDLER));
}
#if MPI_VERSION >= 4
static inline MPI_Session cl_real_session(MPI_Session s)
{
    return CL_HANDLE(MPI_Session, cl_real(CL_BITS(s), CL_OBJ_SESSION));
}
#endif
/* Is this the program's handle for an object it created? */
#define cl_is_virtual(handle, kind) cl_bits_virtual(CL_BITS(handle), kind)
/* The table index of a virtual handle (cl_is_virtual said so). */
#define cl_index_of(handle) cl_bits_index(CL_BITS(handle))
/* The library's communicator of table entry `index` (and so for the other kinds). */
#define cl_comm_at(index) CL_HANDLE(MPI_Comm, cl_objects[index].real)
#define cl_type_at(index) CL_HANDLE(MPI_Datatype, cl_objects[index].real)
#define cl_session_at(index) CL_HANDLE(MPI_Session, cl_objects[index].real)
/* The library's handles for an array of the program's (ckpt_untracked_free it). */
MPI_Datatype *cl_real_types(const MPI_Datatype *types, int n);
/* The table index of a communicator; stops the program on one it does not know. */
int cl_comm_index_slow(MPI_Comm comm);
static inline int cl_comm_index(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD)
        return CL_WORLD;
    return cl_comm_index_slow(comm);
}
static inline MPI_Comm cl_real_comm(MPI_Comm comm)
{
    return comm == MPI_COMM_WORLD ? comm : cl_comm_at(cl_comm_index_slow(comm));
}
/* The program's handle for table entry `index`. */
static inline cl_bits cl_handle_of(int index)
{
    return cl_bits_virtual_of(index, cl_objects[index].kind);
}

/* Point-to-point on a communicator: its channel tells the layer's
 * registries apart per communicator (the same on every member; 0 for
 * MPI_COMM_WORLD), and the protocol counts messages per world rank. */
static inline int32_t cl_chan(int comm)
{
    uint64_t n = cl_objects[comm].name;
    int32_t c = (int32_t)(uint32_t)(n ^ (n >> 32));
    return comm == CL_WORLD ? 0 : c ? c : 1;
}
int cl_world_rank_slow(int comm, int rank);
/* The communicator's size, without a library call after the first. */
int cl_comm_size(int comm);
static inline int cl_world_rank(int comm, int rank)
{
    return comm == CL_WORLD || rank < 0 ? rank : cl_world_rank_slow(comm, rank);
}

/* Recipes: how an object was made, replayed in creation order on recovery.
 * The calls, their arguments and the kind they make are listed in recipes.def. */
enum cl_recipe_call {
    CL_RECIPE_NONE, /* images number recipes from 1 */
#define RECIPE(call, kind, arguments, layout) CL_##call,
#include "recipes.def"
#undef RECIPE
    CL_RECIPE_CALLS
};

/* A new object of `kind` made by `call` with `args`; returns its virtual handle. */
cl_bits cl_object_add(int kind, cl_bits real, int call, const int64_t *args, int nargs);
/* A recipe that changes an existing object (commit, errhandler). */
void cl_recipe_add(int call, int object, const int64_t *args, int nargs);
/* Argument k of the recipe `call` that made (or last changed) object index. */
int64_t cl_recipe_arg(int index, int call, int k);
/* Object index's latest recipe `call` and its argument count, or NULL. */
const int64_t *cl_recipe_find(int index, int call, int *nargs);
/* The program's handle for an object the library names by its own handle
 * (predefined ones are their own). */
cl_bits cl_virtual_of(cl_bits real, int kind);

/* The pseudo-communicator `name`, found or made: a counter for collectives
 * over part of a communicator (MPI_Comm_create_group), never a handle. */
int cl_comm_pseudo(uint64_t name);
/* A string as recipe arguments, 8 bytes an argument, zero-padded: *words gets
 * their number (ckpt_untracked_free the array). And back (likewise). */
int64_t *cl_string_args(const char *s, int *words);
char *cl_args_string(const int64_t *args, int words);
/* The communicator (or pseudo-communicator) with this name, or -1. */
int cl_comm_named(uint64_t name);
/* World rank of a communicator's rank 0 (same on all its members); of the
 * remote group's rank 0 for an inter-communicator's remote side. */
int cl_first_world_rank(MPI_Comm real);
int cl_first_remote_world_rank(MPI_Comm real);
int cl_is_inter(MPI_Comm real);
uint64_t cl_pseudo_name(int parent, int tag, const int *members, int n);
/* A new communicator slot at the end of the table (pseudo-communicators). */
int cl_object_add_placeholder(void);
/* Recovery: slot `index`, past the restored table or free in it, made an
 * empty communicator entry, for one the log says was made there; -1 if
 * something holds it. */
int cl_object_place(int index);
/* Frees the library's communicator of entry `index` (MPI_Comm_free). */
int cl_comm_free_real(int index);
/* The program freed this object; its recipe stays for objects built from it
 * (until a sweep finds none left). */
void cl_object_free(int index);
#define CL_RECLAIMED 2
/* A datatype the program freed while a request in use still names it: the
 * library's type is kept (the layer describes and receives with it) until a
 * sweep finds the requests done. A communicator likewise, until its last
 * request is done (requests.c). */
#define CL_FREED_IN_USE 3
#define CL_SWEEP_EVERY 1024
/* The program freed a datatype: its library type goes now, or, while a
 * request in use names it, at the first sweep after they are done. */
int cl_type_free(int index);
/* Reclaims the slots and recipes of freed objects nothing needs any more
 * (objects.c says which are needed); returns how many. */
int cl_objects_sweep(void);
/* Per object, 1 if a recovery needs it: not freed, or in use, or named by
 * the recipe of a needed object. Communicators are all needed but, with
 * `comms_by_use`, those with a creation key that are freed and unused.
 * (ckpt_untracked_free the array.) */
unsigned char *cl_objects_needed(int comms_by_use);
/* Forgets the communicators marked in `gone` (every holder let them go):
 * their recipes, and the recipes of the freed objects built from them, go;
 * their slots are reused. Returns how many objects were forgotten. */
int cl_objects_forget(unsigned char *gone);
/* The rank took its checkpoint: collectives are logged from here on. */
void cl_objects_window_opened(void);
/* Slots in use: live objects and freed ones still needed. */
int cl_objects_live(void);
/* Does the recipe have the arguments its call needs? (Images are checked.) */
int cl_recipe_valid(int call, const int64_t *args, int nargs);
/* The rank in `other` (or in MPI_COMM_WORLD) of each member of `group`, in
 * order; *n gets the group's size (ckpt_untracked_free the array). */
int *cl_group_ranks_in(MPI_Group group, MPI_Group other, int *n);
int *cl_group_world_ranks(MPI_Group group, int *n);
/* A recipe's int64 arguments as ints (ckpt_untracked_free them). */
int *cl_int_args(const int64_t *args, int n);
/* Makes the library's object for a recipe in this run; returns it. */
cl_bits cl_recipe_build(int call, const int64_t *args, int nargs);
/* A communicator's name, for a new one made by a collective on `parent`. */
uint64_t cl_comm_name(int parent, uint64_t parent_seq, MPI_Comm real_new);
/* The key of the communicators one collective on a parent makes (made_by). */
uint64_t cl_creation_key(uint64_t parent_name, uint64_t parent_seq);
/* How many ranks call a creation on `parent` (MPI_COMM_NULL: a pseudo-
 * communicator, whose callers are the new communicator's members); 0 if
 * that cannot be told (a failed creation on a pseudo-communicator). */
uint32_t cl_creation_members(MPI_Comm parent, MPI_Comm made);
/* An inter-communicator's two groups name it from different parents: they
 * swap their names over it (a collective on it) and both take the pair. */
uint64_t cl_comm_name_inter(uint64_t mine, MPI_Comm real_new);

/* Image: the table and the recipes. */
void cl_objects_init(void);
void cl_objects_save(void **bytes, size_t *n);
int cl_objects_load(const void *bytes, size_t n);
/* Recovery: every object built again, in creation order. */
void cl_objects_rebuild(void);

#endif
